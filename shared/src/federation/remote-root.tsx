import { useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { queryClientId } from '../api/query-client.js';
import type { RemoteName } from '../contracts/remotes.js';
import { useSessionStore } from '../state/session.js';

/**
 * The root of every page a remote exposes. data-remote names the remote; data-query-client and
 * data-session-user show the QueryClient and the session user this remote sees, which equal the
 * shell's own when the singletons are really shared.
 */
export function RemoteRoot({ remote, children }: { remote: RemoteName; children: ReactNode }) {
  const clientId = queryClientId(useQueryClient());
  const userId = useSessionStore((state) => state.user?._id ?? 'guest');
  return (
    <div data-remote={remote} data-query-client={clientId} data-session-user={userId}>
      {children}
    </div>
  );
}
