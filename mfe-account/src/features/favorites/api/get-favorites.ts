import { http, queryKeys, useSessionStore, type ApiSuccess, type Listing } from '@carmarket/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';

// The API's largest page: the account pages show every saved listing up to this many.
const FAVORITES_SHOWN = 100;

/** GET /listings/favorites: the listings the signed-in user saved, sold ones too (with their status). */
export async function getFavorites(): Promise<Listing[]> {
  const { data } = await http.get<ApiSuccess<Listing[]>>('/listings/favorites', {
    params: { limit: FAVORITES_SHOWN },
  });
  return data.data;
}

export const favoritesQuery = () =>
  queryOptions({ queryKey: queryKeys.listings.favorites(), queryFn: getFavorites });

export function useFavorites() {
  const isAuthenticated = useSessionStore((state) => state.isAuthenticated);
  return useQuery({ ...favoritesQuery(), enabled: isAuthenticated });
}
