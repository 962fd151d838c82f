import { randomBytes } from 'node:crypto';
import { access, mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { IMMUTABLE } from '../http/cache-control.js';
import { serveFolder } from '../http/static-files.js';
import type { PhotoStorage } from './photo-storage.js';

export const UPLOADS_URL_PREFIX = '/uploads/';

/** Photos as files under one directory, served by this server at /uploads/. */
export class LocalStorage implements PhotoStorage {
  readonly description: string;

  constructor(private readonly root: string) {
    this.description = `local disk (${root})`;
  }

  async put(key: string, body: Buffer): Promise<void> {
    const file = this.fileFor(key);
    await mkdir(path.dirname(file), { recursive: true });
    // Written aside and renamed, so a request never sees half a file.
    const partial = `${file}.${randomBytes(6).toString('hex')}.partial`;
    await writeFile(partial, body);
    await rename(partial, file);
  }

  async get(key: string): Promise<Buffer | undefined> {
    return readFile(this.fileFor(key)).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return undefined;
      throw error;
    });
  }

  async exists(key: string): Promise<boolean> {
    return access(this.fileFor(key)).then(
      () => true,
      () => false,
    );
  }

  async delete(keys: readonly string[]): Promise<void> {
    await Promise.all(keys.map((key) => rm(this.fileFor(key), { force: true })));
  }

  async listOlderThan(prefix: string, before: number): Promise<string[]> {
    const files = await filesModifiedBefore(this.fileFor(prefix), before);
    return files.map((file) => path.posix.join(prefix, file.split(path.sep).join('/')));
  }

  url(key: string): string {
    return UPLOADS_URL_PREFIX + key;
  }

  keyOf(url: string): string | undefined {
    return url.startsWith(UPLOADS_URL_PREFIX) ? url.slice(UPLOADS_URL_PREFIX.length) : undefined;
  }

  /** Serves the directory at /uploads/ with year-long caching: a key's content never changes. */
  async serve(app: FastifyInstance): Promise<void> {
    await mkdir(this.root, { recursive: true });
    await serveFolder(app, {
      root: this.root,
      prefix: UPLOADS_URL_PREFIX,
      cacheControl: false,
      setHeaders: (reply) => reply.header('cache-control', IMMUTABLE),
    });
  }

  private fileFor(key: string): string {
    const file = path.resolve(this.root, key);
    // Keys are made by the server, but a key must never name a file outside the directory.
    if (!file.startsWith(this.root + path.sep))
      throw new Error(`Storage key outside the upload directory: ${key}`);
    return file;
  }
}

/**
 * The files under `dir` (relative paths, at any depth) last modified before `before` (epoch ms);
 * none when the directory does not exist. A file removed meanwhile is skipped.
 */
export async function filesModifiedBefore(dir: string, before: number): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch((error: unknown) => {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  });
  const old = await Promise.all(
    entries
      .filter((entry) => entry.isFile())
      .map(async (entry) => {
        const file = path.join(entry.parentPath, entry.name);
        const modified = await stat(file).then(
          (info) => info.mtimeMs,
          () => undefined,
        );
        return modified !== undefined && modified < before ? path.relative(dir, file) : undefined;
      }),
  );
  return old.filter((file) => file !== undefined);
}
