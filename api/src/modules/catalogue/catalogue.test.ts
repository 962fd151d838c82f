import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STARTUP_TIMEOUT_MS, startTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
}, STARTUP_TIMEOUT_MS);

afterAll(async () => {
  await t?.close();
});

const get = (path: string, headers?: Record<string, string>) =>
  t.request('GET', `/api/vehicle-data${path}`, { headers });

describe('GET /api/vehicle-data/years', () => {
  it('lists model years from next year down to 1900', async () => {
    const res = await get('/years');
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    expect(res.body.data[0]).toBe(new Date().getFullYear() + 1);
    expect(res.body.data.at(-1)).toBe(1900);
  });
});

describe('GET /api/vehicle-data/makes/:year', () => {
  it("lists a year's makes", async () => {
    const res = await get('/makes/2015');
    expect(res.status).toBe(200);
    expect(res.body.data).toContainEqual({ make: 'Honda', makeId: 'honda' });
    expect(res.body.data).toContainEqual({ make: 'Toyota', makeId: 'toyota' });
  });

  it("lists every make for 'all'", async () => {
    const res = await get('/makes/all');
    expect(res.status).toBe(200);
    expect(res.body.data).toContainEqual({ make: 'Pontiac', makeId: 'pontiac' });
  });

  it.each(['1899', 'abc', String(new Date().getFullYear() + 2)])(
    'rejects the year %s with a 400',
    async (year) => {
      const res = await get(`/makes/${year}`);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({
        success: false,
        code: 'INVALID_YEAR',
        details: { year: 'Unknown model year' },
      });
    },
  );
});

describe('GET /api/vehicle-data/models/:year/:make', () => {
  it("lists a make's models, the make by name or id", async () => {
    const byId = await get('/models/2015/honda');
    expect(byId.status).toBe(200);
    expect(byId.body.data).toContainEqual({ model: 'Civic', modelId: 'civic' });
    expect(byId.body.data).toContainEqual({ model: 'Accord', modelId: 'accord' });
    expect((await get('/models/2015/Honda')).body.data).toEqual(byId.body.data);
    expect((await get('/models/2015/Land%20Rover')).body.data).toEqual(
      (await get('/models/2015/land-rover')).body.data,
    );
  });

  it('gives an empty list for an unknown make', async () => {
    const res = await get('/models/2015/Zastava');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, data: [] });
  });
});

describe('GET /api/vehicle-data/trims/:year/:make/:model', () => {
  it('lists trims with engine size and transmission', async () => {
    const res = await get('/trims/2024/toyota/camry');
    expect(res.status).toBe(200);
    expect(res.body.data).toContainEqual({ trim: 'LE', engineSize: '2.5L I4', transmission: 'automatic' });
  });

  it("merges the years for 'all'", async () => {
    const res = await get('/trims/all/Honda/Civic');
    expect(res.status).toBe(200);
    expect(res.body.data.map((trim: { trim: string }) => trim.trim)).toEqual(
      expect.arrayContaining(['LX', 'Si']),
    );
  });

  it('gives an empty list when no trims are known', async () => {
    const res = await get('/trims/2004/pontiac/aztek');
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([]);
  });
});

describe('GET /api/vehicle-data/search', () => {
  it('finds makes and models', async () => {
    const res = await get('/search?q=civ');
    expect(res.status).toBe(200);
    expect(res.body.data[0]).toEqual({
      type: 'model',
      make: 'Honda',
      makeId: 'honda',
      model: 'Civic',
      modelId: 'civic',
      label: 'Honda Civic',
    });
    expect((await get('/search?q=Ford')).body.data[0]).toEqual({
      type: 'make',
      make: 'Ford',
      makeId: 'ford',
      label: 'Ford',
    });
  });

  it.each(['', '?q=', '?q=%20%20'])('rejects a missing or blank text (%s)', async (query) => {
    const res = await get(`/search${query}`);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, details: { q: 'Search text is required' } });
  });
});

describe('caching', () => {
  it('lets clients keep an answer for a day and revalidate it with its ETag', async () => {
    const first = await get('/models/2015/honda');
    expect(first.headers.get('cache-control')).toBe('public, max-age=86400');
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^"[\w-]+"$/);

    const again = await get('/models/2015/honda', { 'if-none-match': etag! });
    expect(again.status).toBe(304);
    expect(again.text).toBe('');
    expect(again.headers.get('etag')).toBe(etag);
    expect(again.headers.get('cache-control')).toBe('public, max-age=86400');

    const weak = await get('/models/2015/honda', { 'if-none-match': `"other", W/${etag}` });
    expect(weak.status).toBe(304);
  });

  it('sends the whole answer when the ETag differs', async () => {
    const res = await get('/models/2016/honda', { 'if-none-match': '"stale"' });
    expect(res.status).toBe(200);
    expect(res.body.data.length).toBeGreaterThan(0);
    expect(res.headers.get('etag')).not.toBe('"stale"');
  });

  it('gives different answers different ETags', async () => {
    const a = await get('/makes/1995');
    const b = await get('/makes/2024');
    expect(a.headers.get('etag')).not.toBe(b.headers.get('etag'));
  });

  it('does not cache errors', async () => {
    const res = await get('/makes/1899');
    expect(res.headers.get('etag')).toBeNull();
    expect(res.headers.get('cache-control')).not.toBe('public, max-age=86400');
  });
});

describe('GET /api/docs/json', () => {
  it('documents the five calls', async () => {
    const res = await t.request('GET', '/api/docs/json');
    expect(res.status).toBe(200);
    expect(Object.keys(res.body.paths)).toEqual(
      expect.arrayContaining([
        '/api/vehicle-data/years',
        '/api/vehicle-data/makes/{year}',
        '/api/vehicle-data/models/{year}/{make}',
        '/api/vehicle-data/trims/{year}/{make}/{model}',
        '/api/vehicle-data/search',
      ]),
    );
  });
});
