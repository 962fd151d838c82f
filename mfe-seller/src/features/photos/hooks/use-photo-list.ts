import type { ListingImage } from '@carmarket/shared';
import { validatePhotoFiles } from '@carmarket/shared/schemas';
import { useCallback, useEffect, useRef, useState } from 'react';

/** One photo in the manager: a stored one (edit mode) or a new file waiting to be uploaded. */
export interface PhotoItem {
  /** Stable React key: the publicId of a stored photo, a generated id for a new file. */
  key: string;
  /** Set on photos the listing already has; new files get one when uploaded. */
  publicId?: string;
  /** The picked file, for photos not uploaded yet. */
  file?: File;
  /** An object URL of the new file, or the stored photo's thumbnail. */
  preview: string;
  isPrimary: boolean;
  /** A stored photo whose files the server is still making: no preview to show yet. */
  processing?: boolean;
}

const fromStored = (image: ListingImage): PhotoItem => ({
  key: image.publicId,
  publicId: image.publicId,
  preview: image.thumbnail || image.url,
  isPrimary: image.isPrimary,
  processing: image.status === 'processing',
});

/** Exactly one primary: the flagged one, else the first photo (the first added is primary). */
function withOnePrimary(photos: PhotoItem[]): PhotoItem[] {
  const primary = Math.max(
    0,
    photos.findIndex((photo) => photo.isPrimary),
  );
  return photos.map((photo, index) =>
    photo.isPrimary === (index === primary) ? photo : { ...photo, isPrimary: index === primary },
  );
}

const revokePreview = (photo: PhotoItem) => {
  if (photo.file) URL.revokeObjectURL(photo.preview);
};

let nextKey = 0;

/**
 * The photo list shared by the wizard's Photos step and the editor's Photos tab. It owns the
 * object URLs of new files' previews: each is revoked when its photo is removed, when the list is
 * reset, and when the owner unmounts.
 */
export function usePhotoList(initial: readonly ListingImage[] = []) {
  const [photos, setPhotos] = useState<PhotoItem[]>(() => withOnePrimary(initial.map(fromStored)));
  const current = useRef(photos);
  current.current = photos;

  useEffect(() => () => current.current.forEach(revokePreview), []);

  /** Adds the files that pass the spec's checks; answers the messages of those that do not. */
  const add = useCallback((files: Iterable<File>): string[] => {
    const { accepted, errors } = validatePhotoFiles(current.current.length, files);
    if (accepted.length > 0) {
      const added = accepted.map((file) => ({
        key: `new-${(nextKey += 1)}`,
        file,
        preview: URL.createObjectURL(file),
        isPrimary: false,
      }));
      setPhotos((photos) => withOnePrimary([...photos, ...added]));
    }
    return errors;
  }, []);

  /** Removing the primary photo makes the first remaining one primary. */
  const remove = useCallback((key: string) => {
    const removed = current.current.find((photo) => photo.key === key);
    if (removed) revokePreview(removed);
    setPhotos((photos) => withOnePrimary(photos.filter((photo) => photo.key !== key)));
  }, []);

  const setPrimary = useCallback((key: string) => {
    setPhotos((photos) => photos.map((photo) => ({ ...photo, isPrimary: photo.key === key })));
  }, []);

  const move = useCallback((from: number, to: number) => {
    setPhotos((photos) => {
      if (from === to || to < 0 || to >= photos.length) return photos;
      const reordered = [...photos];
      const [moved] = reordered.splice(from, 1);
      reordered.splice(to, 0, moved!);
      return reordered;
    });
  }, []);

  /**
   * Takes the processing state of stored photos from a fresh read of the listing, keeping the
   * order and new files as they are; answers how many processing photos the server removed
   * because it could not process them.
   */
  const refreshProcessing = useCallback((images: readonly ListingImage[]): number => {
    const stored = new Map(images.map((image) => [image.publicId, image]));
    const lost = current.current.filter((photo) => photo.processing && !stored.has(photo.publicId!));
    setPhotos((photos) =>
      withOnePrimary(
        photos.flatMap((photo) => {
          if (!photo.processing) return [photo];
          const image = stored.get(photo.publicId!);
          return image ? [{ ...photo, processing: image.status === 'processing' }] : [];
        }),
      ),
    );
    return lost.length;
  }, []);

  /** Replaces the list with the listing's stored photos (after a save or a reload). */
  const reset = useCallback((images: readonly ListingImage[]) => {
    current.current.forEach(revokePreview);
    setPhotos(withOnePrimary(images.map(fromStored)));
  }, []);

  return { photos, add, remove, setPrimary, move, reset, refreshProcessing };
}

export type PhotoList = ReturnType<typeof usePhotoList>;
