import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedListing } from '../../test/seed.js';
import { listingDetailsPayload } from '../../test/listing-payload.js';
import { arrivesWithin, nextEvent, openSocket, type TestSocket } from '../../test/socket-client.js';
import {
  signUp,
  STARTUP_TIMEOUT_MS,
  startTestApp,
  type SignedIn,
  type TestApp,
} from '../../test/test-app.js';

// Several HTTP calls and a socket per test: more than the default test timeout on a busy machine.
const FLOW_TIMEOUT_MS = 30_000;

let t: TestApp;
let seller: SignedIn;
let buyer: SignedIn;
let bystander: SignedIn;
let buyerSocket: TestSocket;
let sellerSocket: TestSocket;

beforeAll(async () => {
  t = await startTestApp({ listen: true, env: { FUEL_PRICE_PER_GALLON: '4.19' } });
  seller = await signUp(t, 'price-seller@example.com');
  buyer = await signUp(t, 'price-buyer@example.com');
  bystander = await signUp(t, 'price-bystander@example.com');
  buyerSocket = await openSocket(t.baseUrl, buyer.accessToken);
  sellerSocket = await openSocket(t.baseUrl, seller.accessToken);
}, STARTUP_TIMEOUT_MS);

afterAll(async () => {
  buyerSocket?.disconnect();
  sellerSocket?.disconnect();
  await t?.close();
});

const reprice = (id: string, amount: number, who = seller) =>
  t.request('PUT', `/api/listings/${id}`, {
    json: listingDetailsPayload({ title: 'Repriced Corolla', price: { amount, currency: 'USD' } }),
    token: who.accessToken,
  });
const historyOf = async (id: string, query = '') => {
  const res = await t.request('GET', `/api/listings/${id}/price-history${query}`);
  expect(res.status).toBe(200);
  return res.body;
};
const favorite = async (id: string, who: SignedIn) => {
  const res = await t.request('POST', `/api/listings/${id}/favorite`, { token: who.accessToken });
  expect(res.status).toBeLessThan(300);
};

describe('price history', () => {
  it('records every change of the price, newest first, and nothing for an edit that keeps it', async () => {
    const listing = await seedListing(t.app.database.db, seller.user._id, { priceAmount: 8000 });
    expect((await historyOf(listing.id)).data).toEqual([]);

    expect((await reprice(listing.id, 7500)).status).toBe(200);
    expect((await reprice(listing.id, 7500)).status).toBe(200);
    expect((await reprice(listing.id, 7900)).status).toBe(200);

    const history = await historyOf(listing.id);
    expect(
      history.data.map(({ fromAmount, toAmount }: { fromAmount: number; toAmount: number }) => [
        fromAmount,
        toAmount,
      ]),
    ).toEqual([
      [7500, 7900],
      [8000, 7500],
    ]);
    expect(history.pagination).toMatchObject({ total: 2, page: 1 });
    expect(Date.parse(history.data[0].changedAt)).toBeGreaterThanOrEqual(
      Date.parse(history.data[1].changedAt),
    );
    // Paged like every list.
    expect((await historyOf(listing.id, '?limit=1&page=2')).data).toEqual([
      expect.objectContaining({ fromAmount: 8000, toAmount: 7500 }),
    ]);
  });

  it('shows "price dropped" on the listing only while its latest change lowered the price', async () => {
    const listing = await seedListing(t.app.database.db, seller.user._id, { priceAmount: 6000 });
    const read = async () => (await t.request('GET', `/api/listings/${listing.id}`)).body.data;
    expect((await read()).priceDrop).toBeNull();

    await reprice(listing.id, 5400);
    expect((await read()).priceDrop).toEqual({
      amount: 600,
      fromAmount: 6000,
      droppedAt: expect.any(String),
    });

    await reprice(listing.id, 5600);
    expect((await read()).priceDrop).toBeNull();
  });

  it("refuses someone else's price change and records nothing", async () => {
    const listing = await seedListing(t.app.database.db, seller.user._id, { priceAmount: 6000 });
    expect((await reprice(listing.id, 100, bystander)).status).toBe(403);
    expect((await historyOf(listing.id)).data).toEqual([]);
  });

  it("answers 404 for an unknown listing and for someone else's draft", async () => {
    const draft = await seedListing(t.app.database.db, seller.user._id, { status: 'draft' });
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-an-id', draft.id]) {
      const res = await t.request('GET', `/api/listings/${id}/price-history`);
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ success: false });
    }
  });
});

describe('price drops', () => {
  it(
    'tell everyone who saved the listing live, with the drop on their favorites, and nobody else',
    async () => {
      const listing = await seedListing(t.app.database.db, seller.user._id, { priceAmount: 9000 });
      await favorite(listing.id, buyer);
      await favorite(listing.id, seller);

      const told = nextEvent(
        buyerSocket,
        'notification',
        ({ notification }) =>
          notification.kind === 'price-drop' && notification.payload.listingId === listing.id,
      );
      const sellerTold = arrivesWithin(sellerSocket, 'notification', 1500);
      expect((await reprice(listing.id, 8200)).status).toBe(200);

      const { notification, unreadCount } = await told;
      expect(notification).toMatchObject({
        kind: 'price-drop',
        read: false,
        payload: { listingId: listing.id, title: 'Repriced Corolla', fromAmount: 9000, toAmount: 8200 },
      });
      expect(unreadCount).toBeGreaterThanOrEqual(1);
      expect(await sellerTold).toBe(false);

      const favorites = await t.request('GET', '/api/listings/favorites', { token: buyer.accessToken });
      expect(favorites.body.data.find((saved: { _id: string }) => saved._id === listing.id)).toMatchObject({
        price: { amount: 8200 },
        priceDrop: { amount: 800, fromAmount: 9000 },
      });
      const stored = await t.request('GET', '/api/notifications', { token: buyer.accessToken });
      expect(stored.body.data).toContainEqual(expect.objectContaining({ kind: 'price-drop' }));
    },
    FLOW_TIMEOUT_MS,
  );

  it(
    'are not sent for a rise in price',
    async () => {
      const listing = await seedListing(t.app.database.db, seller.user._id, { priceAmount: 3000 });
      await favorite(listing.id, buyer);
      const told = arrivesWithin(buyerSocket, 'notification', 1500);
      expect((await reprice(listing.id, 3500)).status).toBe(200);
      expect(await told).toBe(false);
    },
    FLOW_TIMEOUT_MS,
  );
});

describe('GET /api/running-cost', () => {
  it('serves the configured fuel price and the yearly miles', async () => {
    const res = await t.request('GET', '/api/running-cost');
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ fuelPricePerGallon: 4.19, milesPerYear: 12_000 });
  });
});
