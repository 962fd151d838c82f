// The shell's server build (dist/server/render.js, docs/architecture.md "Server-rendered first view"):
// the same route table and providers as the browser's App, with a static router. Node-only, so it
// takes the static router from react-router itself: @carmarket/shared/router lists only what the
// browser needs, and every part listed there is shared with this one copy on the server.
// eslint-disable-next-line no-restricted-imports -- node-only build, shares the server's one copy (above)
import { createStaticHandler, createStaticRouter, matchRoutes, StaticRouterProvider } from 'react-router';
import type { ShellServerBuild } from '@carmarket/shared';
import { AppProviders } from './app/app-providers';
import { routeTable } from './app/route-table';
import { ServerLoadedRemotes } from './remotes/remote-boundary';
import type { RouteHandle } from './routing/route-handle';

const handler = createStaticHandler(routeTable);

export const createPage: ShellServerBuild['createPage'] = async ({ url, queryClient, remotes }) => {
  const context = await handler.query(new Request(new URL(url, 'http://localhost')));
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
    (candidate) => (candidate.route.handle as RouteHandle | undefined)?.remote,
  );
  const id = (match?.route.handle as RouteHandle | undefined)?.remote;
  return match && id ? { id, params: match.params } : null;
};
