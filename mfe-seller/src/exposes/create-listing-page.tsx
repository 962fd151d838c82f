// ./CreateListingPage: the /create-listing route, rendered inside the shell's router, QueryClient and theme.
export { CreateListingPage as default } from '../pages/create-listing/create-listing-page';
