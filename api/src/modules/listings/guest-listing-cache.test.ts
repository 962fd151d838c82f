import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import sharp from 'sharp';
import type { Listing } from '@carmarket/shared/contracts';
import { listings } from '../../db/schema.js';
import { listingDetailsPayload, vehiclePayload } from '../../test/listing-payload.js';
import { seedImages, seedListing } from '../../test/seed.js';
import {
  signUp,
  STARTUP_TIMEOUT_MS,
  startTestApp,
  type JsonBody,
  type SignedIn,
  type TestApp,
} from '../../test/test-app.js';
import { waitFor } from '../../test/wait-for.js';
import { LISTING_PAGE_TTL_MS, ListingPageCache } from './listing-page-cache.js';
import { ListingsRepository, type ListingWithSeller } from './listings.repository.js';

// Guests' listing pages are kept in the API process (ListingPageCache). Each test reads a listing as
// a guest first, so the next guest read would come from that copy unless the write dropped it. The
// app's clock stands still, so no copy ages out while a test runs: only the tests that move it do.
let t: TestApp;
let seller: SignedIn;
let buyer: SignedIn;
let clock = Date.now();

beforeAll(async () => {
  t = await startTestApp({ listen: true, now: () => new Date(clock) });
  seller = await signUp(t, 'cache-seller@example.com');
  buyer = await signUp(t, 'cache-buyer@example.com');
}, STARTUP_TIMEOUT_MS);

afterAll(async () => {
  await t?.close();
});

/** An active listing with four photos (`<prefix>-0` … `<prefix>-3`, the first primary). */
async function activeListing(prefix: string, sellerId = seller.user._id): Promise<string> {
  const { db } = t.app.database;
  const row = await seedListing(db, sellerId, { status: 'active' });
  await seedImages(db, row.id, `${prefix}-${row.id}`, 4);
  return row.id;
}

/** The listing page as a guest (from `ip`) sees it; undefined when it answers 404. */
async function asGuest(id: string, ip = '127.0.0.1'): Promise<JsonBody> {
  const res = await t.app.inject({ method: 'GET', url: `/api/listings/${id}`, remoteAddress: ip });
  if (res.statusCode === 404) return undefined;
  expect(res.statusCode).toBe(200);
  return res.json().data;
}

const asUser = async (id: string, user: SignedIn): Promise<JsonBody> =>
  (await t.request('GET', `/api/listings/${id}`, { token: user.accessToken })).body.data;

const bySeller = (method: string, path: string, json?: unknown) =>
  t.request(method, path, { token: seller.accessToken, json }).then((res) => {
    expect(res.status).toBe(200);
    return res.body;
  });

describe('a guest reading a listing after its seller changed it', () => {
  it('sees an edit of the details, and the price drop, at once', async () => {
    const id = await activeListing('details');
    const before = await asGuest(id);
    await bySeller('PUT', `/api/listings/${id}`, listingDetailsPayload({ price: { amount: 3000 } }));
    const after = await asGuest(id);
    expect(after).toMatchObject({ title: 'Updated title for the Civic', price: { amount: 3000 } });
    expect(after.priceDrop).toMatchObject({
      fromAmount: before.price.amount,
      amount: before.price.amount - 3000,
    });
  });

  it('sees an edit of the vehicle at once', async () => {
    const id = await activeListing('vehicle');
    expect((await asGuest(id)).vehicle.make).toBe('Toyota');
    await bySeller('PUT', `/api/listings/${id}/vehicle`, vehiclePayload({ mileage: 123_456 }));
    expect((await asGuest(id)).vehicle).toMatchObject({ make: 'Honda', model: 'Civic', mileage: 123_456 });
  });

  it('sees it sold, active again, and gone once deleted', async () => {
    const id = await activeListing('status');
    expect((await asGuest(id)).status).toBe('active');
    await bySeller('PATCH', `/api/listings/${id}/status`, { status: 'sold' });
    expect((await asGuest(id)).status).toBe('sold');
    await bySeller('PATCH', `/api/listings/${id}/status`, { status: 'active' });
    expect((await asGuest(id)).status).toBe('active');
    await bySeller('DELETE', `/api/listings/${id}`);
    expect(await asGuest(id)).toBeUndefined();
  });

  it('sees it expire when its time comes, and renewed at once', async () => {
    // Renewed a second short of its period: it expires well within the copy's few seconds.
    const renewedAt = new Date(clock - t.config.listingRenewalPeriodMs + 1000);
    const row = await seedListing(t.app.database.db, seller.user._id, { status: 'active', renewedAt });
    await seedImages(t.app.database.db, row.id, `renewal-${row.id}`, 4);
    expect((await asGuest(row.id)).expired).toBe(false);
    const start = clock;
    try {
      clock += 1000;
      expect((await asGuest(row.id)).expired).toBe(true);
      await bySeller('POST', `/api/listings/${row.id}/renew`);
      const renewed = await asGuest(row.id);
      expect(renewed.expired).toBe(false);
      expect(Date.parse(renewed.expiresAt)).toBe(clock + t.config.listingRenewalPeriodMs);
    } finally {
      clock = start;
    }
  });

  it('sees photos reordered, a new primary photo, and a deleted photo (back to a draft: gone)', async () => {
    const id = await activeListing('photos');
    const ids = (await asGuest(id)).vehicle.images.map((image: JsonBody) => image.publicId) as string[];
    const order = [ids[3]!, ids[2]!, ids[1]!, ids[0]!];
    await bySeller('PUT', '/api/upload/reorder', { listingId: id, imageOrder: order });
    expect((await asGuest(id)).vehicle.images.map((image: JsonBody) => image.publicId)).toEqual(order);
    await bySeller('PUT', '/api/upload/primary', { listingId: id, publicId: ids[2] });
    expect((await asGuest(id)).primaryImage.publicId).toBe(ids[2]);
    await bySeller('DELETE', `/api/upload/image/${ids[0]}`, { listingId: id });
    expect(await asGuest(id)).toBeUndefined();
  });

  it('sees an uploaded photo, and sees it ready once it is processed', async () => {
    const id = await activeListing('upload');
    expect((await asGuest(id)).vehicle.images).toHaveLength(4);
    const form = new FormData();
    const bytes = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#336699' } })
      .jpeg()
      .toBuffer();
    form.append('images', new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }), 'photo.jpg');
    const uploaded = await fetch(`${t.baseUrl}/api/upload/listing/${id}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${seller.accessToken}` },
      body: form,
    });
    expect(uploaded.status).toBe(200);
    const images = (await asGuest(id)).vehicle.images as JsonBody[];
    expect(images).toHaveLength(5);
    // Processing ends in the background: only dropping the guests' copy then makes it show.
    for (let pause = 20; images.at(-1).status === 'processing'; pause = Math.min(pause * 2, 500)) {
      await new Promise((resolve) => setTimeout(resolve, pause));
      images.splice(0, images.length, ...(await asGuest(id)).vehicle.images);
    }
    expect(images.at(-1).status).toBe('ready');
  });

  it("sees the seller's new name, and the dealer badge once the seller is a dealer", async () => {
    const dealer = await signUp(t, 'cache-dealer@example.com');
    const id = await activeListing('seller', dealer.user._id);
    expect(await asGuest(id)).toMatchObject({ seller: { name: 'cache-dealer' }, dealerBadge: false });
    const named = await t.request('PUT', '/api/auth/profile/name', {
      token: dealer.accessToken,
      json: { name: 'Hill Country Motors' },
    });
    expect(named.status).toBe(200);
    expect((await asGuest(id)).seller.name).toBe('Hill Country Motors');
    const business = await t.request('PUT', '/api/dealers/me', {
      token: dealer.accessToken,
      json: {
        businessName: 'Hill Country Motors',
        street: '1200 S Congress Ave',
        city: 'Austin',
        state: 'tx',
        zipCode: '78704',
        phone: '512-555-0188',
        website: 'https://hillcountrymotors.example',
      },
    });
    expect(business.status).toBe(200);
    expect(await asGuest(id)).toMatchObject({ dealerBadge: true, seller: { role: 'dealer' } });
  });
});

describe('favorites and views on the guests’ copy', () => {
  it("never serves a signed-in user's favorite flag to a guest, nor the guests' copy to a user", async () => {
    const id = await activeListing('favorite');
    expect(await asGuest(id)).toMatchObject({ isFavorite: false, favoriteCount: 0 });
    const saved = await t.request('POST', `/api/listings/${id}/favorite`, { token: buyer.accessToken });
    expect(saved.status).toBe(200);
    expect(await asUser(id, buyer)).toMatchObject({ isFavorite: true, favoriteCount: 1 });
    expect(await asGuest(id)).toMatchObject({ isFavorite: false, favoriteCount: 1 });
    expect(await asUser(id, buyer)).toMatchObject({ isFavorite: true, favoriteCount: 1 });
    expect(await asUser(id, seller)).toMatchObject({ isFavorite: false, favoriteCount: 1 });
  });

  it('counts each new guest at once, and keeps the count right across a flush of the views', async () => {
    const id = await activeListing('views');
    expect((await asGuest(id, '198.51.100.1')).views).toBe(1);
    expect((await asGuest(id, '198.51.100.1')).views).toBe(1);
    expect((await asGuest(id, '198.51.100.2')).views).toBe(2);
    await t.app.listingViews.flush();
    expect((await asGuest(id, '198.51.100.1')).views).toBe(2);
    expect((await asGuest(id, '198.51.100.3')).views).toBe(3);
    await t.app.listingViews.flush();
    expect((await asGuest(id, '198.51.100.3')).views).toBe(3);
    expect((await asUser(id, buyer)).views).toBe(4);
    expect((await asGuest(id, '198.51.100.3')).views).toBe(4);
  });

  it('keeps serving its copy of a change made elsewhere (another process) until the copy is stale', async () => {
    const id = await activeListing('elsewhere');
    await asGuest(id);
    // Storing that view drops the copy (its count moved): store it now, not by the flush timer
    // halfway through the test, and keep the copy read again (the same guest's view is stored).
    await t.app.listingViews.flush();
    const before = await asGuest(id);
    // Written past this process's repositories, as another API process would.
    await t.app.database.db
      .update(listings)
      .set({ title: 'Changed by another process' })
      .where(eq(listings.id, id));
    expect((await asGuest(id)).title).toBe(before.title);
    const start = clock;
    try {
      clock += LISTING_PAGE_TTL_MS;
      expect((await asGuest(id)).title).toBe('Changed by another process');
    } finally {
      clock = start;
    }
  });

  it('serves its copy past half its age at once while reading the listing again, then the new page', async () => {
    const id = await activeListing('refresh-ahead');
    await asGuest(id);
    // Storing that view drops the copy (as in the test above): stored now, not by the flush timer
    // before the copy is read at half its age, which then found no copy (a CI run failed so).
    await t.app.listingViews.flush();
    const before = await asGuest(id);
    await t.app.database.db.update(listings).set({ title: 'Renamed elsewhere' }).where(eq(listings.id, id));
    const start = clock;
    try {
      clock += LISTING_PAGE_TTL_MS / 2;
      expect((await asGuest(id)).title).toBe(before.title);
      const read = await waitFor(
        () => asGuest(id),
        (page) => page.title !== before.title,
      );
      expect(read.title).toBe('Renamed elsewhere');
      // Deleted elsewhere: gone once the copy is read again.
      await t.app.database.db.delete(listings).where(eq(listings.id, id));
      clock += LISTING_PAGE_TTL_MS / 2;
      await asGuest(id);
      expect(
        await waitFor(
          () => asGuest(id),
          (page) => page === undefined,
        ),
      ).toBeUndefined();
    } finally {
      clock = start;
    }
  });

  it('reads the database once for guests asking at once, but again for one asking after a write', async () => {
    const id = await activeListing('shared-read');
    const reads = vi.spyOn(ListingsRepository.prototype, 'findForPage');
    try {
      const pages = await Promise.all(
        Array.from({ length: 8 }, (_, n) => asGuest(id, `198.51.100.${20 + n}`)),
      );
      expect(new Set(pages.map((page) => page.title)).size).toBe(1);
      expect(reads.mock.calls.filter(([listingId]) => listingId === id)).toHaveLength(1);

      const [, renamed] = await Promise.all([
        asGuest(id),
        bySeller('PUT', `/api/listings/${id}`, listingDetailsPayload({ title: 'Renamed while read' })),
      ]);
      expect(renamed.data.title).toBe('Renamed while read');
      expect((await asGuest(id)).title).toBe('Renamed while read');
    } finally {
      reads.mockRestore();
    }
  });
});

describe('the guests’ copy on the wire', () => {
  it('is the same answer gzipped, in brotli, or plain, under one ETag that a revalidation matches', async () => {
    const id = await activeListing('encodings');
    const fetchAs = (headers: Record<string, string>) =>
      t.app.inject({ method: 'GET', url: `/api/listings/${id}`, headers });
    const plain = await fetchAs({});
    const gzip = await fetchAs({ 'accept-encoding': 'gzip, br' });
    const brotli = await fetchAs({ 'accept-encoding': 'br, gzip;q=0' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(plain.body);
    for (const res of [plain, gzip, brotli]) {
      expect(res.headers).toMatchObject({
        etag: plain.headers.etag,
        'cache-control': 'public, no-cache',
        'content-type': 'application/json; charset=utf-8',
      });
      expect(String(res.headers.vary).split(', ').sort()).toEqual(['accept-encoding', 'authorization']);
    }
    const again = await fetchAs({ 'accept-encoding': 'gzip', 'if-none-match': String(plain.headers.etag) });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });
});

describe('ListingPageCache', () => {
  const page = (id: string, sellerId = 'seller'): Listing =>
    ({
      _id: id,
      views: 0,
      expired: false,
      expiresAt: new Date(Date.now() + 86_400_000).toISOString(),
      seller: { _id: sellerId },
    }) as Listing;
  const now = new Date();
  // The row a page was made from: these tests look at which pages are kept, not at what they hold.
  const row = {} as ListingWithSeller;

  it('holds at most its number of entries, dropping the least recently read', () => {
    const cache = new ListingPageCache(2);
    cache.put(page('a'), row, now, cache.generation);
    cache.put(page('b'), row, now, cache.generation);
    expect(cache.get('a', now)).toBeDefined();
    cache.put(page('c'), row, now, cache.generation);
    expect(cache.size).toBe(2);
    expect(cache.get('b', now)).toBeUndefined();
    expect(cache.get('a', now)).toBeDefined();
    expect(cache.get('c', now)).toBeDefined();
  });

  it('does not keep a page read before a write dropped something', () => {
    const cache = new ListingPageCache();
    const generation = cache.generation;
    cache.listingChanged('other');
    cache.put(page('a'), row, now, generation);
    expect(cache.get('a', now)).toBeUndefined();
  });

  it("drops a seller's pages together", () => {
    const cache = new ListingPageCache();
    cache.put(page('a', 'one'), row, now, cache.generation);
    cache.put(page('b', 'two'), row, now, cache.generation);
    cache.sellerChanged('one');
    expect(cache.get('a', now)).toBeUndefined();
    expect(cache.get('b', now)).toBeDefined();
  });
});
