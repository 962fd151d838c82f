import { listingQuery, PHOTOS_MIN, queryKeys, type Listing, type ListingImage } from '@carmarket/shared';
import { validatePhotoCount } from '@carmarket/shared/schemas';
import { Button } from '@carmarket/shared/ui';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import styled from 'styled-components';
import { FormStack } from '../../components/form-layout';
import { deletePhoto } from '../../features/photos/api/delete-photo';
import { reorderPhotos } from '../../features/photos/api/reorder-photos';
import { setPrimaryPhoto } from '../../features/photos/api/set-primary-photo';
import { uploadPhoto } from '../../features/photos/api/upload-photo';
import { PhotoManager } from '../../features/photos/components/photo-manager';
import { usePhotoList, type PhotoItem } from '../../features/photos/hooks/use-photo-list';

export const IMAGES_SAVED = 'Images updated successfully!';
export const IMAGES_FAILED = 'Failed to update images. Please try again.';
export const IMAGE_DELETE_FAILED = 'Failed to delete image. Please try again.';
export const photosNotProcessed = (count: number) =>
  `${count === 1 ? 'A photo' : `${count} photos`} could not be processed and ${count === 1 ? 'was' : 'were'} removed. Please upload ${count === 1 ? 'it' : 'them'} again.`;

/** Asked before a removal that would take a live listing under the photo minimum, and so offline. */
export const hideListingQuestion = (left: number) =>
  `Remove this photo? Your listing would have ${left} ${left === 1 ? 'photo' : 'photos'} and be hidden ` +
  `from buyers (out of search, its page not found) until it has ${PHOTOS_MIN} again.`;

const Hint = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
`;

/**
 * Photos tab. Removing a saved photo deletes it at once (DELETE /upload/image/{publicId}), after a
 * confirmation when the listing is live and would drop under the minimum (the server then holds it
 * back as a draft); new
 * files, the order and the primary photo are saved together: upload the new ones, then
 * PUT /upload/reorder with every publicId in the shown order, then PUT /upload/primary.
 */
export function PhotosTab({ listing }: { listing: Listing }) {
  const listingId = listing._id;
  const list = usePhotoList(listing.vehicle.images);
  const queryClient = useQueryClient();
  const [saving, setSaving] = useState(false);
  const [progress, setProgress] = useState<Record<string, number>>({});
  const tooFew = validatePhotoCount(list.photos.length);
  const [notProcessed, setNotProcessed] = useState(0);

  // The listing is read again every second while a photo is processing (listingQuery): each read
  // replaces a ready photo's placeholder with its preview.
  const { refreshProcessing } = list;
  const images = listing.vehicle.images;
  useEffect(() => {
    const lost = refreshProcessing(images);
    if (lost > 0) setNotProcessed((count) => count + lost);
  }, [images, refreshProcessing]);

  const refreshListings = () => queryClient.invalidateQueries({ queryKey: queryKeys.listings.all });

  const remove = async (photo: PhotoItem) => {
    if (!photo.publicId) {
      list.remove(photo.key);
      return;
    }
    const savedLeft = list.photos.filter((saved) => saved.publicId).length - 1;
    const hidesListing = listing.status === 'active' && savedLeft < PHOTOS_MIN;
    if (hidesListing && !window.confirm(hideListingQuestion(savedLeft))) return;
    try {
      await deletePhoto(listingId, photo.publicId);
      list.remove(photo.key);
      void refreshListings();
    } catch {
      window.alert(IMAGE_DELETE_FAILED);
    }
  };

  const save = async () => {
    setSaving(true);
    const uploaded: Record<string, string> = {};
    try {
      let images: ListingImage[] = [];
      for (const photo of list.photos) {
        if (!photo.file) continue;
        images = await uploadPhoto(listingId, photo.file, (percent) =>
          setProgress((current) => ({ ...current, [photo.key]: percent })),
        );
        uploaded[photo.key] = images.at(-1)!.publicId;
      }
      const publicIdOf = (photo: PhotoItem) => photo.publicId ?? uploaded[photo.key]!;
      await reorderPhotos({ listingId, imageOrder: list.photos.map(publicIdOf) });
      const primary = list.photos.find((photo) => photo.isPrimary) ?? list.photos[0]!;
      images = await setPrimaryPhoto({ listingId, publicId: publicIdOf(primary) });
      list.reset(images);
      window.alert(IMAGES_SAVED);
    } catch {
      window.alert(IMAGES_FAILED);
      // Some files may have been stored before the failure: show what the listing has now, so a
      // second Save does not upload them twice.
      await queryClient
        .fetchQuery({ ...listingQuery(listingId), staleTime: 0 })
        .then((fresh) => list.reset(fresh.vehicle.images))
        .catch(() => undefined);
    } finally {
      setProgress({});
      setSaving(false);
      void refreshListings();
    }
  };

  return (
    <FormStack
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <PhotoManager list={list} mode="edit" progress={progress} disabled={saving} onRemove={remove} />
      <div role="alert">{notProcessed > 0 && <Hint>{photosNotProcessed(notProcessed)}</Hint>}</div>
      {tooFew && <Hint>{tooFew}</Hint>}
      <div>
        <Button type="submit" disabled={saving || tooFew !== null}>
          {saving ? 'Saving...' : 'Save Photos'}
        </Button>
      </div>
    </FormStack>
  );
}
