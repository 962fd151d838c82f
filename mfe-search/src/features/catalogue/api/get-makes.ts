import {
  catalogueQueryOptions,
  http,
  queryKeys,
  type ApiSuccess,
  type CatalogueMake,
} from '@carmarket/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';

/** GET /vehicle-data/makes/all: every make of the catalogue, A–Z, for the make filter. */
export async function getAllMakes(): Promise<CatalogueMake[]> {
  const { data } = await http.get<ApiSuccess<CatalogueMake[]>>('/vehicle-data/makes/all');
  return data.data;
}

export const allMakesQuery = () =>
  queryOptions({
    ...catalogueQueryOptions,
    queryKey: queryKeys.catalogue.makes('all'),
    queryFn: getAllMakes,
  });

export function useAllMakes() {
  return useQuery(allMakesQuery());
}
