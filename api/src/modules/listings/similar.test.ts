import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listings } from '../../db/schema.js';
import { seedListing } from '../../test/seed.js';
import {
  signUp,
  STARTUP_TIMEOUT_MS,
  startTestApp,
  type SignedIn,
  type TestApp,
} from '../../test/test-app.js';
import { SimilarRankings } from './similar.js';

let t: TestApp;
let seller: SignedIn;
let buyer: SignedIn;
let subject: string;
/** Listing ids by the name the test gives them, in the order the ranking must put them. */
const ranked: Record<string, string> = {};
const excluded: Record<string, string> = {};

const dallas = { city: 'Dallas', zipCode: '75201', latitude: 32.7767, longitude: -96.797 };

beforeAll(async () => {
  t = await startTestApp();
  seller = await signUp(t, 'similar-seller@example.com');
  buyer = await signUp(t, 'similar-buyer@example.com');
  const { db } = t.app.database;
  const civic = { make: 'Honda', model: 'Civic', bodyType: 'sedan', year: 2012, mileage: 80_000 };
  const seed = async (overrides: Parameters<typeof seedListing>[2]) =>
    (await seedListing(db, seller.user._id, overrides)).id;

  subject = await seed({ ...civic, priceAmount: 7000 });
  // Same make and model outrank everything, however far in price; the nearer one first.
  ranked.closeCivic = await seed({ ...civic, priceAmount: 7200, year: 2013 });
  ranked.farCivic = await seed({ ...civic, priceAmount: 20_000, year: 2004, mileage: 190_000 });
  // Same body type next: two cars equal in every way but place, the nearer (Austin) first.
  ranked.nearCorolla = await seed({ make: 'Toyota', model: 'Corolla', bodyType: 'sedan', priceAmount: 7000 });
  ranked.farCorolla = await seed({
    make: 'Toyota',
    model: 'Corolla',
    bodyType: 'sedan',
    priceAmount: 7000,
    ...dallas,
  });
  ranked.cheapSedan = await seed({
    make: 'Mazda',
    model: '3',
    bodyType: 'sedan',
    priceAmount: 2000,
    year: 2001,
  });
  // Other body types last, closest first.
  ranked.closeTruck = await seed({ make: 'Ford', model: 'F-150', bodyType: 'truck', priceAmount: 7000 });
  ranked.farTruck = await seed({ make: 'Ford', model: 'Ranger', bodyType: 'truck', priceAmount: 30_000 });
  // Never shown: sold, or a draft (fewer than 4 photos).
  excluded.soldCivic = await seed({ ...civic, priceAmount: 7000, status: 'sold' });
  excluded.draftCivic = await seed({ ...civic, priceAmount: 7000, status: 'draft' });
}, STARTUP_TIMEOUT_MS);

afterAll(async () => {
  await t?.close();
});

const similar = (id: string, query = '', token?: string) =>
  t.request('GET', `/api/listings/${encodeURIComponent(id)}/similar${query}`, { token });
const ids = (body: { data: { _id: string }[] }) => body.data.map((listing) => listing._id);

describe('GET /api/listings/:id/similar', () => {
  it('ranks by make and model, body type, price/year/mileage, then distance, 6 at most', async () => {
    const res = await similar(subject);
    expect(res.status).toBe(200);
    const order = ['closeCivic', 'farCivic', 'nearCorolla', 'farCorolla', 'cheapSedan', 'closeTruck'];
    expect(ids(res.body)).toEqual(order.map((name) => ranked[name]));
    expect(res.body.data[0]).toMatchObject({ status: 'active', vehicle: { make: 'Honda', model: 'Civic' } });
  });

  it('never includes the listing itself, sold listings or drafts', async () => {
    const res = await similar(ranked.farTruck!);
    expect(ids(res.body)).not.toContain(ranked.farTruck);
    for (const id of Object.values(excluded)) expect(ids(res.body)).not.toContain(id);
    expect(ids(res.body)).toEqual([ranked.closeTruck, ...ids(res.body).slice(1)]);
  });

  it('takes a smaller limit, and refuses more than 6', async () => {
    expect(ids((await similar(subject, '?limit=2')).body)).toEqual([ranked.closeCivic, ranked.farCivic]);
    const tooMany = await similar(subject, '?limit=7');
    expect(tooMany.status).toBe(400);
    expect(tooMany.body).toMatchObject({ success: false, details: { limit: 'Limit must be at most 6' } });
  });

  it('may be cached for 5 minutes, privately when it carries the caller’s favorites', async () => {
    expect((await similar(subject)).headers.get('cache-control')).toBe('public, max-age=300');
    await t.request('POST', `/api/listings/${ranked.closeCivic}/favorite`, { token: buyer.accessToken });
    const signedIn = await similar(subject, '', buyer.accessToken);
    expect(signedIn.headers.get('cache-control')).toBe('private, max-age=300');
    expect(signedIn.body.data[0]).toMatchObject({ _id: ranked.closeCivic, isFavorite: true });
  });

  it.each(['00000000-0000-4000-8000-000000000000', 'not-a-uuid'])('answers 404 for %s', async (id) => {
    const res = await similar(id);
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ success: false, error: 'Listing not found', code: 'LISTING_NOT_FOUND' });
  });

  it("answers 404 for someone else's draft", async () => {
    expect((await similar(excluded.draftCivic!)).status).toBe(404);
    expect((await similar(excluded.draftCivic!, '', seller.accessToken)).status).toBe(200);
  });
});

describe('GET /api/listings/:id/similar among many listings of one model', () => {
  const outback = { make: 'Subaru', model: 'Outback', bodyType: 'wagon', year: 2015, mileage: 60_000 };
  let outbackSubject: string;
  let cheaperTwin: string;
  let pricierTwin: string;
  const decoys: string[] = [];

  beforeAll(async () => {
    const { db } = t.app.database;
    const seed = async (overrides: Parameters<typeof seedListing>[2]) =>
      (await seedListing(db, seller.user._id, overrides)).id;
    outbackSubject = await seed({ ...outback, priceAmount: 10_000 });
    // More same-model cars just above the price than the ranking reads on each side of it, each far
    // in year and mileage: nearest in price, yet the worst matches.
    for (let step = 1; step <= 60; step += 1) {
      decoys.push(await seed({ ...outback, priceAmount: 10_000 + step, year: 2003, mileage: 190_000 }));
    }
    cheaperTwin = await seed({ ...outback, priceAmount: 9000 });
    // 20% dearer than every decoy but the same year and mileage: it must still come before them.
    pricierTwin = await seed({ ...outback, priceAmount: 12_000 });
  });

  it('ranks by closeness over price, year and mileage, not by price alone', async () => {
    const res = await similar(outbackSubject);
    expect(res.status).toBe(200);
    const order = ids(res.body);
    expect(order.slice(0, 2)).toEqual([cheaperTwin, pricierTwin]);
    // The decoys tie in closeness; the rest of the page is four of them, none of them twice.
    expect(order).toHaveLength(6);
    expect(new Set(order.slice(2)).size).toBe(4);
    for (const id of order.slice(2)) expect(decoys).toContain(id);
  });
});

describe('GET /api/listings/:id/similar, ranked once in five minutes', () => {
  it('keeps its ranking: a car listed since waits, one sold since leaves at once, an edit of the car ranks again', async () => {
    const { db } = t.app.database;
    const mx5 = { make: 'Mazda', model: 'MX-5', bodyType: 'convertible', year: 2010, mileage: 90_000 };
    const seed = async (overrides: Parameters<typeof seedListing>[2]) =>
      (await seedListing(db, seller.user._id, overrides)).id;
    const car = await seed({ ...mx5, priceAmount: 8000 });
    const near = await seed({ ...mx5, priceAmount: 8500 });
    const far = await seed({ ...mx5, priceAmount: 12_000, year: 2006 });
    expect(ids((await similar(car, '?limit=2')).body)).toEqual([near, far]);

    const nearer = await seed({ ...mx5, priceAmount: 8100 });
    expect(ids((await similar(car, '?limit=2')).body)).toEqual([near, far]);
    await db.update(listings).set({ status: 'sold' }).where(eq(listings.id, near));
    expect(ids((await similar(car, '?limit=2')).body)).toEqual([far]);

    await db.update(listings).set({ priceAmount: 8050 }).where(eq(listings.id, car));
    expect(ids((await similar(car, '?limit=2')).body)).toEqual([nearer, far]);
  });
});

describe('SimilarRankings', () => {
  it('keeps a ranking for its time, and drops the least recently read past its size', () => {
    let now = 0;
    const rankings = new SimilarRankings(2, 1000, () => now);
    rankings.set('a', ['1']);
    rankings.set('b', ['2']);
    expect(rankings.get('a')).toEqual(['1']);
    rankings.set('c', ['3']);
    expect([rankings.get('a'), rankings.get('b'), rankings.get('c')]).toEqual([['1'], undefined, ['3']]);
    now = 1000;
    expect(rankings.get('a')).toBeUndefined();
  });
});
