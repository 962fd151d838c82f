import {
  http,
  listingQueryOptions,
  queryKeys,
  type ApiSuccess,
  type DealRating,
  type Id,
} from '@carmarket/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';

/** GET /listings/{id}/deal-rating: the estimate from comparable listings, the rating and why. */
export async function getDealRating(id: Id): Promise<DealRating> {
  const { data } = await http.get<ApiSuccess<DealRating>>(`/listings/${encodeURIComponent(id)}/deal-rating`);
  return data.data;
}

// Under queryKeys.listings.all, so whatever refreshes listings (a price change) refreshes the rating too.
export const dealRatingQuery = (id: Id) =>
  queryOptions({
    ...listingQueryOptions,
    queryKey: queryKeys.listings.dealRating(id),
    queryFn: () => getDealRating(id),
  });

export function useDealRating(id: Id) {
  return useQuery(dealRatingQuery(id));
}
