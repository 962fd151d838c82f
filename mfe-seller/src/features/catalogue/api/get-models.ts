import {
  catalogueQueryOptions,
  http,
  queryKeys,
  type ApiSuccess,
  type CatalogueModel,
} from '@carmarket/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';

/** GET /vehicle-data/models/{year}/{make}: the make's models of that year. */
export async function getModels(year: number, make: string): Promise<CatalogueModel[]> {
  const { data } = await http.get<ApiSuccess<CatalogueModel[]>>(
    `/vehicle-data/models/${year}/${encodeURIComponent(make)}`,
  );
  return data.data;
}

export const modelsQuery = (year: number, make: string) =>
  queryOptions({
    ...catalogueQueryOptions,
    queryKey: queryKeys.catalogue.models(year, make),
    queryFn: () => getModels(year, make),
  });

/** Runs once year and make are chosen. */
export function useModels(year: number | undefined, make: string) {
  return useQuery({ ...modelsQuery(year ?? 0, make), enabled: year !== undefined && make !== '' });
}
