import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { listings } from '../../db/schema.js';
import { listingDetailsPayload } from '../../test/listing-payload.js';
import { seedListing } from '../../test/seed.js';
import {
  signUp,
  STARTUP_TIMEOUT_MS,
  startTestApp,
  type JsonBody,
  type SignedIn,
  type TestApp,
} from '../../test/test-app.js';

// Search shows each listing's deal rating (badge, filter, "best deals first"), kept by the search
// index as listings change. The fixture's right answers are known: seven 2015 Civics like the
// subjects, with a median of $10,000.

let t: TestApp;
let seller: SignedIn;
let db: Db;
let great: string;
let overpriced: string;
let fair: string;
let comparables: string[];

const civic = { make: 'Honda', model: 'Civic', year: 2015, mileage: 60_000 };
const CIVICS = 'make=Honda&model=Civic';

beforeAll(async () => {
  t = await startTestApp();
  seller = await signUp(t, 'deal-search-seller@example.com');
  db = t.app.database.db;
  const seed = async (overrides: Parameters<typeof seedListing>[2]) =>
    (await seedListing(db, seller.user._id, overrides)).id;
  comparables = [];
  for (const priceAmount of [9000, 9500, 10_000, 10_000, 10_500, 11_000]) {
    comparables.push(await seed({ ...civic, priceAmount }));
  }
  // Sold within the window: a comparable, not a result.
  await seed({ ...civic, priceAmount: 10_200, status: 'sold' });
  great = await seed({ ...civic, priceAmount: 8000 });
  overpriced = await seed({ ...civic, priceAmount: 12_500 });
  fair = await seed({ ...civic, priceAmount: 10_000 });
}, STARTUP_TIMEOUT_MS);

afterAll(async () => {
  await t?.close();
});

const search = async (query: string): Promise<JsonBody> => {
  const response = await t.request('GET', `/api/search?${query}`);
  expect(response.status).toBe(200);
  return response.body as JsonBody;
};
const ratingsById = (body: JsonBody) =>
  Object.fromEntries(body.data.map((listing: JsonBody) => [listing._id, listing.dealRating]));
const ids = (body: JsonBody): string[] => body.data.map((listing: JsonBody) => listing._id);

describe('deal ratings in search', () => {
  it('shows each result’s rating, the same as its listing page gives', async () => {
    const body = await search(CIVICS);
    const ratings = ratingsById(body);
    expect(ratings[great]).toBe('great');
    expect(ratings[overpriced]).toBe('overpriced');
    expect(ratings[fair]).toBe('fair');
    for (const listing of body.data as JsonBody[]) {
      const page = await t.request('GET', `/api/listings/${listing._id}/deal-rating`);
      expect(page.body.data.band).toBe(listing.dealRating);
    }
  });

  it('gives no rating when the comparables are too few', async () => {
    const lonely = (
      await seedListing(db, seller.user._id, { make: 'Lucid', model: 'Air', year: 2023, priceAmount: 45_000 })
    ).id;
    expect(ratingsById(await search('make=Lucid'))).toEqual({ [lonely]: null });
  });

  it('filters by rating and counts each band', async () => {
    expect(ids(await search(`${CIVICS}&dealRating=great`))).toEqual([great]);
    const body = await search(`${CIVICS}&dealRating=great,overpriced&sort=price_asc`);
    expect(ids(body)).toEqual([great, overpriced]);
    // Each band counts what choosing it would add, as the other facets do.
    const counts = Object.fromEntries(
      body.filters.available.dealRatings.map((option: JsonBody) => [option.value, option.count]),
    );
    expect(counts.great).toBe(1);
    expect(counts.overpriced).toBe(1);
    expect(counts.fair + counts.good + counts.high).toBe(7);
  });

  it('sorts the best deals first and listings without a rating last', async () => {
    const body = await search(`${CIVICS}&sort=best_deal&limit=100`);
    const order = ids(body);
    expect(order[0]).toBe(great);
    expect(order.indexOf(fair)).toBeLessThan(order.indexOf(overpriced));
    const rated = body.data.map((listing: JsonBody) => listing.dealRating !== null);
    expect(rated).toEqual([...rated].sort((a, b) => Number(b) - Number(a)));
  });

  it('re-rates a listing when one of its comparables changes, without a restart', async () => {
    // The seller raises a comparable's price through the API: the estimate moves up a little.
    const raised = await t.request('PUT', `/api/listings/${comparables[0]}`, {
      token: seller.accessToken,
      json: listingDetailsPayload({ price: { amount: 10_400, currency: 'USD' } }),
    });
    expect(raised.status).toBe(200);
    const page = await t.request('GET', `/api/listings/${fair}/deal-rating`);
    expect(ratingsById(await search(CIVICS))[fair]).toBe(page.body.data.band);

    // Most comparables go (written straight to the table, as another process would): no rating left.
    await db.delete(listings).where(inArray(listings.id, comparables.slice(0, 5)));
    await db.update(listings).set({ status: 'draft' }).where(eq(listings.id, overpriced));
    const ratings = ratingsById(await search(CIVICS));
    expect(ratings[great]).toBeNull();
    expect(ratings[fair]).toBeNull();
    expect(ids(await search(`${CIVICS}&dealRating=great`))).toEqual([]);
  });
});
