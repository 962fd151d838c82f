import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { zipCoordinates } from '../geocoding/zip-coordinates.js';
import { seedImages, seedListing } from '../../test/seed.js';
import {
  signUp,
  STARTUP_TIMEOUT_MS,
  startTestApp,
  type JsonBody,
  type SignedIn,
  type TestApp,
} from '../../test/test-app.js';

let t: TestApp;
let dealer: SignedIn;
let privateSeller: SignedIn;
let dealerListingId: string;
let privateListingId: string;

const business = {
  businessName: 'Hill Country Motors',
  street: '1200 S Congress Ave',
  city: 'Austin',
  state: 'tx',
  zipCode: '78704',
  phone: '512-555-0188',
  website: 'https://hillcountrymotors.example',
};

async function activeListing(sellerId: string, title: string) {
  const row = await seedListing(t.app.database.db, sellerId, { title, status: 'active' });
  await seedImages(t.app.database.db, row.id, `dealer-test-${row.id}`, 4);
  return row.id;
}

const searchIds = async (query: string) =>
  (await t.request('GET', `/api/search?${query}`)).body.data.map((listing: JsonBody) => listing._id);

beforeAll(async () => {
  t = await startTestApp();
  dealer = await signUp(t, 'lot@example.com');
  privateSeller = await signUp(t, 'neighbour@example.com');
  dealerListingId = await activeListing(dealer.user._id, '2009 Toyota Corolla from the lot');
  privateListingId = await activeListing(privateSeller.user._id, '2008 Honda Fit from a neighbour');
}, STARTUP_TIMEOUT_MS);

afterAll(async () => {
  await t?.close();
});

describe('PUT /api/dealers/me', () => {
  it('answers 400 with the form messages and changes nothing', async () => {
    const res = await t.request('PUT', '/api/dealers/me', {
      json: { ...business, businessName: ' ', phone: '5125550188', website: 'hillcountry' },
      token: dealer.accessToken,
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      success: false,
      code: 'VALIDATION_ERROR',
      details: {
        businessName: 'Business name is required',
        phone: 'Phone format: 123-456-7890',
        website: 'Website must start with http:// or https://',
      },
    });
    expect((await t.request('GET', '/api/auth/me', { token: dealer.accessToken })).body.data.user.role).toBe(
      'private',
    );
    expect((await t.request('GET', '/api/dealers/me', { token: dealer.accessToken })).status).toBe(404);
  });

  it('requires a signed-in user', async () => {
    expect((await t.request('PUT', '/api/dealers/me', { json: business })).status).toBe(401);
  });

  it('makes the user a dealer with a geocoded business address', async () => {
    const res = await t.request('PUT', '/api/dealers/me', { json: business, token: dealer.accessToken });
    expect(res.status).toBe(200);
    const { latitude, longitude } = zipCoordinates('78704')!;
    expect(res.body.data).toEqual({
      _id: dealer.user._id,
      businessName: 'Hill Country Motors',
      address: { street: '1200 S Congress Ave', city: 'Austin', state: 'TX', zipCode: '78704' },
      location: { latitude, longitude },
      phone: '512-555-0188',
      website: 'https://hillcountrymotors.example',
      since: expect.any(String),
      activeListings: 1,
    });
    expect((await t.request('GET', '/api/auth/me', { token: dealer.accessToken })).body.data.user.role).toBe(
      'dealer',
    );
  });

  it("gives the dealer's listings the Dealer badge, and search's seller-type filter finds them", async () => {
    const listing = (await t.request('GET', `/api/listings/${dealerListingId}`)).body.data;
    expect(listing).toMatchObject({ dealerBadge: true, seller: { role: 'dealer' } });
    expect(await searchIds('sellerType=dealer')).toEqual([dealerListingId]);
    expect(await searchIds('sellerType=private')).toEqual([privateListingId]);
    const facets = (await t.request('GET', '/api/search')).body.filters.available.sellerTypes;
    expect(facets).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ value: 'dealer', count: 1 }),
        expect.objectContaining({ value: 'private', count: 1 }),
      ]),
    );
  });

  it('updates the business of an existing dealer', async () => {
    const res = await t.request('PUT', '/api/dealers/me', {
      json: { ...business, businessName: 'Hill Country Motors & Trucks', website: '' },
      token: dealer.accessToken,
    });
    expect(res.body.data).toMatchObject({ businessName: 'Hill Country Motors & Trucks', website: null });
  });
});

describe('GET /api/dealers/:id', () => {
  it('shows the business to anyone', async () => {
    const res = await t.request('GET', `/api/dealers/${dealer.user._id}`);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ businessName: 'Hill Country Motors & Trucks', activeListings: 1 });
  });

  it.each([
    ['a private seller', () => privateSeller.user._id],
    ['an unknown id', () => '00000000-0000-4000-8000-000000000000'],
    ['a malformed id', () => 'not-an-id'],
  ])('answers 404 for %s', async (_, id) => {
    const res = await t.request('GET', `/api/dealers/${id()}`);
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ success: false, error: 'Dealer not found', code: 'DEALER_NOT_FOUND' });
  });
});
