import { http, queryKeys, type Id } from '@carmarket/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';

/** DELETE /listings/{id}. */
export async function deleteListing(id: Id): Promise<void> {
  await http.delete(`/listings/${encodeURIComponent(id)}`);
}

/** Refreshes every listing query (dashboard, search, detail) after a delete; a failure is only logged (spec §8). */
export function useDeleteListing() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteListing,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.listings.all }),
    onError: (error) => console.error('Failed to delete listing', error),
  });
}
