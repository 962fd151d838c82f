import { http, queryKeys, type ApiSuccess, type Id, type Listing } from '@carmarket/shared';
import type { UpdateListingPayloadInput } from '@carmarket/shared/schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';

/** PUT /listings/{id}: title, description, price and contact preferences. */
export async function updateListing(id: Id, payload: UpdateListingPayloadInput): Promise<Listing> {
  const { data } = await http.put<ApiSuccess<Listing>>(`/listings/${encodeURIComponent(id)}`, payload);
  return data.data;
}

/** Refetches every listing query afterwards: the editor, the listing page, dashboard and search cards. */
export function useUpdateListing(id: Id) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (payload: UpdateListingPayloadInput) => updateListing(id, payload),
    // Not awaited: the success alert comes first, then the editor and other views reload.
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.listings.all });
    },
  });
}
