import { createHash } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestBucket, type TestBucket } from '../test/s3-bucket.js';
import { LocalStorage } from './local-storage.js';
import { S3Storage } from './s3-storage.js';
import type { PhotoStorage } from './photo-storage.js';

describe('LocalStorage', () => {
  let root: string;
  let storage: PhotoStorage;

  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'carmarket-storage-'));
    storage = new LocalStorage(root);
  });

  afterAll(() => rm(root, { recursive: true, force: true }));

  it('writes, finds and deletes files under its directory, served from /uploads/', async () => {
    await storage.put('photos/abc.webp', Buffer.from('image bytes'), 'image/webp');
    expect(await readFile(path.join(root, 'photos', 'abc.webp'), 'utf8')).toBe('image bytes');
    expect(await storage.exists('photos/abc.webp')).toBe(true);
    expect(storage.url('photos/abc.webp')).toBe('/uploads/photos/abc.webp');
    expect(storage.keyOf('/uploads/photos/abc.webp')).toBe('photos/abc.webp');
    expect(storage.keyOf('https://cdn.example.com/photos/abc.webp')).toBeUndefined();
    expect((await storage.get('photos/abc.webp'))?.toString()).toBe('image bytes');

    await storage.delete(['photos/abc.webp', 'photos/never-stored.webp']);
    expect(await storage.exists('photos/abc.webp')).toBe(false);
    expect(await storage.get('photos/abc.webp')).toBeUndefined();
  });

  it('refuses a key that leaves the directory', async () => {
    await expect(storage.put('../escape.webp', Buffer.from('x'), 'image/webp')).rejects.toThrow(
      /outside the upload directory/,
    );
  });
});

describe('S3Storage against the S3 stand-in', () => {
  const HOUR_MS = 60 * 60_000;
  let bucket: TestBucket;
  const requestLines = () => bucket.requests.map((request) => `${request.method} ${request.url}`);

  // Two keys a listing page: every listing below takes several pages.
  beforeAll(async () => {
    bucket = await startTestBucket({ region: 'eu-central-1', pageSize: 2 });
  });

  beforeEach(() => {
    bucket.objects.clear();
    bucket.requests.length = 0;
  });

  afterAll(() => bucket.stop());

  /** Stores an object last written `ageMs` ago. */
  async function store(key: string, ageMs = 0): Promise<string> {
    await bucket.storage.put(key, Buffer.from('webp bytes'), 'image/webp');
    bucket.backdate(key, ageMs);
    return key;
  }

  it('puts an object path-style with its type, cache header and a signature the bucket accepts', async () => {
    const body = Buffer.from('webp bytes');
    await bucket.storage.put('photos/abc.webp', body, 'image/webp');

    expect(bucket.objects.get('photos/abc.webp')).toMatchObject({ body, contentType: 'image/webp' });
    expect(requestLines()).toEqual(['PUT /photos/photos/abc.webp']);
    const [request] = bucket.requests;
    expect(request!.headers).toMatchObject({
      'cache-control': 'public, max-age=31536000, immutable',
      'x-amz-content-sha256': sha256Hex(body),
    });
    expect(request!.headers.authorization).toMatch(
      /^AWS4-HMAC-SHA256 Credential=stand-in-key\/\d{8}\/eu-central-1\/s3\/aws4_request, SignedHeaders=cache-control;host;x-amz-content-sha256;x-amz-date, Signature=[0-9a-f]{64}$/,
    );
  });

  it('fails with the status and the error when signed with the wrong secret, storing nothing', async () => {
    const storage = new S3Storage({ ...bucket.config, secretAccessKey: 'not-the-secret' });
    await expect(storage.put('photos/abc.webp', Buffer.from('x'), 'image/webp')).rejects.toThrow(
      /S3 PUT photos\/abc.webp answered 403: <Error><Code>SignatureDoesNotMatch/,
    );
    expect(bucket.objects.size).toBe(0);
  });

  it('tells whether an object exists with HEAD', async () => {
    await store('demo/there.webp');
    bucket.requests.length = 0;
    expect(await bucket.storage.exists('demo/there.webp')).toBe(true);
    expect(await bucket.storage.exists('demo/missing.webp')).toBe(false);
    expect(requestLines()).toEqual(['HEAD /photos/demo/there.webp', 'HEAD /photos/demo/missing.webp']);
  });

  it("gets an object's bytes, and undefined when there is none", async () => {
    await store('photos/there.webp');
    expect(await bucket.storage.get('photos/there.webp')).toEqual(Buffer.from('webp bytes'));
    expect(await bucket.storage.get('photos/missing.webp')).toBeUndefined();
  });

  it('deletes each object', async () => {
    await Promise.all([store('photos/a.webp'), store('photos/a-thumb.webp'), store('photos/kept.webp')]);
    bucket.requests.length = 0;
    await bucket.storage.delete(['photos/a.webp', 'photos/a-thumb.webp', 'photos/never-stored.webp']);
    expect([...bucket.objects.keys()]).toEqual(['photos/kept.webp']);
    expect(requestLines().sort()).toEqual([
      'DELETE /photos/photos/a-thumb.webp',
      'DELETE /photos/photos/a.webp',
      'DELETE /photos/photos/never-stored.webp',
    ]);
  });

  it('signs a key with characters S3 encodes', async () => {
    await store('photos/a b+c(1).webp');
    expect(requestLines()).toEqual(['PUT /photos/photos/a%20b%2Bc%281%29.webp']);
    expect(await bucket.storage.exists('photos/a b+c(1).webp')).toBe(true);
  });

  it('links objects under the public URL, and tells the key of such a link', () => {
    const storage = new S3Storage({ ...bucket.config, publicUrl: 'https://cdn.example.com' });
    expect(storage.url('photos/abc.webp')).toBe('https://cdn.example.com/photos/abc.webp');
    expect(storage.keyOf(storage.url('photos/a b+c(1).webp'))).toBe('photos/a b+c(1).webp');
    expect(storage.keyOf('https://elsewhere.example.com/photos/abc.webp')).toBeUndefined();
  });

  it('lists the keys under a folder last written before a time, page after page', async () => {
    const old = await Promise.all(
      [
        'photos/a.webp',
        'photos/a-thumb.webp',
        // Escaped in the listing's XML.
        `photos/b&c <d> "e" 'f'.webp`,
        'photos/nested/g.webp',
        'photos/h.webp.3f9a1c2b7d4e.partial',
      ].map((key) => store(key, 2 * HOUR_MS)),
    );
    await store('photos/young.webp', 60_000);
    await store('photos-elsewhere/old.webp', 2 * HOUR_MS);
    await store('demo/sedan-1.webp', 2 * HOUR_MS);

    const listed = await bucket.storage.listOlderThan('photos', Date.now() - HOUR_MS);

    expect(listed.sort()).toEqual(old.sort());
    expect(await bucket.storage.listOlderThan('nothing-here', Date.now())).toEqual([]);
  });

  it('is refused a listing signed with the wrong secret', async () => {
    const storage = new S3Storage({ ...bucket.config, secretAccessKey: 'not-the-secret' });
    await expect(storage.listOlderThan('photos', Date.now())).rejects.toThrow(
      /S3 list photos\/ answered 403: <Error><Code>SignatureDoesNotMatch/,
    );
  });
});

const sha256Hex = (data: Buffer) => createHash('sha256').update(data).digest('hex');
