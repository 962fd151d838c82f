import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  ConflictError,
  ForbiddenError,
  NotFoundError,
  PayloadTooLargeError,
  TooManyRequestsError,
  UnauthorizedError,
  UnsupportedMediaTypeError,
  type AppError,
} from './errors.js';
import { registerErrorHandler } from './error-handler.js';
import { IMMUTABLE } from './cache-control.js';

let app: FastifyInstance;
let baseUrl: string;
let thrown: Error;

beforeAll(async () => {
  app = Fastify({ logger: false });
  registerErrorHandler(app);
  app.get('/throw', async () => {
    throw thrown;
  });
  // What @fastify/static does when a photo is deleted between its look-up and its opening: the file's
  // headers are set, then its stream fails before the first byte.
  app.get('/vanished-photo', async (_request, reply) =>
    reply
      .type('image/webp')
      .headers({
        'content-length': '10',
        'content-encoding': 'br',
        etag: '"photo"',
        'cache-control': IMMUTABLE,
      })
      .send(createReadStream(path.join(tmpdir(), `deleted-${randomUUID()}-thumb.webp`))),
  );
  await app.listen({ host: '127.0.0.1', port: 0 });
  baseUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
});

afterAll(() => app.close());

const call = async (error: Error) => {
  thrown = error;
  const res = await fetch(`${baseUrl}/throw`);
  return { status: res.status, headers: res.headers, text: await res.text() };
};

describe('the error handler', () => {
  it.each<[AppError, number, string]>([
    [new UnauthorizedError(), 401, 'UNAUTHORIZED'],
    [new ForbiddenError('Not your listing'), 403, 'FORBIDDEN'],
    [new NotFoundError('Listing not found', 'LISTING_NOT_FOUND'), 404, 'LISTING_NOT_FOUND'],
    [new ConflictError('Already saved'), 409, 'CONFLICT'],
    [new PayloadTooLargeError(), 413, 'PAYLOAD_TOO_LARGE'],
    [new UnsupportedMediaTypeError(), 415, 'UNSUPPORTED_MEDIA_TYPE'],
  ])('sends %p as its status and envelope', async (error, status, code) => {
    const res = await call(error);
    expect(res.status).toBe(status);
    expect(JSON.parse(res.text)).toMatchObject({ success: false, error: error.message, code });
  });

  it('adds Retry-After to 429', async () => {
    const res = await call(new TooManyRequestsError(42));
    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after')).toBe('42');
  });

  it('hides the internals of unexpected errors', async () => {
    const res = await call(new Error('connection to db-internal:5432 refused'));
    expect(res.status).toBe(500);
    expect(JSON.parse(res.text)).toMatchObject({
      success: false,
      error: 'Internal server error',
      code: 'INTERNAL_ERROR',
    });
    expect(res.text).not.toContain('db-internal');
  });

  it("answers a file deleted before its stream opened with a 404 envelope, not the file's headers", async () => {
    const res = await fetch(`${baseUrl}/vanished-photo`);
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    for (const header of ['content-encoding', 'etag', 'cache-control']) {
      expect(res.headers.get(header)).toBeNull();
    }
    expect(await res.json()).toMatchObject({ success: false, error: 'Not found', code: 'NOT_FOUND' });
  });
});
