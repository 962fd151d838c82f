import {
  http,
  queryKeys,
  searchQueryOptions,
  toSearchQueryString,
  type PopularSearches,
  type SearchParams,
  type SearchResponse,
} from '@carmarket/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';

/** Cars per home row: one row of four on a desktop, swiped on a phone. */
export const HOME_ROW_SIZE = 8;

/** GET /search for one home row: the first few listings of a search, facets ignored. */
async function searchRow(params: SearchParams): Promise<SearchResponse> {
  const { data } = await http.get<SearchResponse>('/search', {
    params: Object.fromEntries(toSearchQueryString(params)),
  });
  return data;
}

/** Under the search key, so a search with the same filters shares the cache with the row. */
export function useHomeRow(params: SearchParams, enabled = true) {
  const withLimit = { ...params, limit: HOME_ROW_SIZE };
  return useQuery(
    queryOptions({
      ...searchQueryOptions,
      queryKey: queryKeys.search.results(withLimit),
      queryFn: () => searchRow(withLimit),
      enabled,
    }),
  );
}

/** GET /search/popular: the makes people search most (or the makes with the most cars). */
export function usePopularMakes() {
  return useQuery({
    ...searchQueryOptions,
    queryKey: queryKeys.search.popular(),
    queryFn: async () => (await http.get<{ data: PopularSearches }>('/search/popular')).data.data,
    select: (popular) => popular.makes,
  });
}
