import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { LocalStorage } from './local-storage.js';
import { S3Storage } from './s3-storage.js';
import { sha256Hex, signV4 } from './sigv4.js';
import type { PhotoStorage } from './photo-storage.js';

describe('signV4', () => {
  it('reproduces the GET Object example of the AWS documentation', () => {
    const headers = signV4(
      {
        method: 'GET',
        url: new URL('https://examplebucket.s3.amazonaws.com/test.txt'),
        headers: { Range: 'bytes=0-9' },
        payloadHash: sha256Hex(''),
      },
      {
        accessKeyId: 'AKIAIOSFODNN7EXAMPLE',
        secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
        region: 'us-east-1',
        service: 's3',
      },
      new Date('2013-05-24T00:00:00Z'),
    );
    expect(headers).toEqual({
      range: 'bytes=0-9',
      'x-amz-date': '20130524T000000Z',
      'x-amz-content-sha256': 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
      authorization:
        'AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request, ' +
        'SignedHeaders=host;range;x-amz-content-sha256;x-amz-date, ' +
        'Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41',
    });
  });
});

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
      req.on('end', () => {
        const request = {
          method: req.method!,
          url: req.url!,
          headers: req.headers,
          body: Buffer.concat(chunks),
        };
        received.push(request);
        res.statusCode = answer(request);
        res.end(res.statusCode >= 400 ? '<Error><Code>AccessDenied</Code></Error>' : '');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  beforeEach(() => {
    received.length = 0;
    answer = () => 200;
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
    // The signature the server can recompute from what it received.
    const amzDate = String(request!.headers['x-amz-date']);
    const date = new Date(
      `${amzDate.slice(0, 4)}-${amzDate.slice(4, 6)}-${amzDate.slice(6, 8)}T${amzDate.slice(9, 11)}:${amzDate.slice(11, 13)}:${amzDate.slice(13, 15)}Z`,
    );
    const expected = signV4(
      {
        method: 'PUT',
        url: new URL(`${endpoint}/photos/photos/abc.webp`),
        headers: { 'content-type': 'image/webp', 'cache-control': 'public, max-age=31536000, immutable' },
        payloadHash: sha256Hex(body),
      },
      { accessKeyId: 'test-key', secretAccessKey: 'test-secret', region: 'eu-central-1', service: 's3' },
      date,
    );
    expect(request!.headers.authorization).toBe(expected.authorization);
    expect(request!.headers.authorization).toMatch(
      /^AWS4-HMAC-SHA256 Credential=test-key\/\d{8}\/eu-central-1\/s3\/aws4_request, SignedHeaders=cache-control;content-type;host;x-amz-content-sha256;x-amz-date, Signature=[0-9a-f]{64}$/,
    );
  });

  it('tells whether an object exists with HEAD', async () => {
    const storage = new S3Storage(config());
    answer = (request) => (request.url.endsWith('/there.webp') ? 200 : 404);
    expect(await storage.exists('demo/there.webp')).toBe(true);
    expect(await storage.exists('demo/missing.webp')).toBe(false);
    expect(received.map((request) => request.method)).toEqual(['HEAD', 'HEAD']);
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

  it('links objects under the public URL', () => {
    expect(new S3Storage(config()).url('photos/abc.webp')).toBe('https://cdn.example.com/photos/abc.webp');
  });
});
