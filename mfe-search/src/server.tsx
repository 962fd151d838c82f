// The search remote's server build (dist/server/render.js): the page the browser mounts, and what
// it shows first (the results of the URL's search and the filter panel's vehicle lists), read the
// way the page reads them.
import type { RemoteServerBuild } from '@carmarket/shared';
import { parseSearchQuery } from '@carmarket/shared/schemas';
import SearchPage from './exposes/search-page';
import { allMakesQuery } from './features/catalogue/api/get-makes';
import { allModelsQuery } from './features/catalogue/api/get-models';
import { allTrimsQuery } from './features/catalogue/api/get-trims';
import { searchListingsQuery } from './features/search/api/search-listings';

export const pages: RemoteServerBuild['pages'] = {
  './SearchPage': {
    Component: SearchPage,
    // fetchQuery, not prefetchQuery: a read that fails fails the render, and the browser renders
    // the page instead of hydrating an error it would not show.
    prefetch: (queryClient, _params, search) => {
      const params = parseSearchQuery(search);
      const { make, model } = params;
      return Promise.all([
        queryClient.fetchQuery(searchListingsQuery(params)),
        queryClient.fetchQuery(allMakesQuery()),
        make && queryClient.fetchQuery(allModelsQuery(make)),
        make && model && queryClient.fetchQuery(allTrimsQuery(make, model)),
      ]);
    },
  },
};
