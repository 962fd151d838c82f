import { http, queryKeys, type ApiSuccess, type SavedSearch } from '@carmarket/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';

/** GET /search/saved: the signed-in user's saved searches with their new-listing counts. */
export async function getSavedSearches(): Promise<SavedSearch[]> {
  const { data } = await http.get<ApiSuccess<SavedSearch[]>>('/search/saved');
  return data.data;
}

export const savedSearchesQuery = () =>
  queryOptions({ queryKey: queryKeys.search.saved(), queryFn: getSavedSearches });

export function useSavedSearches(signedIn: boolean) {
  return useQuery({ ...savedSearchesQuery(), enabled: signedIn });
}
