import { http, queryKeys, type ApiSuccess, type Id, type Listing } from '@carmarket/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';

// The API's largest page: the dashboard lists and counts up to this many of the user's listings.
const LISTINGS_SHOWN = 100;

/** GET /listings/user/{userId}: a seller's listings; the seller also sees the sold ones. */
export async function getUserListings(userId: Id): Promise<Listing[]> {
  const { data } = await http.get<ApiSuccess<Listing[]>>(`/listings/user/${encodeURIComponent(userId)}`, {
    params: { limit: LISTINGS_SHOWN },
  });
  return data.data;
}

export const userListingsQuery = (userId: Id) =>
  queryOptions({ queryKey: queryKeys.listings.user(userId), queryFn: () => getUserListings(userId) });

export function useUserListings(userId: Id | undefined) {
  return useQuery({ ...userListingsQuery(userId ?? ''), enabled: Boolean(userId) });
}
