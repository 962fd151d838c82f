import { setSessionExpiredHandler } from '@carmarket/shared';
import { useEffect } from 'react';
import { BrowserRouter, useLocation, useNavigate, useRoutes } from '@carmarket/shared/router';
import { useRouteTitle } from '../routing/route-handle';
import { AppProviders } from './app-providers';
import { queryClient } from './query-client';
import { routeTable } from './route-table';

/** The route table's page for the location, its title, and the way out of an expired session. */
function SiteRoutes() {
  const navigate = useNavigate();
  const location = useLocation();
  useRouteTitle(routeTable);
  // A session that cannot be refreshed ends on the sign-in page, which then returns to where the user was.
  useEffect(() => {
    setSessionExpiredHandler(() => navigate('/login', { replace: true, state: { from: location } }));
  }, [navigate, location]);
  return useRoutes(routeTable);
}

/** The page in the browser: the shared providers around the site's router. */
export function App() {
  return (
    <AppProviders client={queryClient}>
      <BrowserRouter>
        <SiteRoutes />
      </BrowserRouter>
    </AppProviders>
  );
}
