// ./ListingDetailPage: the /listing/{id} route, rendered inside the shell's router, QueryClient and theme.
export { ListingDetailPage as default } from '../pages/listing-detail/listing-detail-page';
