// ./ProfilePage: the /profile route, rendered inside the shell's router, QueryClient and theme.
export { ProfilePage as default } from '../pages/profile/profile-page';
