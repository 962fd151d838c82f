import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { PhotoStorage } from '../../storage/photo-storage.js';
import type { ListingPhotosRepository } from '../listings/listing-photos.repository.js';
import type { PhotoOriginals } from './photo-originals.js';

/** The photo id a stored file's name starts with (`<id>.webp`, `<id>-800.webp`, `<id>-thumb.webp`, `<id>.webp.<x>.partial`). */
const PHOTO_ID_PREFIX = /^[0-9a-f]{32}/;

/** Uploaded photos' files live under this prefix of the store (demo photos elsewhere, owned by none). */
const UPLOADED_PHOTOS_PREFIX = 'photos';

export interface SweepResult {
  originals: number;
  files: number;
}

/**
 * Removes what a process killed in the middle of an upload or a deletion leaves behind: kept
 * originals whose row was never committed, and stored files of photos whose row is gone. Only files
 * older than `minAgeMs` are candidates, so an upload still in flight (its original kept, its row not
 * yet written) is never touched; a file is removed only when no photo row names its id.
 */
export async function sweepOrphanPhotos(
  photos: ListingPhotosRepository,
  storage: PhotoStorage,
  originals: PhotoOriginals,
  minAgeMs: number,
  log: FastifyBaseLogger,
): Promise<SweepResult> {
  const before = Date.now() - minAgeMs;
  const oldOriginals = await originals.olderThan(before);
  const oldFiles = await storage.listOlderThan(UPLOADED_PHOTOS_PREFIX, before);
  const idOf = (key: string) => PHOTO_ID_PREFIX.exec(path.posix.basename(key))?.[0];
  const candidates = new Set([...oldOriginals, ...oldFiles.map(idOf)].filter((id) => id !== undefined));
  if (candidates.size === 0) return { originals: 0, files: 0 };
  const named = await photos.existingPublicIds([...candidates]);
  const orphanOriginals = oldOriginals.filter((id) => !named.has(id));
  const orphanFiles = oldFiles.filter((key) => {
    const id = idOf(key);
    return id !== undefined && !named.has(id);
  });
  await originals.discard(orphanOriginals);
  await storage.delete(orphanFiles);
  if (orphanOriginals.length + orphanFiles.length > 0) {
    log.info(
      { originals: orphanOriginals.length, files: orphanFiles.length },
      'removed photo files that no photo names',
    );
  }
  return { originals: orphanOriginals.length, files: orphanFiles.length };
}
