import { http, queryKeys, type ApiSuccess, type FavoriteState, type Id } from '@carmarket/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';

/** POST /listings/{id}/favorite: the server saves the listing, or removes it when already saved. */
export async function toggleFavorite(id: Id): Promise<FavoriteState> {
  const { data } = await http.post<ApiSuccess<FavoriteState>>(`/listings/${encodeURIComponent(id)}/favorite`);
  return data.data;
}

/**
 * On the listing page toggling refreshes the listing (spec §4), and the favorites list of the
 * account pages; a failure is only logged (spec §8).
 */
export function useToggleFavorite(id: Id) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => toggleFavorite(id),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.listings.detail(id) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.listings.favorites() }),
      ]),
    onError: (error) => console.error('Failed to toggle favorite', error),
  });
}
