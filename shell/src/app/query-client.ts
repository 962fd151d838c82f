import { createQueryClient } from '@carmarket/shared';

/**
 * The one QueryClient of the page. Remotes use it through the shell's QueryClientProvider; each page
 * root (the shell's layout and every remote page) renders this id as `data-query-client`, so a test
 * can see that they all hold the same instance. The id lives under a global-registry symbol because
 * that needs no module shared between the shell and the remotes.
 */
export const QUERY_CLIENT_ID = Symbol.for('carmarket.queryClientId');

export const queryClient = createQueryClient();
Object.defineProperty(queryClient, QUERY_CLIENT_ID, { value: `qc-${Date.now().toString(36)}` });
