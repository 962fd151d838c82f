import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { listings } from '../../db/schema.js';
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
let buyer: SignedIn;
let other: SignedIn;

beforeAll(async () => {
  t = await startTestApp();
  seller = await signUp(t, 'fav-seller@example.com');
  buyer = await signUp(t, 'fav-buyer@example.com');
  other = await signUp(t, 'fav-other@example.com');
}, STARTUP_TIMEOUT_MS);

afterAll(async () => {
  await t?.close();
});

const toggle = (id: string, token?: string) =>
  t.request('POST', `/api/listings/${encodeURIComponent(id)}/favorite`, { token });
const read = async (id: string, token?: string) =>
  (await t.request('GET', `/api/listings/${id}`, { token })).body.data;
const favoriteIds = async (token: string) =>
  (await t.request('GET', '/api/listings/favorites', { token })).body.data.map(
    (listing: { _id: string }) => listing._id,
  );

describe('POST /api/listings/:id/favorite', () => {
  it('saves, then removes, keeping isFavorite and favoriteCount right for each user', async () => {
    const { id } = await seedListing(t.app.database.db, seller.user._id);

    const saved = await toggle(id, buyer.accessToken);
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({ success: true, data: { isFavorite: true, favoriteCount: 1 } });
    expect((await toggle(id, other.accessToken)).body.data).toEqual({ isFavorite: true, favoriteCount: 2 });

    expect(await read(id, buyer.accessToken)).toMatchObject({ isFavorite: true, favoriteCount: 2 });
    expect(await read(id)).toMatchObject({ isFavorite: false, favoriteCount: 2 });
    expect(await favoriteIds(buyer.accessToken)).toContain(id);

    const search = await t.request('GET', '/api/search?limit=100', { token: buyer.accessToken });
    expect(search.body).toMatchObject({ success: true });
    expect(search.body.data.find((listing: { _id: string }) => listing._id === id)).toMatchObject({
      isFavorite: true,
      favoriteCount: 2,
    });

    expect((await toggle(id, buyer.accessToken)).body.data).toEqual({ isFavorite: false, favoriteCount: 1 });
    expect(await read(id, buyer.accessToken)).toMatchObject({ isFavorite: false, favoriteCount: 1 });
    expect(await favoriteIds(buyer.accessToken)).not.toContain(id);
  });

  it('ends consistent when two toggles race: one row per user at most, the count matching', async () => {
    const { id } = await seedListing(t.app.database.db, seller.user._id);

    // A double click: two toggles in flight at once run one after the other, so they cancel out.
    const [first, second] = await Promise.all([toggle(id, buyer.accessToken), toggle(id, buyer.accessToken)]);
    expect([first.status, second.status]).toEqual([200, 200]);
    expect([first.body.data.isFavorite, second.body.data.isFavorite].sort()).toEqual([false, true]);
    expect(await read(id, buyer.accessToken)).toMatchObject({ isFavorite: false, favoriteCount: 0 });

    // Three at once leave it saved, once.
    await Promise.all([1, 2, 3].map(() => toggle(id, buyer.accessToken)));
    expect(await read(id, buyer.accessToken)).toMatchObject({ isFavorite: true, favoriteCount: 1 });
    expect((await favoriteIds(buyer.accessToken)).filter((saved: string) => saved === id)).toHaveLength(1);
  });

  it('keeps a sold listing among the favorites with its status, and lets the user remove it', async () => {
    const listing = await seedListing(t.app.database.db, seller.user._id);
    await toggle(listing.id, buyer.accessToken);
    await t.app.database.db.update(listings).set({ status: 'sold' }).where(eq(listings.id, listing.id));

    const favorites = await t.request('GET', '/api/listings/favorites?limit=100', {
      token: buyer.accessToken,
    });
    expect(favorites.body.data.find((item: { _id: string }) => item._id === listing.id)).toMatchObject({
      status: 'sold',
      isFavorite: true,
    });

    const added = await toggle(listing.id, other.accessToken);
    expect(added.status).toBe(409);
    expect(added.body).toMatchObject({
      success: false,
      error: 'This listing is no longer available',
      code: 'LISTING_NOT_ACTIVE',
    });

    expect((await toggle(listing.id, buyer.accessToken)).body.data).toEqual({
      isFavorite: false,
      favoriteCount: 0,
    });
  });

  it("hides another seller's draft behind a 404", async () => {
    const draft = await seedListing(t.app.database.db, seller.user._id, { status: 'draft' });
    const res = await toggle(draft.id, buyer.accessToken);
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('LISTING_NOT_FOUND');
  });

  it.each(['00000000-0000-4000-8000-000000000000', 'not-a-uuid'])('answers 404 for %s', async (id) => {
    const res = await toggle(id, buyer.accessToken);
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ success: false, error: 'Listing not found', code: 'LISTING_NOT_FOUND' });
  });

  it('requires a signed-in user and changes nothing for a guest', async () => {
    const { id } = await seedListing(t.app.database.db, seller.user._id);
    const res = await toggle(id);
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ success: false });
    expect(await read(id)).toMatchObject({ favoriteCount: 0 });
  });
});

describe('GET /api/listings/favorites', () => {
  const list = (token: string, query = '') => t.request('GET', `/api/listings/favorites${query}`, { token });
  const ids = (body: { data: { _id: string }[] }) => body.data.map((listing) => listing._id);

  it('pages through the favorites, most recently saved first', async () => {
    const saver = await signUp(t, 'fav-pager@example.com');
    const saved: string[] = [];
    for (let made = 0; made < 3; made += 1) {
      const { id } = await seedListing(t.app.database.db, seller.user._id);
      await toggle(id, saver.accessToken);
      saved.push(id);
    }

    const first = await list(saver.accessToken, '?limit=2');
    expect(ids(first.body)).toEqual([saved[2], saved[1]]);
    expect(first.body.pagination).toEqual({
      total: 3,
      page: 1,
      pages: 2,
      hasPrevPage: false,
      hasNextPage: true,
    });
    const second = await list(saver.accessToken, '?limit=2&page=2');
    expect(ids(second.body)).toEqual([saved[0]]);
    expect(second.body.pagination).toEqual({
      total: 3,
      page: 2,
      pages: 2,
      hasPrevPage: true,
      hasNextPage: false,
    });
  });

  it('leaves out a listing back in draft or deleted, in the list and its total, and shows a sold one', async () => {
    const saver = await signUp(t, 'fav-hidden@example.com');
    const { db } = t.app.database;
    const [drafted, deleted, sold, active] = await Promise.all(
      [1, 2, 3, 4].map(() => seedListing(db, seller.user._id)),
    );
    for (const listing of [drafted!, deleted!, sold!, active!]) await toggle(listing.id, saver.accessToken);
    // Back to draft is what removing photos below 4 does; the other two through the API.
    await db.update(listings).set({ status: 'draft' }).where(eq(listings.id, drafted!.id));
    const removed = await t.request('DELETE', `/api/listings/${deleted!.id}`, { token: seller.accessToken });
    expect(removed.status).toBe(200);
    const marked = await t.request('PATCH', `/api/listings/${sold!.id}/status`, {
      token: seller.accessToken,
      json: { status: 'sold' },
    });
    expect(marked.status).toBe(200);

    const res = await list(saver.accessToken, '?limit=1');
    expect(res.body.pagination).toMatchObject({ total: 2, pages: 2 });
    const all = await list(saver.accessToken);
    expect(ids(all.body)).toEqual([active!.id, sold!.id]);
    expect(all.body.data[1]).toMatchObject({ status: 'sold', isFavorite: true });

    // The favorite was kept: active again, the listing is back among them.
    await db.update(listings).set({ status: 'active' }).where(eq(listings.id, drafted!.id));
    expect(ids((await list(saver.accessToken)).body)).toEqual([active!.id, sold!.id, drafted!.id]);
  });
});
