// ./EditListingPage: the /edit-listing/{id} route, rendered inside the shell's router, QueryClient and theme.
export { EditListingPage as default } from '../pages/edit-listing/edit-listing-page';
