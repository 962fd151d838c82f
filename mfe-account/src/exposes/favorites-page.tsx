// ./FavoritesPage: the /favorites route, rendered inside the shell's router, QueryClient and theme.
export { FavoritesPage as default } from '../pages/favorites/favorites-page';
