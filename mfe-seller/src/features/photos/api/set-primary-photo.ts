import { http, type ApiSuccess, type ListingImage } from '@carmarket/shared';
import type { SetPrimaryImagePayload } from '@carmarket/shared/schemas';

/** PUT /upload/primary {listingId, publicId}: moves the one primary flag. */
export async function setPrimaryPhoto(payload: SetPrimaryImagePayload): Promise<ListingImage[]> {
  const { data } = await http.put<ApiSuccess<ListingImage[]>>('/upload/primary', payload);
  return data.data;
}
