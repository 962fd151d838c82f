import {
  catalogueQueryOptions,
  http,
  queryKeys,
  type ApiSuccess,
  type CatalogueModel,
} from '@carmarket/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';

/** GET /vehicle-data/models/all/{make}: the make's models over all years. */
export async function getAllModels(make: string): Promise<CatalogueModel[]> {
  const { data } = await http.get<ApiSuccess<CatalogueModel[]>>(
    `/vehicle-data/models/all/${encodeURIComponent(make)}`,
  );
  return data.data;
}

export const allModelsQuery = (make: string) =>
  queryOptions({
    ...catalogueQueryOptions,
    queryKey: queryKeys.catalogue.models('all', make),
    queryFn: () => getAllModels(make),
  });

/** The model select needs a make (spec §5). */
export function useAllModels(make: string | undefined) {
  return useQuery({ ...allModelsQuery(make ?? ''), enabled: !!make });
}
