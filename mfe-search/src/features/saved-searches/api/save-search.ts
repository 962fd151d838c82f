import { http, queryKeys, type ApiSuccess, type SavedSearch, type SearchParams } from '@carmarket/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';

/** POST /search/saved: a name with the current filters, text and sort (no paging). */
export async function saveSearch(name: string, params: SearchParams): Promise<SavedSearch> {
  const { page: _page, limit: _limit, ...kept } = params;
  const { data } = await http.post<ApiSuccess<SavedSearch>>('/search/saved', { name, params: kept });
  return data.data;
}

export function useSaveSearch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ name, params }: { name: string; params: SearchParams }) => saveSearch(name, params),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.search.saved() }),
  });
}
