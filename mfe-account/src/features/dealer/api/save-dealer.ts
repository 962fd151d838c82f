import { http, queryKeys, useSessionStore, type ApiSuccess, type Dealer } from '@carmarket/shared';
import type { DealerProfile } from '@carmarket/shared/schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';

/** PUT /dealers/me: becomes a dealer, or updates the business. */
export async function saveDealer(profile: DealerProfile): Promise<Dealer> {
  const { data } = await http.put<ApiSuccess<Dealer>>('/dealers/me', profile);
  return data.data;
}

/**
 * The session's user becomes a dealer (the header and the seller pages read the role), and every
 * listing query refetches: their Dealer badge changed.
 */
export function useSaveDealer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveDealer,
    onSuccess: (dealer) => {
      queryClient.setQueryData(queryKeys.dealers.mine(), dealer);
      const { user, setUser } = useSessionStore.getState();
      if (user && user.role !== 'dealer') setUser({ ...user, role: 'dealer' });
      void queryClient.invalidateQueries({ queryKey: queryKeys.listings.all });
      void queryClient.invalidateQueries({ queryKey: queryKeys.dealers.detail(dealer._id) });
    },
  });
}
