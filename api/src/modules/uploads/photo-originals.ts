import { createWriteStream } from 'node:fs';
import { access, mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { filesModifiedBefore } from '../../storage/local-storage.js';
import { newPublicId } from './photo-files.js';

/**
 * Uploaded originals on this server's disk, from the upload's answer until their photo's files are
 * made. Never served: an original still carries its metadata (EXIF with the GPS position). Kept on
 * disk rather than in memory so a burst of uploads does not hold every original at once, and so a
 * restart finds the photos it had not processed yet.
 */
export class PhotoOriginals {
  constructor(private readonly dir: string) {}

  /**
   * Stores an original under a new photo id, which it returns, written as it arrives: an upload is
   * never gathered into memory (a 6 MB photo was a 6 MB copy and as much garbage). A stream that
   * fails leaves nothing behind.
   */
  async keep(file: Readable): Promise<string> {
    const publicId = newPublicId();
    await mkdir(this.dir, { recursive: true });
    try {
      await pipeline(file, createWriteStream(this.file(publicId), { mode: 0o600 }));
    } catch (error) {
      await this.discard([publicId]);
      throw error;
    }
    return publicId;
  }

  exists(publicId: string): Promise<boolean> {
    return access(this.file(publicId)).then(
      () => true,
      () => false,
    );
  }

  /** Ids of the originals kept before `before` (epoch ms). */
  olderThan(before: number): Promise<string[]> {
    return filesModifiedBefore(this.dir, before);
  }

  async discard(publicIds: readonly string[]): Promise<void> {
    await Promise.all(publicIds.map((publicId) => rm(this.file(publicId), { force: true })));
  }

  /** Where the photo's original is kept (the encoder reads it there). */
  file(publicId: string): string {
    return path.join(this.dir, publicId);
  }
}
