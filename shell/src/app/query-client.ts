import { createQueryClient, QUERY_CLIENT_ID, useSessionStore } from '@carmarket/shared';
import { hydrate } from '@tanstack/react-query';
import { serverState } from './server-state';

/**
 * The one QueryClient of the page. Remotes use it through the shell's QueryClientProvider; each page
 * root (the shell's layout and every remote page) renders its id as `data-query-client`, so a test
 * can see that they all hold the same instance. A server-rendered page hands over its queries and
 * its id, so a guest's first render in the browser is the server's and the page does not fetch them
 * again.
 */
export const queryClient = createQueryClient();
Object.defineProperty(queryClient, QUERY_CLIENT_ID, {
  value: serverState?.queryClientId ?? `qc-${Date.now().toString(36)}`,
});
// The server reads as a guest. A signed-in user's answers differ (the listings they saved, their
// own drafts), so only a guest's page starts from the server's; a signed-in user's reads its own.
if (serverState && !useSessionStore.getState().user) hydrate(queryClient, serverState.queries);
