import {
  http,
  listingQueryOptions,
  queryKeys,
  SIMILAR_LISTINGS_LIMIT,
  type ApiSuccess,
  type Id,
  type Listing,
} from '@carmarket/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';

/** GET /listings/{id}/similar?limit=6: the closest active listings, best first. */
export async function getSimilarListings(id: Id): Promise<Listing[]> {
  const { data } = await http.get<ApiSuccess<Listing[]>>(`/listings/${encodeURIComponent(id)}/similar`, {
    params: { limit: SIMILAR_LISTINGS_LIMIT },
  });
  return data.data;
}

export const similarListingsQuery = (id: Id) =>
  queryOptions({
    ...listingQueryOptions,
    queryKey: queryKeys.listings.similar(id),
    queryFn: () => getSimilarListings(id),
  });

export function useSimilarListings(id: Id) {
  return useQuery(similarListingsQuery(id));
}
