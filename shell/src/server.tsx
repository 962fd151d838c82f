// The shell's server build (dist/server/render.js, docs/architecture.md "Server-rendered first view"):
// the same route table and providers as the browser's App, with a static router. Node-only, so it
// takes the static router from react-router itself: @carmarket/shared/router lists only what the
// browser needs, and every part listed there is shared with this one copy on the server.
// eslint-disable-next-line no-restricted-imports -- node-only build, shares the server's one copy (above)
import { createStaticHandler, createStaticRouter, matchRoutes, StaticRouterProvider } from 'react-router';
import { routePatterns, type ShellServerBuild } from '@carmarket/shared';
import type { QueryClient } from '@tanstack/react-query';
import { AppProviders } from './app/app-providers';
import { routeTable } from './app/route-table';
import { fetchHomePage } from './pages/home/api/get-home-rows';
import { ServerLoadedRemotes } from './remotes/remote-boundary';
import type { RouteHandle } from './routing/route-handle';

const handler = createStaticHandler(routeTable);

/** The shell's own pages rendered on the server, by route pattern, with the reads each shows first. */
const shellPages: Readonly<Record<string, (queryClient: QueryClient) => Promise<unknown>>> = {
  [routePatterns.home]: fetchHomePage,
};

const routeHandle = (route: { handle?: unknown } | undefined) => route?.handle as RouteHandle | undefined;

export const createPage: ShellServerBuild['createPage'] = async ({ url, queryClient, remotes }) => {
  const request = new Request(new URL(url, 'http://localhost'));
  // A remote's page once its server build is loaded, or one of the shell's own pages above.
  const route = matchRoutes(routeTable, new URL(request.url).pathname)?.at(-1)?.route;
  const remote = routeHandle(route)?.remote;
  const shellPage = !remote && route?.path !== undefined ? shellPages[route.path] : undefined;
  if (remote ? !remotes.has(remote) : !shellPage) return null;
  await shellPage?.(queryClient);
  const context = await handler.query(request);
  // A redirect: the browser's router follows it.
  if (context instanceof Response) return null;
  return (
    <AppProviders client={queryClient}>
      <ServerLoadedRemotes.Provider value={remotes}>
        <StaticRouterProvider
          router={createStaticRouter(handler.dataRoutes, context)}
          context={context}
          hydrate={false}
        />
      </ServerLoadedRemotes.Provider>
    </AppProviders>
  );
};

export const matchRemote: ShellServerBuild['matchRemote'] = (pathname) => {
  const match = matchRoutes(routeTable, pathname)?.findLast(
    (candidate) => routeHandle(candidate.route)?.remote,
  );
  const id = routeHandle(match?.route)?.remote;
  return match && id ? { id, params: match.params } : null;
};
