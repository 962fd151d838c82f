import {
  http,
  queryKeys,
  type ApiSuccess,
  type Id,
  type Listing,
  type ListingStatus,
} from '@carmarket/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';

/** PATCH /listings/{id}/status: the owner marks a listing sold, or active again. */
export async function setListingStatus({ id, status }: { id: Id; status: ListingStatus }): Promise<Listing> {
  const { data } = await http.patch<ApiSuccess<Listing>>(`/listings/${encodeURIComponent(id)}/status`, {
    status,
  });
  return data.data;
}

/** Every listing query (dashboard, detail, similar, favorites) and search results may show it. */
export function useSetListingStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setListingStatus,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.listings.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.search.all }),
      ]),
    onError: (error) => console.error('Failed to change the listing status', error),
  });
}
