import { RouterProvider } from '@carmarket/shared/router';
import { AppProviders } from './app-providers';
import { queryClient } from './query-client';
import { router } from './router';

/** The page in the browser: the shared providers around the site's router. */
export function App() {
  return (
    <AppProviders client={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
