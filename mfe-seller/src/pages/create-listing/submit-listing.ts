import { getErrorMessage, type Id } from '@carmarket/shared';
import { geocodeAddress } from '../../features/geocoding/api/geocode-address';
import { createListing } from '../../features/listing/api/create-listing';
import { setPrimaryPhoto } from '../../features/photos/api/set-primary-photo';
import { uploadPhoto } from '../../features/photos/api/upload-photo';
import type { PhotoItem } from '../../features/photos/hooks/use-photo-list';
import type { ListingValues } from './parse-draft';

export const CREATE_FAILED = 'Failed to create listing. Please try again.';
export const PHOTOS_FAILED =
  'Listing created successfully, but some images failed to upload. You can add them later.';

/**
 * Uploads the photos in their order, one request each; the server makes the first one primary,
 * so a different choice is sent afterwards. Answers whether every step worked.
 */
async function uploadAll(
  listingId: Id,
  photos: readonly PhotoItem[],
  onProgress: (key: string, percent: number) => void,
): Promise<boolean> {
  let allUploaded = true;
  let primaryId: string | undefined;
  for (const photo of photos) {
    if (!photo.file) continue;
    try {
      const images = await uploadPhoto(listingId, photo.file, (percent) => onProgress(photo.key, percent));
      if (photo.isPrimary) primaryId = images.at(-1)?.publicId;
      onProgress(photo.key, 100);
    } catch {
      allUploaded = false;
    }
  }
  if (primaryId && !photos[0]?.isPrimary) {
    try {
      await setPrimaryPhoto({ listingId, publicId: primaryId });
    } catch {
      allUploaded = false;
    }
  }
  return allUploaded;
}

export interface SubmitListingInput {
  values: ListingValues;
  address: { city: string; state: string; zip: string };
  photos: readonly PhotoItem[];
  onProgress: (key: string, percent: number) => void;
  /** Runs once the listing exists (the wizard forgets its draft then). */
  onCreated: () => void;
}

/**
 * The requests of Submit Listing (spec §4), fetched on submit rather than with the wizard's first
 * step: geocode the address, create the listing, upload its photos. Answers the new listing's id,
 * or null when it could not be created (the user has been told why).
 */
export async function submitListing({
  values,
  address,
  photos,
  onProgress,
  onCreated,
}: SubmitListingInput): Promise<Id | null> {
  const coordinates = await geocodeAddress(address);
  let listingId: Id;
  try {
    // The payload rules come with the listing schemas, fetched on submit rather than on first paint.
    const { toCreateListingPayload } = await import('@carmarket/shared/schemas');
    listingId = (await createListing(toCreateListingPayload(values, coordinates)))._id;
  } catch (error) {
    window.alert(getErrorMessage(error, CREATE_FAILED));
    return null;
  }
  onCreated();
  if (!(await uploadAll(listingId, photos, onProgress))) window.alert(PHOTOS_FAILED);
  return listingId;
}
