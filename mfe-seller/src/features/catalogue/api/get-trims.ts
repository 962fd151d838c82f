import {
  catalogueQueryOptions,
  http,
  queryKeys,
  type ApiSuccess,
  type CatalogueTrim,
} from '@carmarket/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';

/** GET /vehicle-data/trims/{year}/{make}/{model}: trims with engine size and transmission. */
export async function getTrims(year: number, make: string, model: string): Promise<CatalogueTrim[]> {
  const { data } = await http.get<ApiSuccess<CatalogueTrim[]>>(
    `/vehicle-data/trims/${year}/${encodeURIComponent(make)}/${encodeURIComponent(model)}`,
  );
  return data.data;
}

export const trimsQuery = (year: number, make: string, model: string) =>
  queryOptions({
    ...catalogueQueryOptions,
    queryKey: queryKeys.catalogue.trims(year, make, model),
    queryFn: () => getTrims(year, make, model),
  });

/** Runs once year, make and model are chosen. */
export function useTrims(year: number | undefined, make: string, model: string) {
  return useQuery({
    ...trimsQuery(year ?? 0, make, model),
    enabled: year !== undefined && make !== '' && model !== '',
  });
}
