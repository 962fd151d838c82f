import { http, queryKeys, type Id } from '@carmarket/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';

/** DELETE /search/saved/{id}. */
export async function deleteSavedSearch(id: Id): Promise<void> {
  await http.delete(`/search/saved/${encodeURIComponent(id)}`);
}

export function useDeleteSavedSearch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteSavedSearch,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.search.saved() }),
  });
}
