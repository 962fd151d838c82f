import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  signUp,
  STARTUP_TIMEOUT_MS,
  startTestApp,
  type SignedIn,
  type TestApp,
} from '../../test/test-app.js';
import { UsersRepository } from '../users/users.repository.js';

let t: TestApp;
let cdn: Server;
let cdnUrl: string;
let admin: SignedIn;
let member: SignedIn;

beforeAll(async () => {
  // A search build hosted elsewhere (a CDN stand-in).
  cdn = createServer((request, response) => {
    if (request.url !== '/search/mf-manifest.json') return void response.writeHead(404).end();
    response.writeHead(200, { 'content-type': 'application/json' }).end(
      JSON.stringify({
        name: 'mfe_search',
        metaData: { publicPath: 'auto', buildInfo: { buildVersion: '1.5.0' } },
      }),
    );
  });
  await new Promise<void>((resolve) => cdn.listen(0, '127.0.0.1', resolve));
  cdnUrl = `http://127.0.0.1:${(cdn.address() as AddressInfo).port}/search/`;
  t = await startTestApp();
  admin = await signUp(t, 'ops@example.com');
  member = await signUp(t, 'member@example.com');
  // What `npm run admin -- grant ops@example.com` does.
  expect(await new UsersRepository(t.app.database.db).setAdmin('OPS@example.com', true)).toBe(true);
}, STARTUP_TIMEOUT_MS);

afterAll(async () => {
  await t?.close();
  await new Promise((resolve) => cdn?.close(resolve));
});

/** The search entry new page loads get; the server re-reads the registry within a second. */
async function searchEntrySoon(expected: string) {
  const deadline = Date.now() + 5_000;
  for (;;) {
    const { body } = await t.request('GET', '/remotes.json');
    const entry = body.remotes.find((remote: { name: string }) => remote.name === 'mfe_search').entry;
    if (entry === expected || Date.now() > deadline) return entry;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('the admin API of the deploy registry', () => {
  it('answers 401 to guests and 403 to members, changing nothing', async () => {
    expect((await t.request('GET', '/api/admin/remotes')).status).toBe(401);
    const refused = await t.request('POST', '/api/admin/remotes/search/publish', {
      token: member.accessToken,
      json: { url: cdnUrl },
    });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ success: false, error: 'Administrators only', code: 'ADMIN_ONLY' });
    const history = await t.request('GET', '/api/admin/remotes/history', { token: admin.accessToken });
    expect(history.body.data).toEqual([]);
  });

  it('refuses bad input with the error envelope', async () => {
    const unknown = await t.request('POST', '/api/admin/remotes/garage/rollback', {
      token: admin.accessToken,
    });
    expect(unknown.status).toBe(400);
    const notUrl = await t.request('POST', '/api/admin/remotes/search/publish', {
      token: admin.accessToken,
      json: { url: '/etc/passwd', canaryPercent: 150 },
    });
    expect(notUrl.status).toBe(400);
    expect(notUrl.body).toMatchObject({ success: false, code: 'VALIDATION_ERROR' });
    const nothing = await t.request('POST', '/api/admin/remotes/search/rollback', {
      token: admin.accessToken,
    });
    expect(nothing.status).toBe(409);
    expect(nothing.body.code).toBe('NOTHING_TO_ROLL_BACK');
  });

  it('publishes, rolls back and records who did it', async () => {
    const published = await t.request('POST', '/api/admin/remotes/search/publish', {
      token: admin.accessToken,
      json: { url: cdnUrl },
    });
    expect(published.body).toEqual({ success: true, data: { version: '1.5.0' } });
    expect(await searchEntrySoon(`${cdnUrl}mf-manifest.json`)).toBe(`${cdnUrl}mf-manifest.json`);
    const status = await t.request('GET', '/api/admin/remotes', { token: admin.accessToken });
    expect(status.body.data.search).toMatchObject({ live: '1.5.0', canary: null });
    expect(status.body.data.account).toEqual({ live: 'built-in', canary: null, releases: [] });

    const rolledBack = await t.request('POST', '/api/admin/remotes/search/rollback', {
      token: admin.accessToken,
    });
    expect(rolledBack.body.data).toEqual({ live: 'built-in' });
    expect(await searchEntrySoon('/remotes/search/mf-manifest.json')).toBe(
      '/remotes/search/mf-manifest.json',
    );

    const history = await t.request('GET', '/api/admin/remotes/history?remote=search', {
      token: admin.accessToken,
    });
    expect(history.body.data.map(({ by, action }: { by: string; action: string }) => [by, action])).toEqual([
      ['ops@example.com', 'publish'],
      ['ops@example.com', 'rollback'],
    ]);
  });
});
