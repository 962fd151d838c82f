// GET /api/search/popular: the most searched makes, models and queries of the last 30 days, falling
// back to the makes with the most listings in search when nothing (or no make) was searched lately.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { searchEvents } from '../../db/schema.js';
import { seedListing } from '../../test/seed.js';
import {
  signUp,
  STARTUP_TIMEOUT_MS,
  startTestApp,
  type JsonBody,
  type TestApp,
} from '../../test/test-app.js';
import { waitFor } from '../../test/wait-for.js';

let t: TestApp;

const DAY_MS = 24 * 60 * 60 * 1000;

// Listings in search per make. Volvo's sold, draft and expired listings below would put it first if
// they counted.
const ACTIVE: Record<string, number> = {
  Toyota: 3,
  Honda: 2,
  BMW: 1,
  Chevrolet: 1,
  Ford: 1,
  Hyundai: 1,
  Jeep: 1,
  Kia: 1,
  Mazda: 1,
  Nissan: 1,
  Subaru: 1,
  Volvo: 1,
};

async function popular(): Promise<JsonBody> {
  const res = await t.request('GET', '/api/search/popular');
  expect(res.status).toBe(200);
  expect(res.body.success).toBe(true);
  return res.body.data;
}

/** Searches are recorded after their answer: the popular lists once `ready` holds. */
const popularOnce = (ready: (data: JsonBody) => boolean) => waitFor(popular, ready);

beforeAll(async () => {
  t = await startTestApp();
  const seller = await signUp(t, 'popular-seller@example.com');
  const { db } = t.app.database;
  for (const [make, active] of Object.entries(ACTIVE)) {
    for (let index = 0; index < active; index += 1) await seedListing(db, seller.user._id, { make });
  }
  for (const status of ['sold', 'sold', 'sold', 'draft', 'draft'] as const) {
    await seedListing(db, seller.user._id, { make: 'Volvo', status });
  }
  for (let index = 0; index < 3; index += 1) {
    // Not renewed for 61 days: out of search.
    await seedListing(db, seller.user._id, { make: 'Volvo', renewedAt: new Date(Date.now() - 61 * DAY_MS) });
  }
  // Searched a lot, but 31 days ago: outside the window.
  const longAgo = new Date(Date.now() - 31 * DAY_MS);
  await db
    .insert(searchEvents)
    .values([
      ...Array.from({ length: 5 }, () => ({ kind: 'make', value: 'Saab', createdAt: longAgo })),
      { kind: 'model', value: 'Saab 900', createdAt: longAgo },
      { kind: 'query', value: 'convertible', createdAt: longAgo },
    ]);
}, STARTUP_TIMEOUT_MS);

afterAll(async () => {
  await t?.close();
});

describe('GET /api/search/popular', () => {
  it('falls back to the 10 largest makes by listings in search when nothing was searched in 30 days', async () => {
    expect(await popular()).toEqual({
      makes: [
        { value: 'Toyota', count: 3 },
        { value: 'Honda', count: 2 },
        // Ties in name order; Subaru and Volvo are the 11th and 12th.
        ...['BMW', 'Chevrolet', 'Ford', 'Hyundai', 'Jeep', 'Kia', 'Mazda', 'Nissan'].map((value) => ({
          value,
          count: 1,
        })),
      ],
      models: [],
      queries: [],
    });
  });

  it('keeps the fallback makes while only text was searched, and shows the searched makes once there are', async () => {
    await t.request('GET', '/api/search?q=reliable%20commuter');
    const textOnly = await popularOnce((data) => data.queries.length > 0);
    expect(textOnly.queries).toEqual([{ value: 'reliable commuter', count: 1 }]);
    expect(textOnly.makes[0]).toEqual({ value: 'Toyota', count: 3 });

    await t.request('GET', '/api/search?make=Kia&model=Soul');
    const searched = await popularOnce((data) => data.models.length > 0);
    expect(searched.makes).toEqual([{ value: 'Kia', count: 1 }]);
    expect(searched.models).toEqual([{ value: 'Kia Soul', count: 1 }]);
  });
});

describe('GET /api/search/popular, ranked', () => {
  it('keeps the 10 most searched of each kind, most searched first and ties in name order', async () => {
    const recent = new Date(Date.now() - DAY_MS);
    // 12 makes searched 1 to 12 times each (Kia, searched once above, falls outside the 10).
    const makes = Array.from({ length: 12 }, (_, index) => `Make ${String.fromCharCode(65 + index)}`);
    await t.app.database.db.insert(searchEvents).values([
      ...makes.flatMap((value, index) =>
        Array.from({ length: index + 1 }, () => ({ kind: 'make', value, createdAt: recent })),
      ),
      // Each tied with what the test above searched once: name order decides.
      { kind: 'model', value: 'Make L Roadster', createdAt: recent },
      { kind: 'query', value: 'hatchback', createdAt: recent },
    ]);

    const data = await popular();
    expect(data.makes).toEqual(
      makes
        .map((value, index) => ({ value, count: index + 1 }))
        .reverse()
        .slice(0, 10),
    );
    expect(data.models).toEqual([
      { value: 'Kia Soul', count: 1 },
      { value: 'Make L Roadster', count: 1 },
    ]);
    expect(data.queries).toEqual([
      { value: 'hatchback', count: 1 },
      { value: 'reliable commuter', count: 1 },
    ]);
  });
});
