import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POSTGRES_URL, postgresAnswers } from '../test/local-services.js';
import { seedListing } from '../test/seed.js';
import { startTcpProxy, type TcpProxy } from '../test/tcp-proxy.js';
import { signUp, type SignedIn, STARTUP_TIMEOUT_MS, startTestApp, type TestApp } from '../test/test-app.js';
import { createTestDatabase, type TestDatabase } from '../test/test-database.js';
import { waitFor } from '../test/wait-for.js';

// Back to normal within 5 s of the database returning (issue 14).
const RECOVERY_MS = 5000;

describe('GET /api/health and /api/ready with the database up', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp();
  }, STARTUP_TIMEOUT_MS);

  afterAll(async () => {
    await t?.close();
  });

  it('reports every part up (Redis off without REDIS_URL) and is ready', async () => {
    const health = await t.request('GET', '/api/health');
    expect(health.status).toBe(200);
    expect(health.body).toEqual({
      success: true,
      data: {
        status: 'ok',
        database: process.env.DATABASE_URL ? 'postgres' : 'pglite',
        parts: { database: 'up', redis: 'off' },
      },
    });
    const ready = await t.request('GET', '/api/ready');
    expect(ready.status).toBe(200);
    expect(ready.body).toEqual({ success: true, data: { status: 'ready' } });
  });
});

const postgresUp = await postgresAnswers();
if (!postgresUp) console.warn(`Skipping the database outage test: no PostgreSQL answers at ${POSTGRES_URL}`);

// A real PostgreSQL reached through a TCP relay the test cuts: every connection drops at once and
// new ones are refused, as when the server restarts or the network between them fails.
(postgresUp ? describe : describe.skip)('while PostgreSQL is unreachable', () => {
  let testDatabase: TestDatabase;
  let proxy: TcpProxy;
  let t: TestApp;
  let listingId: string;
  let seller: SignedIn;

  beforeAll(async () => {
    testDatabase = await createTestDatabase(POSTGRES_URL, { migrated: true });
    if (testDatabase.config.driver !== 'postgres') throw new Error('expected a PostgreSQL database');
    const server = new URL(testDatabase.config.url);
    proxy = await startTcpProxy({ host: server.hostname, port: Number(server.port || 5432) });
    const throughProxy = new URL(testDatabase.config.url);
    throughProxy.host = `127.0.0.1:${proxy.port}`;
    t = await startTestApp({
      database: { driver: 'postgres', url: throughProxy.toString() },
      // The 503s are what this test is about.
      allowServerErrors: true,
    });
    seller = await signUp(t, 'outage-seller@example.com');
    listingId = (await seedListing(t.app.database.db, seller.user._id, { title: 'Saab 9-3 estate' })).id;
  }, STARTUP_TIMEOUT_MS);

  afterAll(async () => {
    await t?.close();
    await proxy?.close();
    await testDatabase?.drop();
  });

  it('is not ready, says the database is down, answers 503 with Retry-After, and recovers', async () => {
    expect((await t.request('GET', `/api/listings/${listingId}`)).status).toBe(200);

    await proxy.cut();

    const ready = await t.request('GET', '/api/ready');
    expect(ready.status).toBe(503);
    expect(ready.headers.get('retry-after')).toBe('5');
    expect(ready.body).toMatchObject({
      success: false,
      code: 'NOT_READY',
      error: 'The database is unreachable',
      details: { database: 'down' },
    });
    const health = await t.request('GET', '/api/health');
    expect(health.status).toBe(200);
    expect(health.body.data).toMatchObject({ status: 'degraded', parts: { database: 'down' } });

    for (const [method, url, json] of [
      ['GET', `/api/listings/${listingId}`],
      ['GET', '/api/search?make=Saab'],
      ['PUT', '/api/auth/profile/name', { name: 'Olga Outage' }],
    ] as const) {
      const res = await t.request(method, url, { json, token: seller.accessToken });
      expect(res.status).toBe(503);
      expect(res.headers.get('retry-after')).toBe('5');
      expect(res.body).toEqual({
        success: false,
        error: 'The service is briefly unavailable, please try again',
        code: 'DATABASE_UNAVAILABLE',
        requestId: res.headers.get('x-request-id'),
      });
    }

    await proxy.restore();
    const back = Date.now();
    const readyAgain = await waitFor(
      () => t.request('GET', '/api/ready'),
      (res) => res.status === 200,
      RECOVERY_MS,
    );
    expect(readyAgain.status).toBe(200);
    expect((await t.request('GET', `/api/listings/${listingId}`)).status).toBe(200);
    expect(Date.now() - back).toBeLessThan(RECOVERY_MS);
    expect((await t.request('GET', '/api/health')).body.data.parts.database).toBe('up');
    // The refused write left nothing behind; sent again, it is done once.
    const renamed = await t.request('PUT', '/api/auth/profile/name', {
      json: { name: 'Olga Outage' },
      token: seller.accessToken,
    });
    expect(renamed.body.data.user.name).toBe('Olga Outage');
  });
});
