import { http, queryKeys, useSessionStore, type ApiSuccess, type Listing } from '@carmarket/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ACCOUNT_PAGE_SIZE, toListingPage, type ListingPage } from '../../../lib/paged-listings';

/**
 * GET /listings/favorites: one page of the listings the signed-in user saved, sold ones too (with
 * their status); pagination.total counts them all.
 */
export async function getFavorites(page: number): Promise<ListingPage> {
  const { data } = await http.get<ApiSuccess<Listing[]>>('/listings/favorites', {
    params: { page, limit: ACCOUNT_PAGE_SIZE },
  });
  return toListingPage(data);
}

export const favoritesQuery = (page: number) =>
  queryOptions({
    queryKey: [...queryKeys.listings.favorites(), { page }],
    queryFn: () => getFavorites(page),
  });

/** The previous page stays on screen while the next loads. */
export function useFavorites(page: number) {
  const isAuthenticated = useSessionStore((state) => state.isAuthenticated);
  return useQuery({ ...favoritesQuery(page), enabled: isAuthenticated, placeholderData: keepPreviousData });
}
