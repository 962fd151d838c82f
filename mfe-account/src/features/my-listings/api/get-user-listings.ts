import {
  http,
  queryKeys,
  type ApiSuccess,
  type Id,
  type Listing,
  type ListingStatus,
} from '@carmarket/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ACCOUNT_PAGE_SIZE, toListingPage, type ListingPage } from '../../../lib/paged-listings';

interface UserListingsRequest {
  page: number;
  limit: number;
  status?: ListingStatus;
}

/** GET /listings/user/{userId}: a seller's listings, one page; the seller also sees the sold ones. */
export async function getUserListings(userId: Id, params: UserListingsRequest): Promise<ListingPage> {
  const { data } = await http.get<ApiSuccess<Listing[]>>(`/listings/user/${encodeURIComponent(userId)}`, {
    params,
  });
  return toListingPage(data);
}

// Under the user's key, so deletes and status changes (which invalidate every listing query)
// refresh the pages and the counts alike.
export const userListingsQuery = (userId: Id, params: UserListingsRequest) =>
  queryOptions({
    queryKey: [...queryKeys.listings.user(userId), params],
    queryFn: () => getUserListings(userId, params),
  });

/** One page of the user's own listings; the previous page stays on screen while the next loads. */
export function useUserListings(userId: Id | undefined, page: number) {
  return useQuery({
    ...userListingsQuery(userId ?? '', { page, limit: ACCOUNT_PAGE_SIZE }),
    enabled: Boolean(userId),
    placeholderData: keepPreviousData,
  });
}

/** How many of the user's listings have this status, all pages included (a one-item page's total). */
export function useUserListingCount(userId: Id | undefined, status: ListingStatus) {
  return useQuery({
    ...userListingsQuery(userId ?? '', { page: 1, limit: 1, status }),
    enabled: Boolean(userId),
    select: (result) => result.pagination.total,
  });
}
