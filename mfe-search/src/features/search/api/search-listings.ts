import {
  http,
  queryKeys,
  searchQueryOptions,
  toSearchQueryString,
  type SearchParams,
  type SearchResponse,
} from '@carmarket/shared';
import { queryToObject } from '@carmarket/shared/schemas';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

/** GET /search: one page of active listings, with pagination and facet counts. */
export async function searchListings(params: SearchParams): Promise<SearchResponse> {
  // The URL form: empty values dropped, lists as comma lists (the server reads both forms).
  const { data } = await http.get<SearchResponse>('/search', {
    params: queryToObject(toSearchQueryString(params)),
  });
  return data;
}

export const searchListingsQuery = (params: SearchParams) =>
  queryOptions({
    ...searchQueryOptions,
    queryKey: queryKeys.search.results(params),
    queryFn: () => searchListings(params),
  });

/** Keeps the previous page on screen while the next one loads, so paging does not flash skeletons. */
export function useSearchListings(params: SearchParams) {
  return useQuery({ ...searchListingsQuery(params), placeholderData: keepPreviousData });
}
