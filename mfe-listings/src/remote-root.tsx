import { useSessionStore } from '@carmarket/shared';
import { useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';

// The shell tags the page's QueryClient with an id under this global-registry symbol.
const QUERY_CLIENT_ID = Symbol.for('carmarket.queryClientId');

/**
 * The root of every page this remote exposes. data-remote names the remote; data-query-client and
 * data-session-user show the QueryClient and the session user this remote sees, which equal the
 * shell's own when the singletons are really shared.
 */
export function RemoteRoot({ children }: { children: ReactNode }) {
  const queryClientId = String(Reflect.get(useQueryClient(), QUERY_CLIENT_ID));
  const userId = useSessionStore((state) => state.user?._id ?? 'guest');
  return (
    <div data-remote="mfe_listings" data-query-client={queryClientId} data-session-user={userId}>
      {children}
    </div>
  );
}
