import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listingDetailsPayload } from '../../test/listing-payload.js';
import { seedListing } from '../../test/seed.js';
import {
  signUp,
  STARTUP_TIMEOUT_MS,
  startTestApp,
  type SignedIn,
  type TestApp,
} from '../../test/test-app.js';

let t: TestApp;
let seller: SignedIn;
let subject: string;
let comparable: string;
let lonely: string;
let draft: string;

const civic = { make: 'Honda', model: 'Civic', year: 2015, mileage: 60_000 };

beforeAll(async () => {
  t = await startTestApp();
  seller = await signUp(t, 'deal-seller@example.com');
  const { db } = t.app.database;
  const seed = async (overrides: Parameters<typeof seedListing>[2]) =>
    (await seedListing(db, seller.user._id, overrides)).id;

  subject = await seed({ ...civic, priceAmount: 8000 });
  // Seven like it with a median of $10,000: one recently sold, which counts.
  comparable = await seed({ ...civic, priceAmount: 9000 });
  for (const priceAmount of [9500, 10_000, 10_000, 10_500, 11_000]) await seed({ ...civic, priceAmount });
  await seed({ ...civic, priceAmount: 10_200, status: 'sold' });
  // Never compared: a draft, another model, a far model year.
  draft = await seed({ ...civic, priceAmount: 1000, status: 'draft' });
  await seed({ ...civic, model: 'Accord', priceAmount: 1000 });
  await seed({ ...civic, year: 2005, priceAmount: 1000 });
  lonely = await seed({ make: 'Lucid', model: 'Air', year: 2023, mileage: 10_000, priceAmount: 45_000 });
}, STARTUP_TIMEOUT_MS);

afterAll(async () => {
  await t?.close();
});

describe('GET /api/listings/:id/deal-rating', () => {
  it('rates a listing against its comparables, with the estimate, range and reasons', async () => {
    const response = await t.request('GET', `/api/listings/${subject}/deal-rating`);
    expect(response.status).toBe(200);
    expect(response.body.data).toMatchObject({
      band: 'great',
      notEnoughData: null,
      price: 8000,
      estimate: 10_000,
      comparableCount: 7,
      adjustedPrices: [9000, 9500, 10_000, 10_000, 10_200, 10_500, 11_000],
      comparablesSearch: { make: 'Honda', model: 'Civic', yearMin: 2012, yearMax: 2018, radius: 200 },
    });
    expect(response.body.data.reasons).toContain(
      'The price is $2,000 (20%) below the estimated market value of $10,000: Great Deal.',
    );
    expect(response.body.data.reasons[0]).toMatch(/, 1 of them sold in the last 180 days\.$/);
  });

  it('follows a comparable’s price change at once', async () => {
    const changed = await t.request('PUT', `/api/listings/${comparable}`, {
      token: seller.accessToken,
      json: listingDetailsPayload({ price: { amount: 4000, currency: 'USD' } }),
    });
    expect(changed.status).toBe(200);
    const response = await t.request('GET', `/api/listings/${subject}/deal-rating`);
    expect(response.body.data).toMatchObject({ estimate: 10_000, band: 'great' });
    expect(response.body.data.adjustedPrices[0]).toBe(4000);
    const own = await t.request('GET', `/api/listings/${comparable}/deal-rating`);
    expect(own.body.data.band).toBe('great');
  });

  it('says why there is no rating when comparables are too few', async () => {
    const response = await t.request('GET', `/api/listings/${lonely}/deal-rating`);
    expect(response.status).toBe(200);
    expect(response.body.data).toMatchObject({ band: null, estimate: null, comparableCount: 0 });
    expect(response.body.data.notEnoughData).toMatch(/^Only 0 comparable listings \(2020–2026 Lucid Air/);
  });

  it('answers 404 for an unknown id and for someone else’s draft', async () => {
    for (const id of ['not-a-uuid', '00000000-0000-4000-8000-000000000000', draft]) {
      const response = await t.request('GET', `/api/listings/${id}/deal-rating`);
      expect(response.status).toBe(404);
      expect(response.body).toMatchObject({
        success: false,
        error: 'Listing not found',
        code: 'LISTING_NOT_FOUND',
      });
    }
    const own = await t.request('GET', `/api/listings/${draft}/deal-rating`, { token: seller.accessToken });
    expect(own.status).toBe(200);
  });

  it('previews where a price would land for a car not listed yet', async () => {
    const query = new URLSearchParams({
      ...Object.fromEntries(Object.entries(civic).map(([key, value]) => [key, String(value)])),
      condition: 'good',
      titleStatus: 'clean',
      price: '8000',
      zipCode: '78701',
    });
    const response = await t.request('GET', `/api/listings/deal-rating-preview?${query}`);
    expect(response.status).toBe(200);
    expect(response.body.data).toMatchObject({ band: 'great', estimate: 10_000, price: 8000 });

    query.set('zipCode', '00000');
    const unknown = await t.request('GET', `/api/listings/deal-rating-preview?${query}`);
    expect(unknown.status).toBe(400);
    expect(unknown.body).toMatchObject({ success: false, details: { zipCode: 'Unknown ZIP code' } });
    const incomplete = await t.request('GET', '/api/listings/deal-rating-preview?make=Honda');
    expect(incomplete.status).toBe(400);
    expect(incomplete.body).toMatchObject({ success: false, code: 'VALIDATION_ERROR' });
  });

  // The rating reads the listing from the guests' kept copy when a page's read has just made one
  // (ListingsService.findWithSeller): the seller's change must reach the rating at once all the same.
  it('rates the listing’s new price at once, after a guest’s read of its page kept it', async () => {
    expect((await t.request('GET', `/api/listings/${subject}`)).status).toBe(200);
    const before = await t.request('GET', `/api/listings/${subject}/deal-rating`);
    expect(before.body.data).toMatchObject({ price: 8000, band: 'great' });
    const changed = await t.request('PUT', `/api/listings/${subject}`, {
      token: seller.accessToken,
      json: listingDetailsPayload({ price: { amount: 12_500, currency: 'USD' } }),
    });
    expect(changed.status).toBe(200);
    const after = await t.request('GET', `/api/listings/${subject}/deal-rating`);
    expect(after.body.data).toMatchObject({ price: 12_500, estimate: 10_000 });
    expect(after.body.data.band).not.toBe('great');
  });
});
