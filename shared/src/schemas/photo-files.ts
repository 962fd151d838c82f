// Photo rules of spec §5, checked in the browser before upload; the server checks the real content.
// Plain checks without zod, so the photo manager does not download zod with them.
import { PHOTO_MAX_BYTES, PHOTO_MIME_TYPES, PHOTOS_MAX, PHOTOS_MIN } from '../constants/limits.js';

export const PHOTO_TYPE_ERROR = 'Only JPEG, PNG, and WebP images are allowed';
export const PHOTO_SIZE_ERROR = 'Images must be less than 10MB';
export const PHOTO_MAX_ERROR = `Maximum ${PHOTOS_MAX} images allowed`;
export const PHOTO_MIN_ERROR = `Please upload at least ${PHOTOS_MIN} photos`;

/** What the checks need from a File (so the server and tests can pass plain objects). */
export interface PhotoFileLike {
  type: string;
  size: number;
}

export interface PhotoValidation<T extends PhotoFileLike> {
  /** Files that passed, cut to the room left under the maximum. */
  accepted: T[];
  /** Each spec message at most once, in the order type, size, maximum. */
  errors: string[];
}

export function isAllowedPhotoType(type: string): boolean {
  return (PHOTO_MIME_TYPES as readonly string[]).includes(type.toLowerCase());
}

/**
 * Checks files being added to `existingCount` photos already in the listing. Bad files are
 * dropped with their message; good files beyond the maximum are dropped with 'Maximum 20 images
 * allowed', so the user keeps the ones that fit.
 */
export function validatePhotoFiles<T extends PhotoFileLike>(
  existingCount: number,
  files: Iterable<T>,
): PhotoValidation<T> {
  const errors = new Set<string>();
  const valid: T[] = [];
  for (const file of files) {
    if (!isAllowedPhotoType(file.type)) errors.add(PHOTO_TYPE_ERROR);
    else if (file.size > PHOTO_MAX_BYTES) errors.add(PHOTO_SIZE_ERROR);
    else valid.push(file);
  }
  const room = Math.max(0, PHOTOS_MAX - existingCount);
  if (valid.length > room) errors.add(PHOTO_MAX_ERROR);
  const order = [PHOTO_TYPE_ERROR, PHOTO_SIZE_ERROR, PHOTO_MAX_ERROR];
  return { accepted: valid.slice(0, room), errors: order.filter((message) => errors.has(message)) };
}

/** The minimum for advancing the wizard and saving the edit tab: the message, or null when enough. */
export function validatePhotoCount(count: number): string | null {
  return count < PHOTOS_MIN ? PHOTO_MIN_ERROR : null;
}
