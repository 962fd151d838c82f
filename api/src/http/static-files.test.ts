import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ignoresCase, pathUnder, serveFolder } from './static-files.js';

describe('pathUnder', () => {
  it('answers the path under the prefix as sent, from its slash, without the query', () => {
    expect(pathUnder('/remotes/search/', '/remotes/search/remoteEntry.js?v=2')).toBe('/remoteEntry.js');
    expect(pathUnder('/', '/main.8f965ed0.js')).toBe('/main.8f965ed0.js');
    expect(pathUnder('/uploads/', '/uploads/photos/ab/a%20b%23.webp')).toBe('/photos/ab/a b#.webp');
    expect(pathUnder('/uploads/', '/uploads/photos/ab/')).toBe('/photos/ab/');
  });

  it.each([
    '/uploads/%2e%2e/secret.txt',
    '/uploads/photos/..%2f..%2fsecret.txt',
    '/uploads/photos/%2E%2E/%2e%2e/secret.txt',
    '/uploads/../secret.txt',
    '/uploads/./photos/a.webp',
    '/uploads//photos/a.webp',
    '/uploads/photos%5c..%5csecret.txt',
    '/uploads/photos/a%00.webp',
    '/uploads/photos/%zz.webp',
  ])('refuses %s', (url) => {
    expect(pathUnder('/uploads/', url)).toBeUndefined();
  });
});

describe('ignoresCase', () => {
  it('tells whether a name spelled in another case finds the file, on the filesystem of the folder', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'carmarket-case-'));
    try {
      await writeFile(path.join(dir, 'Photo.webp'), 'x');
      expect(ignoresCase(dir)).toBe(existsSync(path.join(dir, 'pHOTO.WEBP')));
      // A folder still to be made is judged by the nearest one that exists.
      expect(ignoresCase(path.join(dir, 'dist', 'later'))).toBe(ignoresCase(dir));
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('serveFolder', () => {
  let app: FastifyInstance;
  let baseDir: string;
  let port: number;

  /** A GET (or HEAD) sent with `rawPath` exactly as written: clients would tidy '..' away. */
  const send = (rawPath: string, method = 'GET') =>
    new Promise<{ status: number; headers: Record<string, unknown>; body: string }>((resolve, reject) => {
      const outgoing = request({ host: '127.0.0.1', port, path: rawPath, method }, (response) => {
        let body = '';
        response.setEncoding('utf8').on('data', (chunk: string) => (body += chunk));
        response.on('end', () => resolve({ status: response.statusCode!, headers: response.headers, body }));
      });
      outgoing.on('error', reject).end();
    });

  beforeAll(async () => {
    baseDir = await mkdtemp(path.join(tmpdir(), 'carmarket-static-'));
    await mkdir(path.join(baseDir, 'photos', 'ab'), { recursive: true });
    await mkdir(path.join(baseDir, 'site'), { recursive: true });
    await writeFile(path.join(baseDir, 'secret.txt'), 'not to be served');
    await writeFile(path.join(baseDir, 'photos', 'ab', 'ab12.webp'), 'photo bytes');
    await writeFile(path.join(baseDir, 'photos', 'ab', 'a b.webp'), 'spaced photo');
    await writeFile(path.join(baseDir, 'site', 'main.js'), 'console.log(1)');
    app = Fastify();
    app.setNotFoundHandler((_request, reply) => reply.code(404).send({ success: false, code: 'NOT_FOUND' }));
    await serveFolder(app, {
      root: path.join(baseDir, 'photos'),
      prefix: '/uploads/',
      cacheControl: false,
      setHeaders: (reply) => reply.header('cache-control', 'public, max-age=31536000, immutable'),
    });
    await serveFolder(app, {
      root: path.join(baseDir, 'site'),
      prefix: '/',
      cacheControl: false,
      setHeaders: (reply) => reply.header('cache-control', 'no-cache'),
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    port = (app.server.address() as AddressInfo).port;
  });

  afterAll(async () => {
    await app.close();
    await rm(baseDir, { recursive: true, force: true });
  });

  it('sends each folder’s files with that folder’s headers, HEAD included', async () => {
    const photo = await send('/uploads/ab/ab12.webp');
    expect(photo).toMatchObject({ status: 200, body: 'photo bytes' });
    expect(photo.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await send('/uploads/ab/a%20b.webp')).body).toBe('spaced photo');
    const script = await send('/main.js?v=1');
    expect(script).toMatchObject({ status: 200, body: 'console.log(1)' });
    expect(script.headers['cache-control']).toBe('no-cache');
    const head = await send('/uploads/ab/ab12.webp', 'HEAD');
    expect(head).toMatchObject({ status: 200, body: '' });
    expect(head.headers['content-length']).toBe('11');
  });

  it('sends a file written after it started', async () => {
    await writeFile(path.join(baseDir, 'photos', 'ab', 'new.webp'), 'a new photo');
    expect(await send('/uploads/ab/new.webp')).toMatchObject({ status: 200, body: 'a new photo' });
  });

  it.each([
    '/uploads/ab/missing.webp',
    '/uploads/ab',
    '/uploads/ab/',
    '/uploads/%2e%2e/secret.txt',
    '/uploads/ab/..%2f..%2fsecret.txt',
    '/uploads//ab/ab12.webp',
    '/uploads/./ab/ab12.webp',
    '/%2e%2e/secret.txt',
    '/uploads/AB/AB12.WEBP',
  ])('answers %s as not found, never with a file outside its folder', async (url) => {
    const answer = await send(url);
    expect(answer.status).toBe(404);
    expect(answer.body).not.toContain('not to be served');
    expect(JSON.parse(answer.body)).toMatchObject({ code: 'NOT_FOUND' });
  });
});
