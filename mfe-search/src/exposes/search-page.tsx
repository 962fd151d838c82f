// ./SearchPage: the /search route, rendered inside the shell's router, QueryClient and theme.
export { SearchPage as default } from '../pages/search/search-page';
