import { http, httpErrorStatus, queryKeys, type ApiSuccess, type Dealer } from '@carmarket/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';

/** GET /dealers/me: the signed-in user's business, or null when the user is not a dealer (404). */
export async function getMyDealer(): Promise<Dealer | null> {
  try {
    const { data } = await http.get<ApiSuccess<Dealer>>('/dealers/me');
    return data.data;
  } catch (error) {
    if (httpErrorStatus(error) === 404) return null;
    throw error;
  }
}

export const myDealerQuery = () => queryOptions({ queryKey: queryKeys.dealers.mine(), queryFn: getMyDealer });

export function useMyDealer() {
  return useQuery(myDealerQuery());
}
