// ./DashboardPage: the /dashboard route, rendered inside the shell's router, QueryClient and theme.
export { DashboardPage as default } from '../pages/dashboard/dashboard-page';
