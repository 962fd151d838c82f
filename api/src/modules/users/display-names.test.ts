// Issue 15: how other people see a user. Until someone gives a display name, every response that
// shows them to someone else names them by the part of their email before '@', and no response
// carries another user's email address.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Conversation } from '@carmarket/shared/contracts';
import { seedImages, seedListing } from '../../test/seed.js';
import { nextEvent, openSocket, type TestSocket } from '../../test/socket-client.js';
import {
  signUp,
  STARTUP_TIMEOUT_MS,
  startTestApp,
  type SignedIn,
  type TestApp,
} from '../../test/test-app.js';

const SELLER_EMAIL = 'pat.seller@example.com';
const BUYER_EMAIL = 'sam+cars@example.com';

let t: TestApp;
let seller: SignedIn;
let buyer: SignedIn;
let listingId: string;
const sockets: TestSocket[] = [];

beforeAll(async () => {
  t = await startTestApp({ listen: true });
  seller = await signUp(t, SELLER_EMAIL);
  buyer = await signUp(t, BUYER_EMAIL);
  const { db } = t.app.database;
  const listing = await seedListing(db, seller.user._id, {
    title: 'Volvo 240 wagon',
    make: 'Volvo',
    model: '240',
  });
  // A twin, so the similar-cars answer has the first one to show.
  const twin = await seedListing(db, seller.user._id, {
    title: 'Volvo 240 sedan',
    make: 'Volvo',
    model: '240',
  });
  await seedImages(db, listing.id, 'volvo', 4);
  await seedImages(db, twin.id, 'volvo-twin', 4);
  listingId = listing.id;
}, STARTUP_TIMEOUT_MS);

afterAll(async () => {
  sockets.forEach((socket) => socket.close());
  await t?.close();
});

const get = (path: string, user?: SignedIn) => t.request('GET', path, { token: user?.accessToken });
const setName = (user: SignedIn | undefined, name: unknown) =>
  t.request('PUT', '/api/auth/profile/name', { token: user?.accessToken, json: { name } });

describe('before anyone gives a name', () => {
  let conversation: Conversation;

  it("names the seller by their email's local part wherever a listing shows, without the address", async () => {
    await t.request('POST', `/api/listings/${listingId}/favorite`, { token: buyer.accessToken });
    const answers = await Promise.all([
      get(`/api/listings/${listingId}`, buyer),
      get(`/api/listings/user/${seller.user._id}`, buyer),
      get('/api/search?make=Volvo', buyer),
      get(`/api/listings/${listingId}/similar`, buyer),
      get('/api/listings/favorites', buyer),
    ]);
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      expect(answer.text).toContain('"name":"pat.seller"');
      expect(answer.text).not.toContain(SELLER_EMAIL);
    }
  });

  it('names each side of a conversation the same way, live events included', async () => {
    const sellerSocket = await openSocket(t.baseUrl, seller.accessToken);
    sockets.push(sellerSocket);
    const live = nextEvent(sellerSocket, 'new-message');
    const sent = await t.request('POST', '/api/messages', {
      token: buyer.accessToken,
      json: { listingId, recipientId: seller.user._id, content: 'Is the wagon still for sale?' },
    });
    expect(sent.status).toBe(200);
    expect(sent.text).not.toContain(SELLER_EMAIL);

    const event = await live;
    expect(event.conversation.otherParticipant).toEqual({
      _id: buyer.user._id,
      name: 'sam+cars',
      profileImage: null,
    });
    expect(JSON.stringify(event)).not.toContain(BUYER_EMAIL);
    conversation = event.conversation;

    const forSeller = await Promise.all([
      get('/api/messages/conversations', seller),
      get(`/api/messages/conversations/${conversation.conversationId}`, seller),
    ]);
    const forBuyer = await Promise.all([
      get('/api/messages/conversations', buyer),
      get(`/api/messages/conversations/${conversation.conversationId}`, buyer),
    ]);
    for (const answer of forSeller) {
      expect(answer.text).toContain('"name":"sam+cars"');
      expect(answer.text).not.toContain(BUYER_EMAIL);
    }
    for (const answer of forBuyer) {
      expect(answer.text).toContain('"name":"pat.seller"');
      expect(answer.text).not.toContain(SELLER_EMAIL);
    }
  });

  it("keeps the user's own name empty, so the site knows to ask for it", async () => {
    const me = await get('/api/auth/me', buyer);
    expect(me.body.data.user).toMatchObject({ email: BUYER_EMAIL, name: null });
  });
});

describe('PUT /api/auth/profile/name', () => {
  it.each([
    ['', 'Please enter your name'],
    ['   ', 'Please enter your name'],
    ['x'.repeat(101), 'Name must be at most 100 characters'],
    [42, 'Please enter your name'],
  ])('refuses %p with the form’s message and stores nothing', async (name, message) => {
    const res = await setName(buyer, name);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, code: 'VALIDATION_ERROR', details: { name: message } });
    expect((await get('/api/auth/me', buyer)).body.data.user.name).toBeNull();
  });

  it('requires a signed-in user', async () => {
    expect((await setName(undefined, 'Nobody')).status).toBe(401);
  });

  it('stores the trimmed name, leaves the rest of the profile, and others see it from then on', async () => {
    await t.request('PUT', '/api/auth/profile', {
      token: seller.accessToken,
      json: { name: '', phone: '512-555-0100', city: 'Austin', state: 'TX', emailNewListings: true },
    });
    const res = await setName(seller, '  Pat Jones ');
    expect(res.status).toBe(200);
    expect(res.body.data.user).toMatchObject({
      name: 'Pat Jones',
      phone: '512-555-0100',
      city: 'Austin',
      emailNewListings: true,
    });

    const listing = await get(`/api/listings/${listingId}`, buyer);
    expect(listing.body.data.seller).toEqual({
      _id: seller.user._id,
      name: 'Pat Jones',
      role: 'private',
      memberSince: expect.any(String),
    });
    const inbox = await get('/api/messages/conversations', buyer);
    expect(inbox.body.data[0].otherParticipant.name).toBe('Pat Jones');
  });
});
