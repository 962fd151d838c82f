import { http, queryKeys, type ApiSuccess, type Dealer, type Id } from '@carmarket/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';

/** GET /dealers/{id}: a dealer's business; 404 'Dealer not found' for anyone else. */
export async function getDealer(id: Id): Promise<Dealer> {
  const { data } = await http.get<ApiSuccess<Dealer>>(`/dealers/${encodeURIComponent(id)}`);
  return data.data;
}

export const dealerQuery = (id: Id) =>
  queryOptions({ queryKey: queryKeys.dealers.detail(id), queryFn: () => getDealer(id) });

export function useDealer(id: Id) {
  return useQuery(dealerQuery(id));
}
