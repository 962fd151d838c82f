// ./ModerationPage: the /moderation route (administrators), rendered inside the shell's router, QueryClient and theme.
export { ModerationPage as default } from '../pages/moderation/moderation-page';
