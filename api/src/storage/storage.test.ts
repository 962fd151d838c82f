import { createHash } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { AwsV4Signer } from 'aws4fetch';
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

    await storage.delete(['photos/abc.webp', 'photos/never-stored.webp']);
    expect(await storage.exists('photos/abc.webp')).toBe(false);
  });

  it('refuses a key that leaves the directory', async () => {
    await expect(storage.put('../escape.webp', Buffer.from('x'), 'image/webp')).rejects.toThrow(
      /outside the upload directory/,
    );
  });
});

describe('S3Storage against a local stand-in', () => {
  interface Received {
    method: string;
    url: string;
    headers: IncomingMessage['headers'];
    body: Buffer;
  }
  let server: Server;
  let endpoint: string;
  const received: Received[] = [];
  let answer: (request: Received) => number = () => 200;
  /** The body of a successful answer (what a GET reads). */
  let stored = Buffer.alloc(0);

  const config = () => ({
    endpoint,
    region: 'eu-central-1',
    bucket: 'photos',
    accessKeyId: 'test-key',
    secretAccessKey: 'test-secret',
    publicUrl: 'https://cdn.example.com',
  });

  beforeAll(async () => {
    server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', async () => {
        const request = {
          method: req.method!,
          url: req.url!,
          headers: req.headers,
          body: Buffer.concat(chunks),
        };
        received.push(request);
        const signed = await signatureMatches(request);
        res.statusCode = signed ? answer(request) : 403;
        res.end(
          res.statusCode < 400
            ? stored
            : `<Error><Code>${signed ? 'AccessDenied' : 'SignatureDoesNotMatch'}</Code></Error>`,
        );
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  /**
   * What S3 checks: the body hash the client signed is the body that arrived, and the signature
   * recomputed from the signed headers received, with the key's secret, is the one sent.
   */
  async function signatureMatches(request: Received): Promise<boolean> {
    const authorization = String(request.headers.authorization ?? '');
    const [, accessKeyId, signedHeaders, signature] =
      /^AWS4-HMAC-SHA256 Credential=([^/]+)\/[^,]+, SignedHeaders=([^,]+), Signature=([0-9a-f]{64})$/.exec(
        authorization,
      ) ?? [];
    if (accessKeyId !== 'test-key') return false;
    if (request.headers['x-amz-content-sha256'] !== sha256Hex(request.body)) return false;
    const headers = signedHeaders!
      .split(';')
      .filter((name) => name !== 'host')
      .map((name) => [name, String(request.headers[name])] as [string, string]);
    const recomputed = new AwsV4Signer({
      method: request.method,
      url: `${endpoint}${request.url}`,
      headers,
      accessKeyId,
      secretAccessKey: 'test-secret',
      region: 'eu-central-1',
      service: 's3',
      datetime: String(request.headers['x-amz-date']),
    });
    return recomputed.signedHeaders === signedHeaders && (await recomputed.signature()) === signature;
  }

  beforeEach(() => {
    received.length = 0;
    answer = () => 200;
    stored = Buffer.alloc(0);
  });

  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('puts an object path-style with its type, cache header and a valid signature', async () => {
    const body = Buffer.from('webp bytes');
    await new S3Storage(config()).put('photos/abc.webp', body, 'image/webp');

    expect(received).toHaveLength(1);
    const [request] = received;
    expect(request).toMatchObject({ method: 'PUT', url: '/photos/photos/abc.webp', body });
    expect(request!.headers).toMatchObject({
      'content-type': 'image/webp',
      'cache-control': 'public, max-age=31536000, immutable',
      'x-amz-content-sha256': sha256Hex(body),
    });
    expect(request!.headers.authorization).toMatch(
      /^AWS4-HMAC-SHA256 Credential=test-key\/\d{8}\/eu-central-1\/s3\/aws4_request, SignedHeaders=cache-control;host;x-amz-content-sha256;x-amz-date, Signature=[0-9a-f]{64}$/,
    );
  });

  it('is refused when signed with the wrong secret', async () => {
    const storage = new S3Storage({ ...config(), secretAccessKey: 'not-the-secret' });
    await expect(storage.put('photos/abc.webp', Buffer.from('x'), 'image/webp')).rejects.toThrow(
      /S3 PUT photos\/abc.webp answered 403: <Error><Code>SignatureDoesNotMatch/,
    );
    expect(received).toHaveLength(1);
  });

  it('tells whether an object exists with HEAD', async () => {
    const storage = new S3Storage(config());
    answer = (request) => (request.url.endsWith('/there.webp') ? 200 : 404);
    expect(await storage.exists('demo/there.webp')).toBe(true);
    expect(await storage.exists('demo/missing.webp')).toBe(false);
    expect(received.map((request) => request.method)).toEqual(['HEAD', 'HEAD']);
  });

  it("gets an object's bytes, and undefined when there is none", async () => {
    const storage = new S3Storage(config());
    stored = Buffer.from('webp bytes');
    answer = (request) => (request.url.endsWith('/there.webp') ? 200 : 404);
    expect(await storage.get('photos/there.webp')).toEqual(stored);
    expect(await storage.get('photos/missing.webp')).toBeUndefined();
    expect(received.map((request) => `${request.method} ${request.url}`)).toEqual([
      'GET /photos/photos/there.webp',
      'GET /photos/photos/missing.webp',
    ]);
  });

  it('deletes each object', async () => {
    answer = () => 204;
    await new S3Storage(config()).delete(['photos/a.webp', 'photos/a-thumb.webp']);
    expect(received.map((request) => `${request.method} ${request.url}`).sort()).toEqual([
      'DELETE /photos/photos/a-thumb.webp',
      'DELETE /photos/photos/a.webp',
    ]);
  });

  it('fails with the status and the error when the server refuses', async () => {
    answer = () => 403;
    await expect(
      new S3Storage(config()).put('photos/x.webp', Buffer.from('x'), 'image/webp'),
    ).rejects.toThrow(/S3 PUT photos\/x.webp answered 403: <Error><Code>AccessDenied/);
  });

  it('signs a key with characters S3 encodes', async () => {
    await new S3Storage(config()).put('photos/a b+c(1).webp', Buffer.from('x'), 'image/webp');
    expect(received.map((request) => request.url)).toEqual(['/photos/photos/a%20b%2Bc%281%29.webp']);
  });

  it('links objects under the public URL, and tells the key of such a link', () => {
    const storage = new S3Storage(config());
    expect(storage.url('photos/abc.webp')).toBe('https://cdn.example.com/photos/abc.webp');
    expect(storage.keyOf(storage.url('photos/a b+c(1).webp'))).toBe('photos/a b+c(1).webp');
    expect(storage.keyOf('https://elsewhere.example.com/photos/abc.webp')).toBeUndefined();
  });
});

describe('S3Storage listing against the S3 stand-in', () => {
  const HOUR_MS = 60 * 60_000;
  let bucket: TestBucket;

  // Two keys a page: every listing below takes several pages.
  beforeAll(async () => {
    bucket = await startTestBucket({ pageSize: 2 });
  });

  afterAll(() => bucket.stop());

  async function store(key: string, ageMs: number): Promise<string> {
    await bucket.storage.put(key, Buffer.from('webp bytes'), 'image/webp');
    bucket.backdate(key, ageMs);
    return key;
  }

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

  it('is refused when the listing is signed with the wrong secret', async () => {
    const storage = new S3Storage({ ...bucket.config, secretAccessKey: 'not-the-secret' });
    await expect(storage.listOlderThan('photos', Date.now())).rejects.toThrow(
      /S3 list photos\/ answered 403: <Error><Code>AccessDenied/,
    );
  });
});

const sha256Hex = (data: Buffer) => createHash('sha256').update(data).digest('hex');
