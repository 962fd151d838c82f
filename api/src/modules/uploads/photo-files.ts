import { randomUUID } from 'node:crypto';
import { open } from 'node:fs/promises';
import { PHOTO_SIZES_PX } from '@carmarket/shared/constants';
import { PHOTO_TYPE_ERROR } from '@carmarket/shared/schemas';
import type { FastifyBaseLogger } from 'fastify';
import sharp, { type Sharp } from 'sharp';
import { BadRequestError, UnsupportedMediaTypeError } from '../../http/errors.js';
import type { PhotoStorage } from '../../storage/photo-storage.js';

const { display: DISPLAY_MAX_PX, medium: MEDIUM_MAX_PX, thumbnail: THUMBNAIL_MAX_PX } = PHOTO_SIZES_PX;

export const PHOTO_CONTENT_TYPE = 'image/webp';

export interface EncodedPhoto {
  display: Buffer;
  medium: Buffer;
  thumbnail: Buffer;
}

/** A new photo's public id: random, so photo URLs can be cached forever and never guessed. */
export function newPublicId(): string {
  return randomUUID().replaceAll('-', '');
}

/**
 * Storage keys of a photo's files, spread over 256 folders by the id's first two characters.
 * Files are named after their photo alone: deleting photos removes exactly the files their
 * uploads created (demo listings point at shared demo files that no listing owns).
 */
export function photoKeys(publicId: string): PhotoKeys {
  return photoKeysAt(`photos/${publicId.slice(0, 2)}/${publicId}`);
}

export type PhotoKeys = Record<keyof EncodedPhoto, string>;

/** The keys of a photo's files named `<base>.webp`, `<base>-800.webp` and `<base>-thumb.webp`. */
export function photoKeysAt(base: string): PhotoKeys {
  const display = `${base}.webp`;
  return { display, medium: mediumKeyOf(display), thumbnail: `${base}-thumb.webp` };
}

/** The medium file beside a display file: `<name>.webp` → `<name>-800.webp`. */
export const mediumKeyOf = (displayKey: string) => displayKey.replace(/\.webp$/, `-${MEDIUM_MAX_PX}.webp`);

/** Writes each of an encoded photo's files under its key. */
export async function putPhotoFiles(
  storage: PhotoStorage,
  keys: PhotoKeys,
  encoded: EncodedPhoto,
): Promise<void> {
  const sizes = Object.keys(keys) as (keyof PhotoKeys)[];
  await Promise.all(sizes.map((size) => storage.put(keys[size], encoded[size], PHOTO_CONTENT_TYPE)));
}

/**
 * Removes the files of these photos. Best effort: a file left behind only wastes space, and the
 * change that made it unused has already happened, so a failure is logged rather than reported.
 */
export async function deletePhotoFiles(
  storage: PhotoStorage,
  log: FastifyBaseLogger,
  publicIds: readonly string[],
): Promise<void> {
  try {
    await storage.delete(publicIds.flatMap((publicId) => Object.values(photoKeys(publicId))));
  } catch (error) {
    log.error({ err: error, publicIds }, 'could not delete photo files');
  }
}

/**
 * libwebp's 0–6 trade of speed for size. Measured on a grainy 12 MP JPEG (display 1600 px + thumbnail,
 * same quality settings, same PSNR): effort 4 ran 1.8–2.1 photos/s and made a 233 KB display file,
 * effort 1 4.5–5.1 photos/s and 230 KB, effort 2 226 KB but no faster than 4 by much (2.2–2.9/s).
 * Effort 0 then took 54 ms of CPU for the 1600 px file where effort 1 took 72 (a third of a photo's
 * CPU), for the same PSNR and a file the same size within 2 % (docs/benchmarks.md).
 */
const UPLOAD_WEBP_EFFORT = 0;

// One libvips thread per photo: two photos at once on two threads each were no faster than one each.
sharp.concurrency(1);
// No photo is read twice, so libvips' cache of operations only held memory (and, for originals read
// from a file, their open files after they were deleted) between photos.
sharp.cache(false);

const fitInside = (px: number) =>
  ({ width: px, height: px, fit: 'inside', withoutEnlargement: true }) as const;

/**
 * The display size, the medium size and the thumbnail, all WebP. The input is decoded once, to the
 * display size, and the smaller sizes are made from those pixels: on a 12 MP JPEG decoding is 105 of
 * the ~230 ms of CPU a photo took when each size decoded it in full, and the thumbnail lost 0.1 dB of
 * PSNR (docs/benchmarks.md). Whatever metadata the input carried (EXIF with GPS position, camera
 * details, XMP) is not written: sharp keeps none unless asked.
 */
export async function encodePhoto(image: Sharp, effort = UPLOAD_WEBP_EFFORT): Promise<EncodedPhoto> {
  // 8 bits a channel whatever the input's depth (a 16-bit PNG), in sRGB as any output is.
  const { data, info } = await image
    .resize(fitInside(DISPLAY_MAX_PX))
    .raw({ depth: 'uchar' })
    .toBuffer({ resolveWithObject: true });
  const pixels = () =>
    sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } });
  const [display, medium, thumbnail] = await Promise.all([
    pixels().webp({ quality: 82, effort }).toBuffer(),
    encodeMedium(pixels(), effort),
    pixels().resize(fitInside(THUMBNAIL_MAX_PX)).webp({ quality: 75, effort }).toBuffer(),
  ]);
  return { display, medium, thumbnail };
}

/** The medium size of a photo's pixels (or of its display file, for photos stored before it). */
export function encodeMedium(image: Sharp, effort = UPLOAD_WEBP_EFFORT): Promise<Buffer> {
  return image.resize(fitInside(MEDIUM_MAX_PX)).webp({ quality: 80, effort }).toBuffer();
}

/** Larger inputs are refused before decoding: a small file can still expand to gigabytes of pixels. */
export const MAX_INPUT_PIXELS = 100_000_000;

type PhotoFormat = 'jpeg' | 'png' | 'webp';

/** The format the file's first bytes announce, whatever its name or declared type says. */
export function sniffPhotoFormat(bytes: Buffer): PhotoFormat | undefined {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return 'png';
  if (bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 12) === 'WEBP') return 'webp';
  return undefined;
}

const invalidImage = () =>
  new BadRequestError('The image could not be read: the file is damaged or incomplete', 'INVALID_IMAGE');

const readOptions = { failOn: 'warning', limitInputPixels: MAX_INPUT_PIXELS } as const;

/** The first `length` bytes of a file (fewer when it is shorter). */
async function firstBytes(file: string, length: number): Promise<Buffer> {
  const handle = await open(file, 'r');
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(length), 0, length, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/**
 * Checks an upload, stored at `file`, before it is accepted: 415 unless its content is a JPEG, PNG
 * or WebP, 400 when its header cannot be read or announces too many pixels. Only the header is read
 * (about 4 ms for a 12 MP JPEG, where decoding it, even at 64 px, took 300 ms: most of an encode):
 * damage further in shows when the photo is encoded, which then fails and removes the photo.
 */
export async function checkUploadedPhoto(file: string): Promise<void> {
  if (!sniffPhotoFormat(await firstBytes(file, 12)))
    throw new UnsupportedMediaTypeError(PHOTO_TYPE_ERROR, 'UNSUPPORTED_IMAGE_TYPE');
  // Only the header is read here, so sharp's own pixel limit (268 MP by default) is lifted: with it
  // a larger bomb failed as 'damaged' instead of getting the limit's message below.
  const { width, height } = await sharp(file, { limitInputPixels: false })
    .metadata()
    .catch(() => {
      throw invalidImage();
    });
  if (!width || !height) throw invalidImage();
  if (width * height > MAX_INPUT_PIXELS) {
    throw new BadRequestError(
      `Images must be at most ${MAX_INPUT_PIXELS / 1_000_000} megapixels`,
      'IMAGE_TOO_MANY_PIXELS',
    );
  }
}

/**
 * The scale (1, 1/2, 1/4 or 1/8) libjpeg can decode a JPEG of this size at and still give at least
 * the display size: decoding at 1/2 skips most of the inverse DCT and colour work of the full size
 * (a 12 MP JPEG: 49 rather than 65 ms of CPU decoded and resized to 1600 px). sharp only does this by
 * itself from a 3x reduction on (its rule for libjpeg's rounding), and a 12 MP photo is 2.5x.
 */
export function jpegShrinkOnLoad(width: number, height: number): 1 | 2 | 4 | 8 {
  const longest = Math.max(width, height);
  for (const shrink of [8, 4, 2] as const) if (longest >= shrink * DISPLAY_MAX_PX) return shrink;
  return 1;
}

/**
 * The display, medium and thumbnail files of a checked upload kept at `file`; fails on a file that cannot be
 * decoded completely (failOn 'warning': a truncated file does not yield a half-grey picture). The
 * EXIF orientation is applied to the pixels before the metadata is dropped. A JPEG is decoded at the
 * smallest of libjpeg's scales that still holds the display size (libvips takes the scale as an
 * option of the file's name, `name[shrink=2]`; sharp has none for it).
 */
export async function encodeUploadedPhoto(file: string): Promise<EncodedPhoto> {
  const { format, width = 0, height = 0 } = await sharp(file).metadata();
  const shrink = format === 'jpeg' && !file.includes('[') ? jpegShrinkOnLoad(width, height) : 1;
  return encodePhoto(sharp(shrink > 1 ? `${file}[shrink=${shrink}]` : file, readOptions).rotate());
}
