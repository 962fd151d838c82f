/**
 * Longest side a photo keeps when the browser resizes it before upload. The server makes a 1600 px
 * display file from it: anything larger only costs upload time and the server's decoding.
 */
export const UPLOAD_LONGEST_EDGE_PX = 4096;

const RESIZED_TYPE = 'image/jpeg';
const RESIZED_QUALITY = 0.9;

/** The size a photo is resized to before upload, or null when it goes as it is. */
export function uploadSize(width: number, height: number): { width: number; height: number } | null {
  const longest = Math.max(width, height);
  if (longest <= UPLOAD_LONGEST_EDGE_PX) return null;
  const scale = UPLOAD_LONGEST_EDGE_PX / longest;
  return { width: Math.round(width * scale), height: Math.round(height * scale) };
}

/**
 * A very large photo resized in the browser, upright (its EXIF orientation applied to the pixels,
 * as the server would), as a JPEG; a photo within the limit, or one the browser cannot decode (the
 * server then says what is wrong with it), goes untouched. The server still strips every metadata.
 */
export async function shrinkLargePhoto(file: File): Promise<File> {
  const bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' }).catch(() => null);
  if (!bitmap) return file;
  try {
    const size = uploadSize(bitmap.width, bitmap.height);
    if (!size) return file;
    const canvas = document.createElement('canvas');
    canvas.width = size.width;
    canvas.height = size.height;
    canvas.getContext('2d')?.drawImage(bitmap, 0, 0, size.width, size.height);
    const blob = await new Promise<Blob | null>((resolve) =>
      canvas.toBlob(resolve, RESIZED_TYPE, RESIZED_QUALITY),
    );
    if (!blob) return file;
    return new File([blob], file.name.replace(/\.[^.]*$/, '') + '.jpg', { type: RESIZED_TYPE });
  } finally {
    bitmap.close();
  }
}
