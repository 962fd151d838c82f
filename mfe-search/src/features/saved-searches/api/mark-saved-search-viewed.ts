import { http, queryKeys, type ApiSuccess, type Id, type SavedSearch } from '@carmarket/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';

/** POST /search/saved/{id}/viewed: opening a saved search resets its "new" count. */
export async function markSavedSearchViewed(id: Id): Promise<SavedSearch> {
  const { data } = await http.post<ApiSuccess<SavedSearch>>(`/search/saved/${encodeURIComponent(id)}/viewed`);
  return data.data;
}

export function useMarkSavedSearchViewed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markSavedSearchViewed,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.search.saved() }),
  });
}
