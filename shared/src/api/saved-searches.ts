// Saved searches as any remote reads them: the search page keeps them, the dashboard shows them.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApiSuccess, Id, SavedSearch } from '../contracts/entities.js';
import { queryKeys } from '../contracts/query-keys.js';
import { useSessionStore } from '../state/session.js';
import { http } from './http.js';

/** GET /search/saved: the signed-in user's saved searches, each with its count of new listings. */
export async function getSavedSearches(): Promise<SavedSearch[]> {
  const { data } = await http.get<ApiSuccess<SavedSearch[]>>('/search/saved');
  return data.data;
}

export const savedSearchesQuery = () =>
  queryOptions({ queryKey: queryKeys.search.saved(), queryFn: getSavedSearches });

/** The saved searches of the signed-in user; a guest has none, and nothing is fetched. */
export function useSavedSearches() {
  const isAuthenticated = useSessionStore((state) => state.isAuthenticated);
  return useQuery({ ...savedSearchesQuery(), enabled: isAuthenticated });
}

/** POST /search/saved/{id}/viewed: opening a saved search starts its new-listing count again. */
export async function markSavedSearchViewed(id: Id): Promise<SavedSearch> {
  const { data } = await http.post<ApiSuccess<SavedSearch>>(`/search/saved/${encodeURIComponent(id)}/viewed`);
  return data.data;
}

/**
 * Opening a saved search, on the search page or from the dashboard, marks it viewed; every list of
 * saved searches then shows its new count gone. A failure only leaves the count as it was.
 */
export function useMarkSavedSearchViewed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markSavedSearchViewed,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.search.saved() }),
    onError: (error) => console.error('Failed to mark the saved search viewed', error),
  });
}
