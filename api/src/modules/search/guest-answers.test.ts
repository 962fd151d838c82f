import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LISTING_RENEWAL_DAYS } from '@carmarket/shared/constants';
import { eq, sql } from 'drizzle-orm';
import { listingImages, listings } from '../../db/schema.js';
import { listingDetailsPayload } from '../../test/listing-payload.js';
import { seedImages, seedListing } from '../../test/seed.js';
import {
  signUp,
  STARTUP_TIMEOUT_MS,
  startTestApp,
  type JsonBody,
  type SignedIn,
  type TestApp,
} from '../../test/test-app.js';
import { GuestAnswers } from './guest-answers.js';
import { GUEST_ANSWERS } from './search.service.js';

// Guests asking the same question get the answer kept from the last time until something a card
// shows changes. A listing's view count is not watched (it is at most a few seconds old): these
// tests move it behind the app's back to tell a kept answer from a new one.

let t: TestApp;
let seller: SignedIn;
let buyer: SignedIn;
const QUERY = 'make=Saab&sort=price_asc';
const DAY_MS = 24 * 60 * 60 * 1000;

async function search(query = QUERY, token?: string): Promise<JsonBody> {
  const res = await t.request('GET', `/api/search?${query}`, { token });
  expect(res.status).toBe(200);
  return res.body;
}

const card = (body: JsonBody, id: string) => body.data.find((listing: JsonBody) => listing._id === id);

/** Moves a listing's view count as another process's counter would, without touching the listing. */
async function setViews(id: string, views: number): Promise<void> {
  await t.app.database.db.update(listings).set({ views }).where(eq(listings.id, id));
}

async function saab(priceAmount: number) {
  const { db } = t.app.database;
  const row = await seedListing(db, seller.user._id, { make: 'Saab', model: '9-3', priceAmount });
  await seedImages(db, row.id, `saab-${priceAmount}`, 4);
  return row.id;
}

/** The clock listings expire by, and kept answers age by: only these tests move it. */
let clock = Date.now();

beforeAll(async () => {
  t = await startTestApp({ now: () => new Date(clock) });
  [seller, buyer] = await Promise.all([
    signUp(t, 'saab-seller@example.com'),
    signUp(t, 'saab-buyer@example.com'),
  ]);
}, STARTUP_TIMEOUT_MS);

afterAll(async () => {
  await t?.close();
});

describe("guests' kept answers", () => {
  it('answers the same question with the kept answer until the price changes, then with the new one', async () => {
    const id = await saab(4100);
    expect(card(await search(), id)).toMatchObject({ price: { amount: 4100 }, views: 0 });
    await setViews(id, 7);
    expect(card(await search(), id)).toMatchObject({ price: { amount: 4100 }, views: 0 });

    const edited = await t.request('PUT', `/api/listings/${id}`, {
      json: listingDetailsPayload({ price: { amount: 3900, currency: 'USD' } }),
      token: seller.accessToken,
    });
    expect(edited.status).toBe(200);
    expect(card(await search(), id)).toMatchObject({ price: { amount: 3900 }, views: 7 });
  });

  it('leaves out a listing once it is sold, and once it is deleted', async () => {
    const sold = await saab(4200);
    const deleted = await saab(4300);
    let body = await search();
    expect(card(body, sold)).toBeDefined();
    expect(card(body, deleted)).toBeDefined();

    const marked = await t.request('PATCH', `/api/listings/${sold}/status`, {
      json: { status: 'sold' },
      token: seller.accessToken,
    });
    expect(marked.status).toBe(200);
    body = await search();
    expect(card(body, sold)).toBeUndefined();
    expect(card(body, deleted)).toBeDefined();

    const removed = await t.request('DELETE', `/api/listings/${deleted}`, { token: seller.accessToken });
    expect(removed.status).toBe(200);
    expect(card(await search(), deleted)).toBeUndefined();
  });

  it('shows a new listing at once', async () => {
    const before = await search();
    const id = await saab(1000);
    const after = await search();
    expect(after.pagination.total).toBe(before.pagination.total + 1);
    expect(after.data[0]._id).toBe(id);
  });

  it('shows a photo as ready once its processing ends', async () => {
    const id = await saab(4400);
    const { db } = t.app.database;
    await db.update(listingImages).set({ status: 'processing' }).where(eq(listingImages.listingId, id));
    expect(card(await search(), id).primaryImage.status).toBe('processing');
    await setViews(id, 3);
    expect(card(await search(), id)).toMatchObject({ primaryImage: { status: 'processing' }, views: 0 });

    // As the photo encoder marks it when its sizes are stored.
    await db.update(listingImages).set({ status: 'ready' }).where(eq(listingImages.listingId, id));
    expect(card(await search(), id)).toMatchObject({ primaryImage: { status: 'ready' }, views: 3 });
  });

  it("shows the seller's new name", async () => {
    const id = await saab(4500);
    await search();
    const renamed = await t.request('PUT', '/api/auth/profile/name', {
      json: { name: 'Sven Saabsson' },
      token: seller.accessToken,
    });
    expect(renamed.status).toBe(200);
    expect(card(await search(), id).seller.name).toBe('Sven Saabsson');
  });

  it("never gives a signed-in user a guest's answer: their favorites are marked", async () => {
    const id = await saab(4600);
    expect(card(await search(), id).isFavorite).toBe(false);
    const favorited = await t.request('POST', `/api/listings/${id}/favorite`, { token: buyer.accessToken });
    expect(favorited.status).toBe(200);

    expect(card(await search(QUERY, buyer.accessToken), id).isFavorite).toBe(true);
    expect(card(await search(), id).isFavorite).toBe(false);
    expect(card(await search(QUERY, buyer.accessToken), id).isFavorite).toBe(true);
  });

  it('answers afresh once the kept answer is 10 s old: view counts are never older', async () => {
    const id = await saab(4800);
    await search();
    await setViews(id, 5);
    clock += 9_000;
    expect(card(await search(), id).views).toBe(0);
    clock += 1_000;
    expect(card(await search(), id).views).toBe(5);
  });

  it('leaves out a listing once it expires, with no change in the database', async () => {
    const { db } = t.app.database;
    const renewedAt = new Date(clock - LISTING_RENEWAL_DAYS * DAY_MS + 5_000);
    const row = await seedListing(db, seller.user._id, { make: 'Saab', priceAmount: 4900, renewedAt });
    await seedImages(db, row.id, 'saab-expiring', 4);
    expect(card(await search(), row.id)).toBeDefined();
    clock += 6_000;
    expect(card(await search(), row.id)).toBeUndefined();
  });

  it('sends the kept answer compressed to a client that takes gzip, and plain to one that does not', async () => {
    await search();
    const ask = (encoding: string) =>
      t.app.inject({ url: `/api/search?${QUERY}`, headers: { 'accept-encoding': encoding } });
    const plain = await ask('identity');
    const gzip = await ask('gzip, deflate');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString())).toEqual(JSON.parse(plain.body));
  });

  it(`keeps no more than the last ${GUEST_ANSWERS} questions: an older one is answered afresh`, async () => {
    const id = await saab(4700);
    await search();
    await setViews(id, 11);
    for (let page = 2; page <= GUEST_ANSWERS + 1; page++) await search(`${QUERY}&page=${page}`);
    expect(card(await search(), id).views).toBe(11);
  }, 60_000);
});

describe('GuestAnswers', () => {
  const answer = (json: string) => ({ version: 1, until: 100, json });

  it('lets the least recently asked question go first', () => {
    const kept = new GuestAnswers(2);
    kept.set('a', answer('A'));
    kept.set('b', answer('B'));
    expect(kept.get('a', 1, 0)?.json).toBe('A');
    kept.set('c', answer('C'));
    expect(kept.size).toBe(2);
    expect(kept.get('b', 1, 0)).toBeUndefined();
    expect(kept.get('a', 1, 0)?.json).toBe('A');
    expect(kept.get('c', 1, 0)?.json).toBe('C');
  });

  it('gives nothing back at another version or from its `until` on', () => {
    const kept = new GuestAnswers(2);
    kept.set('a', answer('A'));
    expect(kept.get('a', 2, 0)).toBeUndefined();
    kept.set('a', answer('A'));
    expect(kept.get('a', 1, 100)).toBeUndefined();
  });
});

describe('a guest view at most SEARCH_GUEST_STALENESS_MS old', () => {
  let stale: TestApp;
  let owner: SignedIn;

  beforeAll(async () => {
    stale = await startTestApp({ env: { SEARCH_GUEST_STALENESS_MS: '60000' } });
    owner = await signUp(stale, 'stale-owner@example.com');
  }, STARTUP_TIMEOUT_MS);

  afterAll(async () => {
    await stale?.close();
  });

  it('may show a guest the price from before an edit, never the seller who made it', async () => {
    const { db } = stale.app.database;
    const row = await seedListing(db, owner.user._id, { make: 'Volvo', priceAmount: 6000 });
    await seedImages(db, row.id, 'volvo', 4);
    // The owner's search first: a signed-in search brings the index up to date.
    const ownSearch = async () =>
      (await stale.request('GET', '/api/search?make=Volvo', { token: owner.accessToken })).body;
    const guestSearch = async () => (await stale.request('GET', '/api/search?make=Volvo')).body;
    expect(card(await ownSearch(), row.id).price.amount).toBe(6000);
    expect(card(await guestSearch(), row.id).price.amount).toBe(6000);

    await db.execute(sql`update ${listings} set price_amount = 5500 where id = ${row.id}`);
    expect(card(await guestSearch(), row.id).price.amount).toBe(6000);
    expect(card(await ownSearch(), row.id).price.amount).toBe(5500);
    expect(card(await guestSearch(), row.id).price.amount).toBe(5500);
  });
});
