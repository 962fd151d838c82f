// The listing as every page that shows or edits it reads it: one fetch under one key, so a change
// saved in the editor refreshes the listing page, and the reverse.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiSuccess, Id, Listing } from '../contracts/entities.js';
import { queryKeys } from '../contracts/query-keys.js';
import { http } from './http.js';
import { listingQueryOptions } from './query-client.js';

/** GET /listings/{id}: 404 'Listing not found' when it does not exist (or is someone else's draft). */
export async function getListing(id: Id): Promise<Listing> {
  const { data } = await http.get<ApiSuccess<Listing>>(`/listings/${encodeURIComponent(id)}`);
  return data.data;
}

/** How often a listing with a photo still processing is read again, until every photo is ready. */
export const PHOTO_PROCESSING_POLL_MS = 1_000;

export const hasProcessingPhotos = (listing: Listing | undefined) =>
  listing?.vehicle.images.some((image) => image.status === 'processing') ?? false;

export const listingQuery = (id: Id) =>
  queryOptions({
    ...listingQueryOptions,
    queryKey: queryKeys.listings.detail(id),
    queryFn: () => getListing(id),
    refetchInterval: (query) => (hasProcessingPhotos(query.state.data) ? PHOTO_PROCESSING_POLL_MS : false),
  });

export function useListing(id: Id) {
  return useQuery(listingQuery(id));
}
