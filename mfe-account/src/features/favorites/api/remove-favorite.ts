import {
  http,
  queryKeys,
  type ApiSuccess,
  type FavoriteState,
  type Id,
  type Listing,
} from '@carmarket/shared';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { ListingPage } from '../../../lib/paged-listings';

/**
 * POST /listings/{id}/favorite toggles (spec §7): called for a listing the user has saved, it
 * removes it.
 */
export async function removeFavorite(id: Id): Promise<void> {
  await http.post<ApiSuccess<FavoriteState>>(`/listings/${encodeURIComponent(id)}/favorite`);
}

type CachedListings = Listing | Listing[] | { data: Listing[] } | undefined;

const unsave = (listing: Listing, id: Id): Listing =>
  listing._id === id && listing.isFavorite
    ? { ...listing, isFavorite: false, favoriteCount: Math.max(0, listing.favoriteCount - 1) }
    : listing;

/** The same listing marked not-favorite in any cached shape: one listing, a list, or a search page. */
function markNotFavorite(cached: CachedListings, id: Id): CachedListings {
  if (!cached) return cached;
  if (Array.isArray(cached)) return cached.map((listing) => unsave(listing, id));
  if ('data' in cached && Array.isArray(cached.data)) {
    return { ...cached, data: cached.data.map((listing) => unsave(listing, id)) };
  }
  return '_id' in cached ? unsave(cached, id) : cached;
}

function forgetFavorite(queryClient: QueryClient, id: Id) {
  const favoritesKey = queryKeys.listings.favorites();
  queryClient.setQueriesData<ListingPage>({ queryKey: favoritesKey }, (cached) =>
    cached ? { ...cached, data: cached.data.filter((listing) => listing._id !== id) } : cached,
  );
  for (const queryKey of [queryKeys.listings.all, queryKeys.search.all]) {
    queryClient.setQueriesData<CachedListings>({ queryKey }, (cached) => markNotFavorite(cached, id));
  }
  // The pages after this one start one listing earlier now, and the totals are one smaller. Not
  // awaited: the removal is done, and the next one must not wait for this refetch.
  void queryClient.invalidateQueries({ queryKey: favoritesKey });
}

/**
 * On the favorites page a removed listing leaves the list at once and shows as not saved in every
 * cached listing list (spec §4), without refetching those; only the favorites pages are refetched,
 * to pull up the next listing and recount. A failure is only logged (spec §8).
 */
export function useRemoveFavorite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeFavorite,
    onSuccess: (_data, id) => forgetFavorite(queryClient, id),
    onError: (error) => console.error('Failed to remove favorite', error),
  });
}
