import {
  http,
  listingQueryOptions,
  queryKeys,
  type ApiSuccess,
  type Id,
  type Listing,
} from '@carmarket/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';

/** GET /listings/{id}: 404 'Listing not found' when it does not exist. */
export async function getListing(id: Id): Promise<Listing> {
  const { data } = await http.get<ApiSuccess<Listing>>(`/listings/${encodeURIComponent(id)}`);
  return data.data;
}

export const listingQuery = (id: Id) =>
  queryOptions({
    ...listingQueryOptions,
    queryKey: queryKeys.listings.detail(id),
    queryFn: () => getListing(id),
  });

export function useListing(id: Id) {
  return useQuery(listingQuery(id));
}
