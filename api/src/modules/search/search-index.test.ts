import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { listings } from '../../db/schema.js';
import { seedListing } from '../../test/seed.js';
import {
  signUp,
  STARTUP_TIMEOUT_MS,
  startTestApp,
  type JsonBody,
  type SignedIn,
  type TestApp,
} from '../../test/test-app.js';

// Search answers from an in-memory index of the listings. These tests write straight to the
// database, as another API process (or a script) would, and expect the very next search to see it.

let t: TestApp;
let seller: SignedIn;
let db: Db;

beforeAll(async () => {
  t = await startTestApp();
  seller = await signUp(t, 'index-seller@example.com');
  db = t.app.database.db;
}, STARTUP_TIMEOUT_MS);

afterAll(async () => {
  await t?.close();
});

const search = async (query: string) => {
  const response = await t.request('GET', `/api/search?${query}`);
  expect(response.status).toBe(200);
  return response.body as JsonBody;
};
const foundIds = async (query: string): Promise<string[]> =>
  (await search(query)).data.map((listing: JsonBody) => listing._id);
const facetCount = (body: JsonBody, bodyType: string) =>
  body.filters.available.bodyTypes.find((option: JsonBody) => option.value === bodyType).count;

describe('the search index follows the database', () => {
  it('finds a listing inserted after the index was read', async () => {
    const first = await seedListing(db, seller.user._id, { make: 'Subaru', model: 'Outback' });
    expect(await foundIds('make=Subaru')).toEqual([first.id]);

    const second = await seedListing(db, seller.user._id, { make: 'Subaru', model: 'Forester' });
    const body = await search('make=Subaru&sort=newest');
    expect(body.data.map((listing: JsonBody) => listing._id)).toEqual([second.id, first.id]);
    expect(body.pagination.total).toBe(2);
  });

  it('applies an update to every filter, facet and sort order at once', async () => {
    const listing = await seedListing(db, seller.user._id, {
      make: 'Mazda',
      model: 'Miata',
      bodyType: 'convertible',
      priceAmount: 9000,
    });
    await seedListing(db, seller.user._id, {
      make: 'Mazda',
      model: 'CX-5',
      bodyType: 'suv',
      priceAmount: 15_000,
    });
    expect(facetCount(await search('make=Mazda'), 'convertible')).toBe(1);

    await db
      .update(listings)
      .set({ bodyType: 'coupe', priceAmount: 20_000 })
      .where(eq(listings.id, listing.id));

    const body = await search('make=Mazda&sort=price_desc');
    expect(body.data[0]._id).toBe(listing.id);
    expect(body.data[0].price.amount).toBe(20_000);
    expect(facetCount(body, 'convertible')).toBe(0);
    expect(facetCount(body, 'coupe')).toBe(1);
    expect(await foundIds('make=Mazda&maxPrice=10000')).toEqual([]);
  });

  it('drops listings that are sold, go back to draft or are deleted', async () => {
    const [sold, draft, deleted, kept] = await Promise.all(
      ['Sold', 'Draft', 'Deleted', 'Kept'].map((model) =>
        seedListing(db, seller.user._id, { make: 'Volvo', model }),
      ),
    );
    expect((await search('make=Volvo')).pagination.total).toBe(4);

    await db.update(listings).set({ status: 'sold' }).where(eq(listings.id, sold!.id));
    await db.update(listings).set({ status: 'draft' }).where(eq(listings.id, draft!.id));
    await db.delete(listings).where(eq(listings.id, deleted!.id));

    expect(await foundIds('make=Volvo')).toEqual([kept!.id]);

    // Relisting brings it back.
    await db.update(listings).set({ status: 'active' }).where(eq(listings.id, sold!.id));
    expect((await foundIds('make=Volvo')).sort()).toEqual([kept!.id, sold!.id].sort());
  });

  it('stays right after most of its listings are deleted and it is read afresh', async () => {
    const rows = await Promise.all(
      Array.from({ length: 30 }, (_, index) =>
        seedListing(db, seller.user._id, { make: 'Saab', model: '900', priceAmount: 1000 + index }),
      ),
    );
    expect((await search('make=Saab')).pagination.total).toBe(30);

    const gone = rows.slice(0, 25).map((row) => row.id);
    await db.delete(listings).where(inArray(listings.id, gone));
    expect((await search('make=Saab')).pagination.total).toBe(5);
    // The next search reads the index afresh (most slots are now holes) and must agree.
    const body = await search('make=Saab&sort=price_asc&limit=2&page=2');
    expect(body.pagination).toEqual({ total: 5, page: 2, pages: 3, hasPrevPage: true, hasNextPage: true });
    expect(body.data.map((listing: JsonBody) => listing.price.amount)).toEqual([1027, 1028]);
  });

  it('finds a listing by words it was given after the same words were searched', async () => {
    const listing = await seedListing(db, seller.user._id, { make: 'Lancia', model: 'Delta' });
    expect(await foundIds('q=integrale')).toEqual([]);

    await db
      .update(listings)
      .set({ title: 'Lancia Delta HF Integrale, rally legend' })
      .where(eq(listings.id, listing.id));
    expect(await foundIds('q=integrale')).toEqual([listing.id]);
  });
});
