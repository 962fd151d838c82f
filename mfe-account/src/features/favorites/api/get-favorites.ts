import { http, queryKeys, useSessionStore, type ApiSuccess, type Listing } from '@carmarket/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';

/** GET /listings/favorites: the listings the signed-in user saved. */
export async function getFavorites(): Promise<Listing[]> {
  const { data } = await http.get<ApiSuccess<Listing[]>>('/listings/favorites');
  return data.data;
}

export const favoritesQuery = () =>
  queryOptions({ queryKey: queryKeys.listings.favorites(), queryFn: getFavorites });

export function useFavorites() {
  const isAuthenticated = useSessionStore((state) => state.isAuthenticated);
  return useQuery({ ...favoritesQuery(), enabled: isAuthenticated });
}
