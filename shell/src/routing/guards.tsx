import { useSessionStore } from '@carmarket/shared';
import { Navigate, Outlet, useLocation, type Location } from '@carmarket/shared/router';

/** Where a guest was going when a protected page sent them to /login (location state `from`). */
export interface SignInState {
  from?: Pick<Location, 'pathname' | 'search' | 'hash'> | string;
}

function returnPath(state: unknown): string {
  const from = (state as SignInState | null)?.from;
  if (typeof from === 'string') return from;
  if (from?.pathname) return `${from.pathname}${from.search ?? ''}${from.hash ?? ''}`;
  return '/dashboard';
}

/** Protected pages: a guest goes to /login (replacing the entry) and comes back after signing in. */
export function RequireAuth() {
  const isAuthenticated = useSessionStore((state) => state.isAuthenticated);
  const location = useLocation();
  if (!isAuthenticated)
    return <Navigate to="/login" replace state={{ from: location } satisfies SignInState} />;
  return <Outlet />;
}

/**
 * /login, /register and /verify: a signed-in user goes to the page they were sent from, else the
 * dashboard. This is also how a successful sign-in leaves the login page.
 */
export function GuestOnly() {
  const isAuthenticated = useSessionStore((state) => state.isAuthenticated);
  const location = useLocation();
  if (isAuthenticated) return <Navigate to={returnPath(location.state)} replace />;
  return <Outlet />;
}
