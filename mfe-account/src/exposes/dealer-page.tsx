// ./DealerPage: the public /dealer/{id} route, rendered inside the shell's router, QueryClient and theme.
export { DealerPage as default } from '../pages/dealer/dealer-page';
