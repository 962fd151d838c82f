import { http, listingQueryOptions, queryKeys, type ApiSuccess, type DealRating } from '@carmarket/shared';
import type { DealRatingPreviewQuery } from '@carmarket/shared/schemas';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

/** GET /listings/deal-rating-preview: the rating a price would get, before the listing is published. */
export async function getDealRatingPreview(query: DealRatingPreviewQuery): Promise<DealRating> {
  const { data } = await http.get<ApiSuccess<DealRating>>('/listings/deal-rating-preview', { params: query });
  return data.data;
}

export const dealRatingPreviewQuery = (query: DealRatingPreviewQuery) =>
  queryOptions({
    ...listingQueryOptions,
    queryKey: queryKeys.listings.dealRatingPreview(query),
    queryFn: () => getDealRatingPreview(query),
    // While the seller types a new price, the last answer stays on screen.
    placeholderData: keepPreviousData,
  });

/** Nothing is asked until the car's facts and a price are complete (`query` null). */
export function useDealRatingPreview(query: DealRatingPreviewQuery | null) {
  return useQuery({ ...dealRatingPreviewQuery(query!), enabled: query !== null });
}
