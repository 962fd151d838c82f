import { http, queryKeys, type ApiSuccess, type Id, type Listing } from '@carmarket/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';

/** POST /listings/{id}/renew: the owner puts a listing back in search for another 60 days. */
export async function renewListing(id: Id): Promise<Listing> {
  const { data } = await http.post<ApiSuccess<Listing>>(`/listings/${encodeURIComponent(id)}/renew`);
  return data.data;
}

/** The dashboard, the listing and search results may all show it again. */
export function useRenewListing() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: renewListing,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.listings.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.search.all }),
      ]),
    onError: (error) => console.error('Failed to renew the listing', error),
  });
}
