import { http, type ApiSuccess, type Id, type ListingImage } from '@carmarket/shared';
import { shrinkLargePhoto } from '../lib/shrink-large-photo';

/** Upload progress of one file, 0 to 100. */
export type ProgressHandler = (percent: number) => void;

/**
 * POST /upload/listing/{id} with one file in the repeated `images` field. Photos go one request
 * each so every file has its own progress and one bad file does not sink the others. Answers the
 * listing's photos in order, the new one last ('processing' until the server has made its files).
 * A very large photo is resized in the browser first.
 */
export async function uploadPhoto(listingId: Id, file: File, onProgress?: ProgressHandler) {
  const body = new FormData();
  body.append('images', await shrinkLargePhoto(file));
  const { data } = await http.post<ApiSuccess<ListingImage[]>>(
    `/upload/listing/${encodeURIComponent(listingId)}`,
    body,
    {
      // Large photos on a slow line take longer than the API's default 10 s.
      timeout: 0,
      onUploadProgress: ({ loaded, total }) => {
        if (total) onProgress?.(Math.round((loaded / total) * 100));
      },
    },
  );
  return data.data;
}
