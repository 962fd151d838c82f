import type { Readable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import { PHOTOS_MAX } from '@carmarket/shared/constants';
import type { ListingImage } from '@carmarket/shared/contracts';
import { PHOTO_MAX_ERROR, PHOTO_SIZE_ERROR } from '@carmarket/shared/schemas';
import type { FastifyBaseLogger } from 'fastify';
import { isDatabaseUnavailable } from '../../http/database-unavailable.js';
import { BadRequestError, NotFoundError, PayloadTooLargeError } from '../../http/errors.js';
import type { PhotoStorage } from '../../storage/photo-storage.js';
import { toImageDto } from '../listings/listing-dto.js';
import type { ListingPhotosRepository } from '../listings/listing-photos.repository.js';
import type { ListingsService } from '../listings/listings.service.js';
import type { PhotoEncoderPool } from './photo-encoder-pool.js';
import { checkUploadedPhoto, deletePhotoFiles, photoKeys, putPhotoFiles } from './photo-files.js';
import type { PhotoOriginals } from './photo-originals.js';
import { type SweepResult, sweepOrphanPhotos } from './orphan-sweep.js';

export function tooManyPhotos(): BadRequestError {
  return new BadRequestError(PHOTO_MAX_ERROR, 'TOO_MANY_IMAGES');
}

/** Waits between tries of a processed photo's database step: about half a minute in all. */
const DATABASE_RETRY_DELAYS_MS = [500, 1_000, 2_000, 4_000, 8_000, 16_000];

const imageNotFound = () => new NotFoundError('Image not found', 'IMAGE_NOT_FOUND');

/**
 * A listing's photos: adding uploads, deleting, ordering, choosing the primary, all by the
 * listing's owner only. Every change runs in one transaction holding the listing's lock, and ends
 * by renumbering the photos and re-applying the photo rule to the listing's status.
 *
 * An upload is answered once its original is stored: its photo is 'processing' until the display
 * and thumbnail files are made (encoded in the pool's child processes), then 'ready'. A photo whose files cannot be
 * made is removed from its listing, as if its owner had deleted it.
 */
export class UploadsService {
  /** Photos being processed, so that shutting down can wait for them. */
  private readonly processing = new Set<Promise<void>>();

  constructor(
    private readonly listings: ListingsService,
    private readonly photos: ListingPhotosRepository,
    private readonly storage: PhotoStorage,
    private readonly originals: PhotoOriginals,
    private readonly encoder: PhotoEncoderPool,
    private readonly log: FastifyBaseLogger,
    /** Counts photos whose files were made (the metrics' photos processed). */
    private readonly photosProcessed: { inc(count: number): void },
  ) {}

  /** How many more photos the listing takes; checked before any file is read (404, 403 first). */
  async roomFor(listingId: string, userId: string): Promise<number> {
    await this.listings.requireOwnListing(listingId, userId);
    return PHOTOS_MAX - (await this.photos.count(listingId));
  }

  /**
   * Stores an upload's original as it arrives and checks it (checkUploadedPhoto), keeping it until
   * its photo is processed; returns the photo's id. A file cut short at the size limit (`truncated`,
   * as the multipart reader marks it) or refused by the check is removed again.
   */
  async keepOriginal(file: Readable & { truncated?: boolean }): Promise<string> {
    const publicId = await this.originals.keep(file);
    try {
      if (file.truncated) throw new PayloadTooLargeError(PHOTO_SIZE_ERROR, 'IMAGE_TOO_LARGE');
      await checkUploadedPhoto(this.originals.file(publicId));
    } catch (error) {
      await this.originals.discard([publicId]);
      throw error;
    }
    return publicId;
  }

  /** Drops originals kept for an upload that was refused. */
  discardOriginals(publicIds: readonly string[]): Promise<void> {
    return this.originals.discard(publicIds);
  }

  /**
   * Appends the kept originals to the listing as 'processing' photos and queues their processing;
   * the first photo a listing gets is its primary. The URLs are the files' final addresses, which
   * answer 404 until the photo is ready. Returns all the listing's photos in order.
   */
  async addPhotos(listingId: string, userId: string, publicIds: string[]): Promise<ListingImage[]> {
    let images: ListingImage[];
    try {
      await this.listings.requireOwnListing(listingId, userId);
      images = await this.photos.transaction(async (photos) => {
        await this.lock(photos, listingId);
        const existing = await photos.count(listingId);
        // Checked again under the lock: another upload may have taken the room since roomFor.
        if (existing + publicIds.length > PHOTOS_MAX) throw tooManyPhotos();
        await photos.insert(
          publicIds.map((publicId, index) => {
            const keys = photoKeys(publicId);
            return {
              listingId,
              publicId,
              url: this.storage.url(keys.display),
              medium: this.storage.url(keys.medium),
              thumbnail: this.storage.url(keys.thumbnail),
              alt: '',
              position: existing + index,
              status: 'processing' as const,
            };
          }),
        );
        return this.finish(photos, listingId);
      });
    } catch (error) {
      if (isDatabaseUnavailable(error)) this.settleUnanswered(listingId, publicIds);
      else await this.originals.discard(publicIds);
      throw error;
    }
    for (const publicId of publicIds) this.process(listingId, publicId);
    return images;
  }

  /**
   * The database went away while the photos were added: their transaction may have committed all
   * the same (its COMMIT reached the server, the answer did not). Once the database answers, the
   * photos whose rows exist are processed and the other originals discarded; given up on, the
   * sweep removes originals no row names and a restart resumes the rows.
   */
  private settleUnanswered(listingId: string, publicIds: string[]): void {
    const done = this.retried(() => this.photos.existingPublicIds(publicIds))
      .then(async (stored) => {
        for (const publicId of publicIds) if (stored.has(publicId)) this.process(listingId, publicId);
        await this.originals.discard(publicIds.filter((publicId) => !stored.has(publicId)));
      })
      .catch((error: unknown) =>
        this.log.error({ err: error, listingId, publicIds }, 'photos added unanswered'),
      )
      .finally(() => this.processing.delete(done));
    this.processing.add(done);
  }

  /** Queues the processing of the photos this server holds originals of but had not finished. */
  async resumeProcessing(): Promise<void> {
    for (const { listingId, publicId } of await this.photos.listProcessing()) {
      // Another server sharing the database may hold this one's original.
      if (await this.originals.exists(publicId)) this.process(listingId, publicId);
    }
  }

  /** Removes originals and stored files older than `minAgeMs` that no photo row names. */
  sweepOrphans(minAgeMs: number): Promise<SweepResult> {
    return sweepOrphanPhotos(this.photos, this.storage, this.originals, minAgeMs, this.log);
  }

  /** Resolves once every photo queued so far is ready or removed (shutting down waits for this). */
  async finishProcessing(): Promise<void> {
    while (this.processing.size > 0) await Promise.allSettled(this.processing);
  }

  /**
   * Marks a processed photo ready under its listing's lock, as every other photo change takes it:
   * a photo row changed touches its listing (migration 0019), so taking the photo's row first and
   * the listing second would deadlock against an upload that holds the listing and renumbers the
   * photos. False when the photo or its listing is gone.
   */
  private markReady(listingId: string, publicId: string): Promise<boolean> {
    return this.photos.transaction(
      async (photos) => (await photos.lockListing(listingId)) && photos.markReady(publicId),
    );
  }

  private process(listingId: string, publicId: string): void {
    const done = this.makeFiles(publicId)
      .then(
        async (made) => {
          if (!made) return;
          // The owner may have deleted the photo, or the listing, while its files were made.
          if (await this.retried(() => this.markReady(listingId, publicId))) this.photosProcessed.inc(1);
          else await deletePhotoFiles(this.storage, this.log, [publicId]);
        },
        async (error: unknown) => {
          this.log.error({ err: error, listingId, publicId }, 'could not process a photo; removing it');
          await deletePhotoFiles(this.storage, this.log, [publicId]);
          await this.retried(() => this.removeUnprocessed(listingId, publicId));
        },
      )
      .then(() => this.originals.discard([publicId]))
      .catch((error: unknown) => this.log.error({ err: error, listingId, publicId }, 'photo processing'))
      .finally(() => this.processing.delete(done));
    this.processing.add(done);
  }

  /**
   * A step of a photo's processing, tried again while the database is unreachable: given up on, the
   * photo would stay 'processing' until the next start (which resumes it from its original).
   */
  private async retried<T>(step: () => Promise<T>): Promise<T> {
    for (const delay of DATABASE_RETRY_DELAYS_MS) {
      try {
        return await step();
      } catch (error) {
        this.log.warn({ err: error, retryInMs: delay }, 'photo processing: the database did not answer');
        await sleep(delay);
      }
    }
    return step();
  }

  /** Encodes the kept original and writes its files; false when the photo was deleted first. */
  private async makeFiles(publicId: string): Promise<boolean> {
    const encoded = await this.encoder.encode(this.originals.file(publicId));
    if (!encoded) {
      // Deleting a photo discards its original: one deleted while it waited has nothing to make.
      if ((await this.retried(() => this.photos.existingPublicIds([publicId]))).size === 0) return false;
      throw new Error('The original of the photo is missing');
    }
    await putPhotoFiles(this.storage, photoKeys(publicId), encoded);
    return true;
  }

  /** A photo that could not be processed leaves its listing like a deleted one. */
  private async removeUnprocessed(listingId: string, publicId: string): Promise<void> {
    await this.photos.transaction(async (photos) => {
      if (!(await photos.lockListing(listingId))) return;
      await photos.delete(listingId, publicId);
      await this.finish(photos, listingId);
    });
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
    // A photo still processing also leaves its kept original, which no row would lead a restart to.
    await Promise.all([
      deletePhotoFiles(this.storage, this.log, [publicId]),
      this.originals.discard([publicId]),
    ]);
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
}
