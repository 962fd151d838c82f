// TanStack Query defaults and presets with the cache times of spec §9.
import { QueryClient } from '@tanstack/react-query';
import {
  CATALOGUE_STALE_TIME_MS,
  DEFAULT_GC_TIME_MS,
  DEFAULT_QUERY_RETRY,
  DEFAULT_STALE_TIME_MS,
  LISTING_STALE_TIME_MS,
  SEARCH_STALE_TIME_MS,
} from '../constants/limits.js';
import { httpErrorStatus } from './http.js';

/**
 * One retry, except for client errors: a 404 or 403 will not change on a second try, and retrying
 * would only delay the 'Listing not found' screen.
 */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  const status = httpErrorStatus(error);
  if (status !== undefined && status >= 400 && status < 500) return false;
  return failureCount < DEFAULT_QUERY_RETRY;
}

/** The page's QueryClient (created once by the shell): fresh 5 min, kept 10 min, 1 retry, no refetch on focus. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: DEFAULT_STALE_TIME_MS,
        gcTime: DEFAULT_GC_TIME_MS,
        retry: shouldRetry,
        refetchOnWindowFocus: false,
      },
    },
  });
}

/**
 * The shell tags the page's QueryClient with an id under this global-registry symbol; each page root
 * (the shell's layout and every remote page) renders it as `data-query-client`, so a test can see that
 * they all hold the same instance. A registry symbol is the same in every copy of this module.
 */
export const QUERY_CLIENT_ID = Symbol.for('carmarket.queryClientId');

/** The id the shell gave `client` ('undefined' for an untagged one, as on a remote's standalone page). */
export function queryClientId(client: QueryClient): string {
  return String(Reflect.get(client, QUERY_CLIENT_ID));
}

/** Search results: fresh 30 s, refetched on window focus and on mount. */
export const searchQueryOptions = {
  staleTime: SEARCH_STALE_TIME_MS,
  refetchOnWindowFocus: true,
  refetchOnMount: true,
} as const;

/** Listing detail and similar listings: 5 minutes. */
export const listingQueryOptions = {
  staleTime: LISTING_STALE_TIME_MS,
} as const;

/** Vehicle catalogue (years, makes, models, trims): 24 hours, kept as long. */
export const catalogueQueryOptions = {
  staleTime: CATALOGUE_STALE_TIME_MS,
  gcTime: CATALOGUE_STALE_TIME_MS,
} as const;
