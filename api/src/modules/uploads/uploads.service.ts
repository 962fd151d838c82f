import { PHOTOS_MAX } from '@carmarket/shared/constants';
import type { ListingImage } from '@carmarket/shared/contracts';
import { PHOTO_MAX_ERROR } from '@carmarket/shared/schemas';
import type { FastifyBaseLogger } from 'fastify';
import { BadRequestError, NotFoundError, ServiceUnavailableError } from '../../http/errors.js';
import type { PhotoStorage } from '../../storage/photo-storage.js';
import { toImageDto } from '../listings/listing-dto.js';
import type { ListingPhotosRepository } from '../listings/listing-photos.repository.js';
import type { ListingsService } from '../listings/listings.service.js';
import {
  deletePhotoFiles,
  newPublicId,
  PHOTO_CONTENT_TYPE,
  photoKeys,
  type EncodedPhoto,
} from './photo-files.js';

interface StoredPhoto {
  publicId: string;
  url: string;
  thumbnail: string;
}

export function tooManyPhotos(): BadRequestError {
  return new BadRequestError(PHOTO_MAX_ERROR, 'TOO_MANY_IMAGES');
}

const imageNotFound = () => new NotFoundError('Image not found', 'IMAGE_NOT_FOUND');

/**
 * A listing's photos: adding re-encoded uploads, deleting, ordering, choosing the primary, all
 * by the listing's owner only. Every change runs in one transaction holding the listing's lock,
 * and ends by renumbering the photos and re-applying the photo rule to the listing's status.
 */
export class UploadsService {
  constructor(
    private readonly listings: ListingsService,
    private readonly photos: ListingPhotosRepository,
    private readonly storage: PhotoStorage,
    private readonly log: FastifyBaseLogger,
    /** Counts photos stored with their listing (the metrics' photos processed). */
    private readonly photosProcessed: { inc(count: number): void },
  ) {}

  /** How many more photos the listing takes; checked before any file is read (404, 403 first). */
  async roomFor(listingId: string, userId: string): Promise<number> {
    await this.listings.requireOwnListing(listingId, userId);
    return PHOTOS_MAX - (await this.photos.count(listingId));
  }

  /**
   * Stores the photos and appends them to the listing; the first photo a listing gets is its
   * primary. Files are written before the rows, and removed again when the rows cannot be added,
   * so no row ever points at a missing file. Returns all the listing's photos in order.
   */
  async addPhotos(listingId: string, userId: string, encoded: EncodedPhoto[]): Promise<ListingImage[]> {
    await this.listings.requireOwnListing(listingId, userId);
    const stored = await this.store(encoded);
    try {
      const images = await this.photos.transaction(async (photos) => {
        await this.lock(photos, listingId);
        const existing = await photos.count(listingId);
        // Checked again under the lock: another upload may have taken the room since roomFor.
        if (existing + stored.length > PHOTOS_MAX) throw tooManyPhotos();
        await photos.insert(
          stored.map((photo, index) => ({
            listingId,
            ...photo,
            alt: '',
            position: existing + index,
          })),
        );
        return this.finish(photos, listingId);
      });
      this.photosProcessed.inc(stored.length);
      return images;
    } catch (error) {
      await deletePhotoFiles(
        this.storage,
        this.log,
        stored.map((photo) => photo.publicId),
      );
      throw error;
    }
  }

  /** Deleting the primary photo makes the first remaining one primary. */
  async deletePhoto(listingId: string, userId: string, publicId: string): Promise<ListingImage[]> {
    await this.listings.requireOwnListing(listingId, userId);
    const images = await this.photos.transaction(async (photos) => {
      await this.lock(photos, listingId);
      if (!(await photos.list(listingId)).some((image) => image.publicId === publicId)) throw imageNotFound();
      await photos.delete(listingId, publicId);
      return this.finish(photos, listingId);
    });
    await deletePhotoFiles(this.storage, this.log, [publicId]);
    return images;
  }

  /** `imageOrder` must name each of the listing's photos exactly once. */
  async reorder(listingId: string, userId: string, imageOrder: string[]): Promise<ListingImage[]> {
    await this.listings.requireOwnListing(listingId, userId);
    return this.photos.transaction(async (photos) => {
      await this.lock(photos, listingId);
      const current = new Set((await photos.list(listingId)).map((image) => image.publicId));
      const named = new Set(imageOrder);
      if (
        named.size !== imageOrder.length ||
        named.size !== current.size ||
        ![...named].every((id) => current.has(id))
      ) {
        throw new BadRequestError(
          "Image order must list each of the listing's images exactly once",
          'INVALID_IMAGE_ORDER',
          { imageOrder: "Must list each of the listing's images exactly once" },
        );
      }
      await photos.reorder(listingId, imageOrder);
      return this.finish(photos, listingId);
    });
  }

  /** Exactly one primary photo: the flag moves. */
  async setPrimary(listingId: string, userId: string, publicId: string): Promise<ListingImage[]> {
    await this.listings.requireOwnListing(listingId, userId);
    return this.photos.transaction(async (photos) => {
      await this.lock(photos, listingId);
      if (!(await photos.list(listingId)).some((image) => image.publicId === publicId)) throw imageNotFound();
      await photos.setPrimary(listingId, publicId);
      return this.finish(photos, listingId);
    });
  }

  private async lock(photos: ListingPhotosRepository, listingId: string): Promise<void> {
    // The listing was deleted between the ownership check and this transaction.
    if (!(await photos.lockListing(listingId)))
      throw new NotFoundError('Listing not found', 'LISTING_NOT_FOUND');
  }

  /** What every change ends with, inside its transaction; returns the photos in order. */
  private async finish(photos: ListingPhotosRepository, listingId: string): Promise<ListingImage[]> {
    await photos.ensurePrimary(listingId);
    await photos.renumber(listingId);
    await photos.applyPhotoRule(listingId);
    return (await photos.list(listingId)).map(toImageDto);
  }

  /** Writes both files of every photo; on any failure removes them all and answers 503. */
  private async store(encoded: EncodedPhoto[]): Promise<StoredPhoto[]> {
    const photos = encoded.map((photo) => {
      const publicId = newPublicId();
      const [displayKey, thumbnailKey] = photoKeys(publicId);
      return { photo, publicId, displayKey, thumbnailKey };
    });
    const results = await Promise.allSettled(
      photos.flatMap(({ photo, displayKey, thumbnailKey }) => [
        this.storage.put(displayKey, photo.display, PHOTO_CONTENT_TYPE),
        this.storage.put(thumbnailKey, photo.thumbnail, PHOTO_CONTENT_TYPE),
      ]),
    );
    const failed = results.find((result): result is PromiseRejectedResult => result.status === 'rejected');
    if (failed) {
      await deletePhotoFiles(
        this.storage,
        this.log,
        photos.map(({ publicId }) => publicId),
      );
      throw new ServiceUnavailableError(
        'Photo storage is unavailable, please try again',
        'STORAGE_UNAVAILABLE',
        {
          cause: failed.reason,
        },
      );
    }
    return photos.map(({ publicId, displayKey, thumbnailKey }) => ({
      publicId,
      url: this.storage.url(displayKey),
      thumbnail: this.storage.url(thumbnailKey),
    }));
  }
}
