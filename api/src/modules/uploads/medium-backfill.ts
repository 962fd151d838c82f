import type { FastifyBaseLogger } from 'fastify';
import sharp from 'sharp';
import { ADVISORY_LOCKS, type Database } from '../../db/client.js';
import type { PhotoStorage } from '../../storage/photo-storage.js';
import type { ListingPhotosRepository } from '../listings/listing-photos.repository.js';
import { encodeMedium, mediumKeyOf, PHOTO_CONTENT_TYPE } from './photo-files.js';

/** Display files read a page: one statement a page, and a stop between any two photos. */
const PAGE_SIZE = 50;

/**
 * Makes the medium size of photos stored before it existed (migration 0020), from their display
 * files, one at a time in this process (a photo's 1600 px WebP decoded and resized on libuv's
 * pool: about a tenth of an upload's encoding), until none is left or `stop` is called. Each display
 * file is read once, however many photo rows show it (demo listings share theirs). A display file
 * that is gone, or not in this storage (its address changed), is skipped and stays without a medium
 * size; its photo keeps showing the one file. A restart begins again from the first left. Of several
 * processes on one PostgreSQL server, one runs it (Database.alone): each would encode every photo.
 */
export class MediumSizeBackfill {
  private stopped = false;
  private done: Promise<number> = Promise.resolve(0);

  constructor(
    private readonly photos: ListingPhotosRepository,
    private readonly storage: PhotoStorage,
    private readonly log: FastifyBaseLogger,
    private readonly database: Pick<Database, 'alone'>,
  ) {}

  /**
   * Starts the backfill in the background (once the server is ready), unless another process runs
   * it; resolves with the number of display files done (0 when left to another process).
   */
  start(): Promise<number> {
    this.done = this.database
      .alone(ADVISORY_LOCKS.mediumSizeBackfill, () => this.run())
      .then(
        (made) => {
          if (made === undefined) this.log.info('medium photo size backfill: another process runs it');
          return made ?? 0;
        },
        (error: unknown) => {
          this.log.error({ err: error }, 'medium photo size backfill failed; the next start resumes it');
          return 0;
        },
      );
    return this.done;
  }

  /** Stops after the photo under way; resolves with the number of display files done. */
  stop(): Promise<number> {
    this.stopped = true;
    return this.done;
  }

  /** The whole backfill, awaited (tests, and start()). */
  async run(): Promise<number> {
    let made = 0;
    let after = '';
    while (!this.stopped) {
      const urls = await this.photos.displaysWithoutMedium(after, PAGE_SIZE);
      if (urls.length === 0) break;
      for (const url of urls) {
        if (this.stopped) break;
        if (await this.makeMedium(url)) made += 1;
        after = url;
      }
    }
    if (made > 0) this.log.info({ made }, 'made the medium size of photos stored before it');
    return made;
  }

  private async makeMedium(url: string): Promise<boolean> {
    const key = this.storage.keyOf(url);
    const display = key === undefined ? undefined : await this.storage.get(key);
    if (key === undefined || !display) {
      this.log.warn({ url }, 'medium photo size: no display file to make it from');
      return false;
    }
    const mediumKey = mediumKeyOf(key);
    await this.storage.put(mediumKey, await encodeMedium(sharp(display)), PHOTO_CONTENT_TYPE);
    await this.photos.setMedium(url, this.storage.url(mediumKey));
    return true;
  }
}
