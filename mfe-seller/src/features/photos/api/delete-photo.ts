import { http, type ApiSuccess, type Id, type ListingImage } from '@carmarket/shared';

/** DELETE /upload/image/{publicId} {listingId}: answers the remaining photos. */
export async function deletePhoto(listingId: Id, publicId: string): Promise<ListingImage[]> {
  const { data } = await http.delete<ApiSuccess<ListingImage[]>>(
    `/upload/image/${encodeURIComponent(publicId)}`,
    { data: { listingId } },
  );
  return data.data;
}
