// Saved searches as any remote reads them: the search page keeps them, the dashboard shows them.
import { queryOptions } from '@tanstack/react-query';
import type { ApiSuccess, Id, SavedSearch } from '../contracts/entities.js';
import { queryKeys } from '../contracts/query-keys.js';
import { http } from './http.js';

/** GET /search/saved: the signed-in user's saved searches, each with its count of new listings. */
export async function getSavedSearches(): Promise<SavedSearch[]> {
  const { data } = await http.get<ApiSuccess<SavedSearch[]>>('/search/saved');
  return data.data;
}

export const savedSearchesQuery = () =>
  queryOptions({ queryKey: queryKeys.search.saved(), queryFn: getSavedSearches });

/** POST /search/saved/{id}/viewed: opening a saved search starts its new-listing count again. */
export async function markSavedSearchViewed(id: Id): Promise<SavedSearch> {
  const { data } = await http.post<ApiSuccess<SavedSearch>>(`/search/saved/${encodeURIComponent(id)}/viewed`);
  return data.data;
}
