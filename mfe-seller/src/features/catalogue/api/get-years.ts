import { catalogueQueryOptions, http, queryKeys, type ApiSuccess } from '@carmarket/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';

/** GET /vehicle-data/years: model years, newest first. */
export async function getYears(): Promise<number[]> {
  const { data } = await http.get<ApiSuccess<number[]>>('/vehicle-data/years');
  return data.data;
}

export const yearsQuery = () =>
  queryOptions({ ...catalogueQueryOptions, queryKey: queryKeys.catalogue.years(), queryFn: getYears });

export function useYears() {
  return useQuery(yearsQuery());
}
