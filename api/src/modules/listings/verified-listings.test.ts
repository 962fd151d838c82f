import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { listings, users } from '../../db/schema.js';
import { seedImages, seedListing } from '../../test/seed.js';
import {
  signUp,
  STARTUP_TIMEOUT_MS,
  startTestApp,
  type JsonBody,
  type SignedIn,
  type TestApp,
} from '../../test/test-app.js';

// "Verified" (issue 16): a valid VIN that agrees with the year and make, at least 4 photos, and a
// seller whose email is verified. 1HGCM82633A004352 is a 2003 Honda (a well-known example VIN).

let t: TestApp;
let seller: SignedIn;
let db: Db;

const accord = { make: 'Honda', model: 'Accord', year: 2003, vin: '1HGCM82633A004352' };

beforeAll(async () => {
  t = await startTestApp();
  seller = await signUp(t, 'verified-seller@example.com');
  db = t.app.database.db;
}, STARTUP_TIMEOUT_MS);

afterAll(async () => {
  await t?.close();
});

async function listingWith(
  overrides: Parameters<typeof seedListing>[2],
  photos = 4,
  sellerId = seller.user._id,
) {
  const row = await seedListing(db, sellerId, { ...accord, ...overrides });
  await seedImages(db, row.id, `verified-${row.id}`, photos);
  return row.id;
}

const verifiedOf = async (id: string) => (await t.request('GET', `/api/listings/${id}`)).body.data.verified;
const searchIds = async (query: string): Promise<string[]> => {
  const response = await t.request('GET', `/api/search?${query}`);
  expect(response.status).toBe(200);
  return response.body.data.map((listing: JsonBody) => listing._id);
};

describe('verified listings', () => {
  it('marks a listing verified only when the VIN, the photos and the seller’s email all hold', async () => {
    const verified = await listingWith({ model: 'Verified' });
    const threePhotos = await listingWith({ model: 'ThreePhotos' }, 3);
    const wrongYear = await listingWith({ model: 'WrongYear', year: 2005 });
    const wrongMake = await listingWith({ model: 'WrongMake', make: 'Toyota' });
    const badCheckDigit = await listingWith({ model: 'BadCheckDigit', vin: '1HGCM82643A004352' });
    const noVin = await listingWith({ model: 'NoVin', vin: null });

    expect(await verifiedOf(verified)).toBe(true);
    for (const id of [threePhotos, wrongYear, wrongMake, badCheckDigit, noVin]) {
      expect(await verifiedOf(id)).toBe(false);
    }
    const results = await t.request('GET', '/api/search?make=Honda&limit=100');
    const byId = Object.fromEntries(
      results.body.data.map((listing: JsonBody) => [listing._id, listing.verified]),
    );
    expect(byId[verified]).toBe(true);
    expect(byId[wrongYear]).toBe(false);
  });

  it('filters search to verified listings', async () => {
    const verified = await listingWith({ model: 'Filtered' });
    const unverified = await listingWith({ model: 'Filtered', vin: null });
    expect((await searchIds('model=Filtered')).sort()).toEqual([verified, unverified].sort());
    expect(await searchIds('model=Filtered&verified=true')).toEqual([verified]);
  });

  it('follows a VIN edit and a seller without a verified email', async () => {
    const id = await listingWith({ model: 'Edited', vin: null });
    expect(await searchIds('model=Edited&verified=true')).toEqual([]);
    // Written straight to the table, as another process would: the index must still see it.
    await db.update(listings).set({ vin: accord.vin }).where(eq(listings.id, id));
    expect(await searchIds('model=Edited&verified=true')).toEqual([id]);

    const unverifiedSeller = await signUp(t, 'unverified-seller@example.com');
    await db.update(users).set({ verifiedAt: null }).where(eq(users.id, unverifiedSeller.user._id));
    const theirs = await listingWith({ model: 'Unverified' }, 4, unverifiedSeller.user._id);
    expect(await verifiedOf(theirs)).toBe(false);
    expect(await searchIds('model=Unverified&verified=true')).toEqual([]);
  });
});
