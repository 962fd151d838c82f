// The listings remote's server build (dist/server/render.js): the page the browser mounts, and the
// listing it shows first, read the way the page reads it.
import { listingQuery, type RemoteServerBuild } from '@carmarket/shared';
import ListingDetailPage from './exposes/listing-detail-page';

export const pages: RemoteServerBuild['pages'] = {
  './ListingDetailPage': {
    Component: ListingDetailPage,
    prefetch: (queryClient, { id = '' }) => queryClient.prefetchQuery(listingQuery(id)),
  },
};
