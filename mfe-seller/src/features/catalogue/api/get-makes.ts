import {
  catalogueQueryOptions,
  http,
  queryKeys,
  type ApiSuccess,
  type CatalogueMake,
} from '@carmarket/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';

/** GET /vehicle-data/makes/{year}: the makes sold in that model year, A–Z. */
export async function getMakes(year: number): Promise<CatalogueMake[]> {
  const { data } = await http.get<ApiSuccess<CatalogueMake[]>>(`/vehicle-data/makes/${year}`);
  return data.data;
}

export const makesQuery = (year: number) =>
  queryOptions({
    ...catalogueQueryOptions,
    queryKey: queryKeys.catalogue.makes(year),
    queryFn: () => getMakes(year),
  });

/** Runs once a year is chosen (`year` undefined until then). */
export function useMakes(year: number | undefined) {
  return useQuery({ ...makesQuery(year ?? 0), enabled: year !== undefined });
}
