// The listings remote's server build (dist/server/render.js): the page the browser mounts, and what it
// shows on load, read the way the page reads it: the listing, then its deal rating (an active one's)
// and the similar cars. A guest's browser then asks for nothing on load, so the page hydrates without
// the http client's library, and both sections are in the first response.
import { listingQuery, type RemoteServerBuild } from '@carmarket/shared';
import { dealRatingQuery } from './features/deal-rating/api/get-deal-rating';
import { similarListingsQuery } from './features/similar/api/get-similar-listings';
import ListingDetailPage from './exposes/listing-detail-page';

export const pages: RemoteServerBuild['pages'] = {
  './ListingDetailPage': {
    Component: ListingDetailPage,
    prefetch: async (queryClient, { id = '' }) => {
      const listing = await queryClient.fetchQuery(listingQuery(id)).catch(() => undefined);
      if (!listing) return;
      await Promise.all([
        listing.status === 'active' && queryClient.prefetchQuery(dealRatingQuery(id)),
        queryClient.prefetchQuery(similarListingsQuery(id)),
      ]);
    },
  },
};
