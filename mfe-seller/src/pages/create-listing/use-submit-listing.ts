import { getErrorMessage, queryKeys, routes, type Id } from '@carmarket/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from '@carmarket/shared/router';
import { geocodeAddress } from '../../features/geocoding/api/geocode-address';
import { createListing } from '../../features/listing/api/create-listing';
import { setPrimaryPhoto } from '../../features/photos/api/set-primary-photo';
import { uploadPhoto } from '../../features/photos/api/upload-photo';
import type { PhotoItem } from '../../features/photos/hooks/use-photo-list';
import type { ListingValues } from './parse-draft';

export const MISSING_LOCATION = 'Please fill in all required location fields (City, State, ZIP)';
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

/**
 * Submit Listing (spec §4): geocode the address, create the listing, upload its photos, open it.
 * `onCreated` runs once the listing exists (the wizard forgets its draft then).
 */
export function useSubmitListing() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [progress, setProgress] = useState<Record<string, number>>({});

  const submit = async (values: ListingValues, photos: readonly PhotoItem[], onCreated: () => void) => {
    const { city, state, zipCode } = values.contactLocation;
    if (!city || !state || !zipCode) {
      window.alert(MISSING_LOCATION);
      return;
    }
    setBusy(true);
    try {
      const coordinates = await geocodeAddress({ city, state, zip: zipCode });
      let listingId: Id;
      try {
        // The payload rules come with the listing schemas, fetched on submit rather than on first paint.
        const { toCreateListingPayload } = await import('@carmarket/shared/schemas');
        listingId = (await createListing(toCreateListingPayload(values, coordinates)))._id;
      } catch (error) {
        window.alert(getErrorMessage(error, CREATE_FAILED));
        return;
      }
      onCreated();
      const uploaded = await uploadAll(listingId, photos, (key, percent) =>
        setProgress((current) => ({ ...current, [key]: percent })),
      );
      if (!uploaded) window.alert(PHOTOS_FAILED);
      await queryClient.invalidateQueries({ queryKey: queryKeys.listings.all });
      navigate(routes.listing(listingId));
    } finally {
      setBusy(false);
    }
  };

  return { submit, busy, progress };
}
