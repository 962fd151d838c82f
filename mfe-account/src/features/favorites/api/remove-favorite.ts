import { http, queryKeys, type ApiSuccess, type Id, type Listing } from '@carmarket/shared';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';

/**
 * POST /listings/{id}/favorite toggles (spec §7): called for a listing the user has saved, it
 * removes it.
 */
export async function removeFavorite(id: Id): Promise<void> {
  await http.post<ApiSuccess<{ isFavorite: boolean }>>(`/listings/${encodeURIComponent(id)}/favorite`);
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
  queryClient.setQueryData<Listing[]>(queryKeys.listings.favorites(), (favorites) =>
    favorites?.filter((listing) => listing._id !== id),
  );
  for (const queryKey of [queryKeys.listings.all, queryKeys.search.all]) {
    queryClient.setQueriesData<CachedListings>({ queryKey }, (cached) => markNotFavorite(cached, id));
  }
}

/**
 * On the favorites page a removed listing leaves the list and shows as not saved in every cached
 * listing list (spec §4), without refetching them; a failure is only logged (spec §8).
 */
export function useRemoveFavorite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeFavorite,
    onSuccess: (_data, id) => forgetFavorite(queryClient, id),
    onError: (error) => console.error('Failed to remove favorite', error),
  });
}
