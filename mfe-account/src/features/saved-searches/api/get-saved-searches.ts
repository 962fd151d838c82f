import { savedSearchesQuery, useSessionStore } from '@carmarket/shared';
import { useQuery } from '@tanstack/react-query';

/** The user's saved searches with their new-listing counts, in the cache the search page shares. */
export function useSavedSearches() {
  const isAuthenticated = useSessionStore((state) => state.isAuthenticated);
  return useQuery({ ...savedSearchesQuery(), enabled: isAuthenticated });
}
