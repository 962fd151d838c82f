import {
  http,
  queryKeys,
  searchQueryOptions,
  toSearchQueryString,
  type PopularSearches,
  type SearchParams,
  type SearchResponse,
} from '@carmarket/shared';
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';

/** Cars per home row: one row of four on a desktop, swiped on a phone. */
export const HOME_ROW_SIZE = 8;

/** GET /search for one home row: the first few listings of a search, facets ignored. */
async function searchRow(params: SearchParams): Promise<SearchResponse> {
  const { data } = await http.get<SearchResponse>('/search', {
    params: Object.fromEntries(toSearchQueryString(params)),
  });
  return data;
}

/** The rows every visitor sees (a row near the visitor's ZIP follows them when one is remembered). */
export const NEWEST_ROW: SearchParams = { sort: 'newest' };
export const LOWEST_PRICES_ROW: SearchParams = { sort: 'price_asc' };

/** Under the search key, so a search with the same filters shares the cache with the row. */
function homeRowQuery(params: SearchParams) {
  const withLimit = { ...params, limit: HOME_ROW_SIZE };
  return queryOptions({
    ...searchQueryOptions,
    queryKey: queryKeys.search.results(withLimit),
    queryFn: () => searchRow(withLimit),
  });
}

export function useHomeRow(params: SearchParams, enabled = true) {
  return useQuery({ ...homeRowQuery(params), enabled });
}

/** GET /search/popular: the makes people search most (or the makes with the most cars). */
const popularSearchesQuery = () =>
  queryOptions({
    ...searchQueryOptions,
    queryKey: queryKeys.search.popular(),
    queryFn: async () => (await http.get<{ data: PopularSearches }>('/search/popular')).data.data,
  });

export function usePopularMakes() {
  return useQuery({ ...popularSearchesQuery(), select: (popular) => popular.makes });
}

/**
 * What the home page shows first, for its server render. fetchQuery, not prefetchQuery: a read
 * that fails fails the render, and the browser renders the page instead.
 */
export function fetchHomePage(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    queryClient.fetchQuery(homeRowQuery(NEWEST_ROW)),
    queryClient.fetchQuery(homeRowQuery(LOWEST_PRICES_ROW)),
    queryClient.fetchQuery(popularSearchesQuery()),
  ]);
}
