import { http, queryKeys, type ApiSuccess, type ListingImportReport } from '@carmarket/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';

/** POST /dealers/me/listings/import: the CSV file as multipart (field 'file'); a report per row. */
export async function importListings(file: File): Promise<ListingImportReport> {
  const form = new FormData();
  form.append('file', file);
  const { data } = await http.post<ApiSuccess<ListingImportReport>>('/dealers/me/listings/import', form);
  return data.data;
}

/** The imported drafts join the dealer's listings: every listing query refetches. */
export function useImportListings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importListings,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.listings.all }),
  });
}
