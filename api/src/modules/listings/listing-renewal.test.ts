import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedListing } from '../../test/seed.js';
import {
  signUp,
  STARTUP_TIMEOUT_MS,
  startTestApp,
  type JsonBody,
  type SignedIn,
  type TestApp,
} from '../../test/test-app.js';

// Listings not renewed for 60 days leave search; the owner sees it on the dashboard and renews in
// one click. The app's clock is moved forward instead of waiting.

const DAY_MS = 24 * 60 * 60 * 1000;
let clock = new Date();
let t: TestApp;
let seller: SignedIn;
let buyer: SignedIn;

beforeAll(async () => {
  t = await startTestApp({ now: () => clock });
  seller = await signUp(t, 'renewal-seller@example.com');
  buyer = await signUp(t, 'renewal-buyer@example.com');
}, STARTUP_TIMEOUT_MS);

afterAll(async () => {
  await t?.close();
});

const searchIds = async (query: string): Promise<string[]> => {
  const response = await t.request('GET', `/api/search?${query}`);
  expect(response.status).toBe(200);
  return response.body.data.map((listing: JsonBody) => listing._id);
};
const ownListing = async (id: string): Promise<JsonBody> => {
  const response = await t.request('GET', `/api/listings/user/${seller.user._id}`, {
    token: seller.accessToken,
  });
  return response.body.data.find((listing: JsonBody) => listing._id === id);
};

describe('listing renewal', () => {
  it('takes a listing out of search after 60 days and back in when its owner renews it', async () => {
    const { id, createdAt } = await seedListing(t.app.database.db, seller.user._id, {
      make: 'Pontiac',
      model: 'Vibe',
    });
    const listed = await ownListing(id);
    expect(listed).toMatchObject({ expired: false });
    expect(new Date(listed.expiresAt).getTime()).toBe(createdAt.getTime() + 60 * DAY_MS);
    expect(await searchIds('make=Pontiac')).toEqual([id]);

    clock = new Date(createdAt.getTime() + 59 * DAY_MS);
    expect(await searchIds('make=Pontiac')).toEqual([id]);

    clock = new Date(createdAt.getTime() + 61 * DAY_MS);
    expect(await searchIds('make=Pontiac')).toEqual([]);
    expect(await ownListing(id)).toMatchObject({ expired: true, status: 'active' });
    // Still there for anyone who has its link.
    expect((await t.request('GET', `/api/listings/${id}`)).status).toBe(200);

    const notTheirs = await t.request('POST', `/api/listings/${id}/renew`, { token: buyer.accessToken });
    expect(notTheirs.status).toBe(403);
    expect(notTheirs.body).toMatchObject({ success: false, code: 'NOT_LISTING_OWNER' });

    const renewed = await t.request('POST', `/api/listings/${id}/renew`, { token: seller.accessToken });
    expect(renewed.status).toBe(200);
    expect(renewed.body.data).toMatchObject({
      expired: false,
      expiresAt: new Date(clock.getTime() + 60 * DAY_MS).toISOString(),
    });
    expect(await searchIds('make=Pontiac')).toEqual([id]);
  });

  it('refuses to renew a sold listing', async () => {
    const { id } = await seedListing(t.app.database.db, seller.user._id, { status: 'sold' });
    const response = await t.request('POST', `/api/listings/${id}/renew`, { token: seller.accessToken });
    expect(response.status).toBe(409);
    expect(response.body).toMatchObject({ success: false, code: 'LISTING_SOLD' });
  });

  it('keeps an expired listing out of the home page rows, similar cars and the sitemap until it is renewed', async () => {
    clock = new Date();
    const car = { make: 'Saturn', model: 'Ion' };
    const fresh = await seedListing(t.app.database.db, seller.user._id, car);
    const stale = await seedListing(t.app.database.db, seller.user._id, {
      ...car,
      renewedAt: new Date(clock.getTime() - 61 * DAY_MS),
    });
    const similarIds = async () => {
      const response = await t.request('GET', `/api/listings/${fresh.id}/similar`);
      expect(response.status).toBe(200);
      return response.body.data.map((listing: JsonBody) => listing._id);
    };
    const sitemap = async () => (await t.request('GET', '/sitemap.xml')).text;
    // A home page row is a search of the newest cars, HOME_ROW_SIZE of them.
    const homeRowIds = () => searchIds('sort=newest&limit=8');

    expect(await similarIds()).not.toContain(stale.id);
    expect(await sitemap()).toContain(`/listing/${fresh.id}<`);
    expect(await sitemap()).not.toContain(stale.id);
    expect(await homeRowIds()).toContain(fresh.id);
    expect(await homeRowIds()).not.toContain(stale.id);

    const renewed = await t.request('POST', `/api/listings/${stale.id}/renew`, { token: seller.accessToken });
    expect(renewed.status).toBe(200);
    // The similar cars of a listing are ranked once in five minutes (SimilarRankings).
    expect(await similarIds()).not.toContain(stale.id);
    clock = new Date(clock.getTime() + 5 * 60_000);
    expect(await similarIds()).toContain(stale.id);
    expect(await sitemap()).toContain(`/listing/${stale.id}<`);
    expect(await homeRowIds()).toContain(stale.id);
  });
});
