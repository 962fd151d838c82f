import { http, type ApiSuccess, type ListingImage } from '@carmarket/shared';
import type { ReorderImagesPayload } from '@carmarket/shared/schemas';

/** PUT /upload/reorder {listingId, imageOrder}: every photo's publicId, in the new order. */
export async function reorderPhotos(payload: ReorderImagesPayload): Promise<ListingImage[]> {
  const { data } = await http.put<ApiSuccess<ListingImage[]>>('/upload/reorder', payload);
  return data.data;
}
