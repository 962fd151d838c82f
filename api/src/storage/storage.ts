import type { AppConfig } from '../config/env.js';
import { LocalStorage } from './local-storage.js';
import type { PhotoStorage } from './photo-storage.js';
import { S3Storage } from './s3-storage.js';

/** The storage the configuration asks for: an S3-compatible bucket when configured, else local disk. */
export function createStorage(config: Pick<AppConfig, 's3' | 'uploadDir'>): PhotoStorage {
  return config.s3 ? new S3Storage(config.s3) : new LocalStorage(config.uploadDir);
}
