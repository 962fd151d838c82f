import { createQueryClient, QUERY_CLIENT_ID } from '@carmarket/shared';

/**
 * The one QueryClient of the page. Remotes use it through the shell's QueryClientProvider; each page
 * root (the shell's layout and every remote page) renders its id as `data-query-client`, so a test
 * can see that they all hold the same instance.
 */
export const queryClient = createQueryClient();
Object.defineProperty(queryClient, QUERY_CLIENT_ID, { value: `qc-${Date.now().toString(36)}` });
