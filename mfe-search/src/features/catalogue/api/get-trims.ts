import {
  catalogueQueryOptions,
  http,
  queryKeys,
  type ApiSuccess,
  type CatalogueTrim,
} from '@carmarket/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';

/** GET /vehicle-data/trims/all/{make}/{model}: the model's trims over all years. */
export async function getAllTrims(make: string, model: string): Promise<CatalogueTrim[]> {
  const { data } = await http.get<ApiSuccess<CatalogueTrim[]>>(
    `/vehicle-data/trims/all/${encodeURIComponent(make)}/${encodeURIComponent(model)}`,
  );
  return data.data;
}

export const allTrimsQuery = (make: string, model: string) =>
  queryOptions({
    ...catalogueQueryOptions,
    queryKey: queryKeys.catalogue.trims('all', make, model),
    queryFn: () => getAllTrims(make, model),
  });

/** The trim select needs a make and a model (spec §5). */
export function useAllTrims(make: string | undefined, model: string | undefined) {
  return useQuery({ ...allTrimsQuery(make ?? '', model ?? ''), enabled: !!make && !!model });
}
