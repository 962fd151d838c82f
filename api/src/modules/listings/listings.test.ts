import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { favorites, listings, listingViews } from '../../db/schema.js';
import { makeDealer, seedImages, seedListing } from '../../test/seed.js';
import {
  signUp,
  STARTUP_TIMEOUT_MS,
  startTestApp,
  type SignedIn,
  type TestApp,
} from '../../test/test-app.js';
import { ListingsRepository } from './listings.repository.js';
import { ViewCounter } from './view-counter.js';

let t: TestApp;
let seller: SignedIn;
let buyer: SignedIn;
let featured: Awaited<ReturnType<typeof seedListing>>;
let sold: Awaited<ReturnType<typeof seedListing>>;

beforeAll(async () => {
  t = await startTestApp();
  seller = await signUp(t, 'dealer@example.com');
  buyer = await signUp(t, 'buyer@example.com');
  const { db } = t.app.database;
  await makeDealer(db, seller.user._id);

  featured = await seedListing(db, seller.user._id, {
    title: '2012 Honda Civic LX, one owner',
    make: 'Honda',
    model: 'Civic',
    trim: 'LX',
    year: 2012,
    priceAmount: 7400,
    negotiable: true,
    contactPhone: '512-555-0100',
    preferredContact: 'both',
    features: { safety: ['ABS'], interior: [], technology: ['Bluetooth'], exterior: [], other: [] },
  });
  await seedImages(db, featured.id, 'civic', 3, 1);
  sold = await seedListing(db, seller.user._id, { status: 'sold', title: 'Sold pickup truck' });
  await db.insert(favorites).values({ userId: buyer.user._id, listingId: featured.id });
}, STARTUP_TIMEOUT_MS);

afterAll(async () => {
  await t?.close();
});

describe('GET /api/listings/:id', () => {
  it('returns the listing in the shape of spec §3', async () => {
    const res = await t.request('GET', `/api/listings/${featured.id}`);
    expect(res.status).toBe(200);
    const listing = res.body.data;
    expect(listing).toMatchObject({
      _id: featured.id,
      title: '2012 Honda Civic LX, one owner',
      status: 'active',
      isFavorite: false,
      dealerBadge: true,
      price: { amount: 7400, currency: 'USD', negotiable: true },
      contactPreferences: { phone: '512-555-0100', preferredMethod: 'both' },
      seller: { _id: seller.user._id, name: 'dealer', role: 'dealer' },
      vehicle: {
        make: 'Honda',
        model: 'Civic',
        year: 2012,
        trim: 'LX',
        color: { exterior: 'Blue', interior: 'Gray' },
        features: { safety: ['ABS'], technology: ['Bluetooth'] },
        location: {
          type: 'Point',
          coordinates: [-97.7431, 30.2672],
          address: { city: 'Austin', state: 'TX', zipCode: '78701' },
        },
      },
    });
    expect(listing.vehicle.images.map((image: { publicId: string }) => image.publicId)).toEqual([
      'civic-0',
      'civic-1',
      'civic-2',
    ]);
    expect(listing.primaryImage).toEqual({
      url: '/uploads/civic-1.webp',
      thumbnail: '/uploads/civic-1-thumb.webp',
      alt: 'Photo 2',
      publicId: 'civic-1',
      isPrimary: true,
      status: 'ready',
    });
    expect(listing.createdAt).toBe(featured.createdAt.toISOString());
  });

  it('tells a signed-in user whether they saved it', async () => {
    const res = await t.request('GET', `/api/listings/${featured.id}`, { token: buyer.accessToken });
    expect(res.body.data.isFavorite).toBe(true);
  });

  it('answers 401 to a bad token rather than treating the caller as a guest', async () => {
    const res = await t.request('GET', `/api/listings/${featured.id}`, { token: 'expired.or.forged' });
    expect(res.status).toBe(401);
  });

  it('counts one view per viewer per day, and none for the seller', async () => {
    const { db } = t.app.database;
    const listing = await seedListing(db, seller.user._id);
    const views = async (token?: string) =>
      (await t.request('GET', `/api/listings/${listing.id}`, { token })).body.data.views;

    expect(await views(buyer.accessToken)).toBe(1);
    expect(await views(buyer.accessToken)).toBe(1);
    expect(await views()).toBe(2);
    expect(await views()).toBe(2);
    expect(await views(seller.accessToken)).toBe(2);
  });

  it('stores each viewer’s view once, also when the same view comes again after a restart', async () => {
    const { db } = t.app.database;
    const listing = await seedListing(db, seller.user._id);
    const stored = async () => {
      const [row] = await db
        .select({ views: listings.views })
        .from(listings)
        .where(eq(listings.id, listing.id));
      const rows = await db.select().from(listingViews).where(eq(listingViews.listingId, listing.id));
      return { views: row!.views, rows: rows.length };
    };
    for (const token of [buyer.accessToken, buyer.accessToken, undefined, undefined]) {
      await t.request('GET', `/api/listings/${listing.id}`, { token });
    }
    await t.app.listingViews.flush();
    expect(await stored()).toEqual({ views: 2, rows: 2 });
    const afterFlush = await t.request('GET', `/api/listings/${listing.id}`);
    expect(afterFlush.body.data.views).toBe(2);

    // A process that has not seen the buyer yet (a restart, or a second server) notes the view again;
    // the database keeps the first one, and the count stays.
    const freshMemory = new ViewCounter((views) => new ListingsRepository(db).recordViews(views), t.app.log);
    freshMemory.record(listing.id, `user:${buyer.user._id}`);
    await freshMemory.flush();
    expect(await stored()).toEqual({ views: 2, rows: 2 });
  });

  it('lets a guest revalidate with its ETag, and answers a new version after an edit', async () => {
    const { db } = t.app.database;
    const listing = await seedListing(db, seller.user._id);
    const first = await t.request('GET', `/api/listings/${listing.id}`);
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(first.headers.get('cache-control')).toBe('public, no-cache');

    const again = await t.request('GET', `/api/listings/${listing.id}`, {
      headers: { 'if-none-match': etag! },
    });
    expect(again.status).toBe(304);
    expect(again.text).toBe('');

    const sale = await t.request('PATCH', `/api/listings/${listing.id}/status`, {
      token: seller.accessToken,
      json: { status: 'sold' },
    });
    expect(sale.status).toBe(200);
    const afterEdit = await t.request('GET', `/api/listings/${listing.id}`, {
      headers: { 'if-none-match': etag! },
    });
    expect(afterEdit.status).toBe(200);
    expect(afterEdit.body.data.status).toBe('sold');
    expect(afterEdit.headers.get('etag')).not.toBe(etag);
  });

  it('keeps a signed-in user’s copy private, as it says whether they saved the listing', async () => {
    const res = await t.request('GET', `/api/listings/${featured.id}`, { token: buyer.accessToken });
    expect(res.headers.get('cache-control')).toBe('private, no-cache');
    expect(res.headers.get('etag')).toBeNull();
  });

  it.each(['00000000-0000-4000-8000-000000000000', 'not-a-uuid', "1' or '1'='1"])(
    'answers 404 for %s',
    async (id) => {
      const res = await t.request('GET', `/api/listings/${encodeURIComponent(id)}`);
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({
        success: false,
        error: 'Listing not found',
        code: 'LISTING_NOT_FOUND',
      });
    },
  );
});

describe('GET /api/listings/user/:userId', () => {
  const ids = (body: { data: { _id: string }[] }) => body.data.map((listing) => listing._id);

  it("shows everyone the seller's active listings only", async () => {
    const res = await t.request('GET', `/api/listings/user/${seller.user._id}`);
    expect(res.status).toBe(200);
    expect(ids(res.body)).toContain(featured.id);
    expect(ids(res.body)).not.toContain(sold.id);
    expect(res.body.data.every((listing: { status: string }) => listing.status === 'active')).toBe(true);
  });

  it('shows the seller their sold listings too', async () => {
    const res = await t.request('GET', `/api/listings/user/${seller.user._id}?limit=100`, {
      token: seller.accessToken,
    });
    expect(ids(res.body)).toEqual(expect.arrayContaining([featured.id, sold.id]));
  });

  it('pages through the list', async () => {
    const all = await t.request('GET', `/api/listings/user/${seller.user._id}?limit=100`);
    const total = all.body.pagination.total;
    const firstPage = await t.request('GET', `/api/listings/user/${seller.user._id}?limit=1`);
    expect(firstPage.body.pagination).toEqual({
      total,
      page: 1,
      pages: total,
      hasPrevPage: false,
      hasNextPage: total > 1,
    });
  });

  it('pages and counts one status at a time: the owner sees drafts as active, others only active ones', async () => {
    const owner = await signUp(t, 'pager@example.com');
    const { db } = t.app.database;
    const seeded = async (status: 'active' | 'draft' | 'sold', count: number) =>
      Promise.all(Array.from({ length: count }, () => seedListing(db, owner.user._id, { status })));
    const active = [...(await seeded('active', 3)), ...(await seeded('draft', 1))].map((row) => row.id);
    await seeded('sold', 2);
    const list = (query: string, token?: string) =>
      t.request('GET', `/api/listings/user/${owner.user._id}?${query}`, { token });

    const first = await list('status=active&limit=3', owner.accessToken);
    expect(first.body.pagination).toEqual({
      total: 4,
      page: 1,
      pages: 2,
      hasPrevPage: false,
      hasNextPage: true,
    });
    const second = await list('status=active&limit=3&page=2', owner.accessToken);
    expect(second.body.pagination).toMatchObject({
      total: 4,
      page: 2,
      hasPrevPage: true,
      hasNextPage: false,
    });
    expect([...ids(first.body), ...ids(second.body)].sort()).toEqual([...active].sort());
    expect(
      [...first.body.data, ...second.body.data].every((l: { status: string }) => l.status === 'active'),
    ).toBe(true);

    const sold = await list('status=sold&limit=1', owner.accessToken);
    expect(sold.body.pagination).toMatchObject({ total: 2, pages: 2 });
    expect(sold.body.data[0].status).toBe('sold');
    expect((await list('limit=1', owner.accessToken)).body.pagination.total).toBe(6);

    expect((await list('status=active')).body.pagination.total).toBe(3);
    expect((await list('', buyer.accessToken)).body.pagination.total).toBe(3);
    expect((await list('status=sold')).body).toEqual({
      success: true,
      data: [],
      pagination: { total: 0, page: 1, pages: 0, hasPrevPage: false, hasNextPage: false },
    });
  });

  it.each(['status=draft', 'status=', 'page=0', 'limit=101'])('rejects %s', async (query) => {
    const res = await t.request('GET', `/api/listings/user/${seller.user._id}?${query}`);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, code: 'VALIDATION_ERROR' });
  });

  it('answers 404 for an unknown user', async () => {
    const res = await t.request('GET', '/api/listings/user/00000000-0000-4000-8000-000000000000');
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('USER_NOT_FOUND');
  });
});

describe('GET /api/listings/favorites', () => {
  it('lists the listings the user saved', async () => {
    const res = await t.request('GET', '/api/listings/favorites', { token: buyer.accessToken });
    expect(res.status).toBe(200);
    expect(res.body.data).toHaveLength(1);
    expect(res.body.data[0]).toMatchObject({ _id: featured.id, isFavorite: true });
    expect(res.body.pagination).toEqual({
      total: 1,
      page: 1,
      pages: 1,
      hasPrevPage: false,
      hasNextPage: false,
    });
  });

  it('is empty for a user without favorites', async () => {
    const res = await t.request('GET', '/api/listings/favorites', { token: seller.accessToken });
    expect(res.body).toEqual({
      success: true,
      data: [],
      pagination: { total: 0, page: 1, pages: 0, hasPrevPage: false, hasNextPage: false },
    });
  });

  it('requires a signed-in user', async () => {
    const res = await t.request('GET', '/api/listings/favorites');
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ success: false, code: 'INVALID_TOKEN' });
  });
});

describe('GET /api/search', () => {
  let activeTotal: number;

  beforeAll(async () => {
    const { db } = t.app.database;
    // Enough active listings for two full pages, with distinct prices, years and mileages.
    for (let index = 0; index < 30; index += 1) {
      const listing = await seedListing(db, seller.user._id, {
        priceAmount: 1000 + index * 100,
        year: 1995 + (index % 25),
        mileage: 10_000 + index * 1_000,
      });
      if (index % 10 === 0) await seedImages(db, listing.id, `search-${index}`, 2);
    }
    activeTotal = (await t.request('GET', '/api/search?limit=100')).body.pagination.total;
  });

  it('returns active listings only, 24 per page by default', async () => {
    const res = await t.request('GET', '/api/search');
    expect(res.status).toBe(200);
    expect(res.body.data).toHaveLength(24);
    expect(res.body.data.every((listing: { status: string }) => listing.status === 'active')).toBe(true);
    expect(res.body.pagination).toEqual({
      total: activeTotal,
      page: 1,
      pages: Math.ceil(activeTotal / 24),
      hasPrevPage: false,
      hasNextPage: true,
    });
    expect(res.body.filters.available.bodyTypes).toContainEqual({ value: 'sedan', count: activeTotal });
  });

  it('pages without overlap up to the last page, then answers empty pages', async () => {
    const pages = Math.ceil(activeTotal / 24);
    const seen = new Set<string>();
    for (let page = 1; page <= pages; page += 1) {
      const res = await t.request('GET', `/api/search?page=${page}`);
      res.body.data.forEach((listing: { _id: string }) => seen.add(listing._id));
      expect(res.body.pagination).toMatchObject({ page, hasPrevPage: page > 1, hasNextPage: page < pages });
    }
    expect(seen.size).toBe(activeTotal);

    const beyond = await t.request('GET', `/api/search?page=${pages + 1}`);
    expect(beyond.status).toBe(200);
    expect(beyond.body.data).toEqual([]);
    expect(beyond.body.pagination).toMatchObject({ page: pages + 1, hasPrevPage: true, hasNextPage: false });
  });

  it.each([
    ['price_asc', (l: Card) => l.price.amount, 1],
    ['price_desc', (l: Card) => l.price.amount, -1],
    ['year_asc', (l: Card) => l.vehicle.year, 1],
    ['year_desc', (l: Card) => l.vehicle.year, -1],
    ['mileage_asc', (l: Card) => l.vehicle.mileage, 1],
    ['mileage_desc', (l: Card) => l.vehicle.mileage, -1],
    ['newest', (l: Card) => Date.parse(l.createdAt), -1],
  ] as const)('sorts by %s', async (sort, key, direction) => {
    const res = await t.request('GET', `/api/search?sort=${sort}&limit=100`);
    const values: number[] = res.body.data.map(key);
    const sorted = [...values].sort((a, b) => (a - b) * direction);
    expect(values).toEqual(sorted);
  });

  it('loads every card with its images', async () => {
    const res = await t.request('GET', '/api/search?limit=100');
    const withImages = res.body.data.filter((listing: Card) => listing.vehicle.images.length > 0);
    expect(withImages.length).toBeGreaterThanOrEqual(4);
    withImages.forEach((listing: Card) => expect(listing.primaryImage).not.toBeNull());
  });

  it('rejects an unknown sort', async () => {
    const res = await t.request('GET', '/api/search?sort=cheapest');
    expect(res.status).toBe(400);
    expect(res.body.details).toEqual({ sort: 'Invalid sort option' });
  });

  it.each(['page=0', 'limit=0', 'limit=101', 'page=1.5'])('rejects %s', async (query) => {
    expect((await t.request('GET', `/api/search?${query}`)).status).toBe(400);
  });
});

describe('GET /api/vehicle-data/years', () => {
  it("lists model years from next year down to 1900 (the spec's first year), cacheable for a day", async () => {
    const res = await t.request('GET', '/api/vehicle-data/years');
    expect(res.status).toBe(200);
    const years: number[] = res.body.data;
    expect(years[0]).toBe(new Date().getFullYear() + 1);
    expect(years.at(-1)).toBe(1900);
    expect(years).toHaveLength(new Date().getFullYear() + 1 - 1900 + 1);
    expect(res.headers.get('cache-control')).toBe('public, max-age=86400');
  });
});

interface Card {
  createdAt: string;
  price: { amount: number };
  vehicle: { year: number; mileage: number; images: unknown[] };
  primaryImage: unknown;
}
