import {
  http,
  queryKeys,
  type ApiSuccess,
  type FavoriteState,
  type Id,
  type SearchResponse,
} from '@carmarket/shared';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';

/** POST /listings/{id}/favorite: the server saves the listing, or removes it when already saved. */
export async function toggleFavorite(id: Id): Promise<FavoriteState> {
  const { data } = await http.post<ApiSuccess<FavoriteState>>(`/listings/${encodeURIComponent(id)}/favorite`);
  return data.data;
}

/** Sets the listing's heart in every cached search page that shows it. */
function setCachedFavorite(queryClient: QueryClient, id: Id, isFavorite: boolean) {
  queryClient.setQueriesData<SearchResponse>(
    { queryKey: [...queryKeys.search.all, 'results'] },
    (page) =>
      page && {
        ...page,
        data: page.data.map((listing) => (listing._id === id ? { ...listing, isFavorite } : listing)),
      },
  );
}

/**
 * The search page's heart (spec §4): flips at once and updates the cached results; when the call
 * fails it reverts to the opposite of the requested state, and the failure is only logged (spec §8).
 */
export function useToggleFavorite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id }: { id: Id; wanted: boolean }) => toggleFavorite(id),
    onMutate: async ({ id, wanted }) => {
      await queryClient.cancelQueries({ queryKey: [...queryKeys.search.all, 'results'] });
      setCachedFavorite(queryClient, id, wanted);
    },
    onError: (error, { id, wanted }) => {
      console.error('Failed to toggle favorite', error);
      setCachedFavorite(queryClient, id, !wanted);
    },
    onSuccess: ({ isFavorite }, { id }) => {
      setCachedFavorite(queryClient, id, isFavorite);
      return queryClient.invalidateQueries({ queryKey: queryKeys.listings.all });
    },
  });
}
