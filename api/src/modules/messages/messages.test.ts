import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { conversations, listings, messages } from '../../db/schema.js';
import { seedImages, seedListing } from '../../test/seed.js';
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
let newcomer: SignedIn;
let stranger: SignedIn;

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);

beforeAll(async () => {
  t = await startTestApp();
  seller = await signUp(t, 'seller@example.com');
  buyer = await signUp(t, 'buyer@example.com');
  newcomer = await signUp(t, 'newcomer@example.com');
  stranger = await signUp(t, 'stranger@example.com');
  const { db } = t.app.database;

  const civic = await seedListing(db, seller.user._id, {
    title: 'Honda Civic',
    make: 'Honda',
    model: 'Civic',
  });
  await seedImages(db, civic.id, 'civic', 2);
  const truck = await seedListing(db, seller.user._id, {
    title: 'Ford Ranger',
    make: 'Ford',
    model: 'Ranger',
  });
  const van = await seedListing(db, seller.user._id, { title: 'Dodge Caravan' });

  const [aboutCivic, aboutTruck, archived] = await db
    .insert(conversations)
    .values([
      {
        listingId: civic.id,
        listingTitle: civic.title,
        buyerId: buyer.user._id,
        sellerId: seller.user._id,
        lastMessageAt: minutesAgo(5),
      },
      {
        listingId: truck.id,
        listingTitle: truck.title,
        buyerId: buyer.user._id,
        sellerId: seller.user._id,
        lastMessageAt: minutesAgo(1),
      },
      {
        listingId: van.id,
        listingTitle: van.title,
        buyerId: buyer.user._id,
        sellerId: seller.user._id,
        lastMessageAt: minutesAgo(0),
        buyerArchivedAt: new Date(),
      },
    ])
    .returning();
  const message = (conversationId: string, fromBuyer: boolean, content: string, at: Date, read = false) => ({
    conversationId,
    senderId: fromBuyer ? buyer.user._id : seller.user._id,
    recipientId: fromBuyer ? seller.user._id : buyer.user._id,
    content,
    createdAt: at,
    readAt: read ? at : null,
  });
  await db
    .insert(messages)
    .values([
      message(aboutCivic!.id, true, 'Is the Civic still available?', minutesAgo(10), true),
      message(aboutCivic!.id, false, 'Yes, come and see it', minutesAgo(6)),
      message(aboutCivic!.id, false, 'Saturday works', minutesAgo(5)),
      message(aboutTruck!.id, true, 'Does the truck tow?', minutesAgo(1)),
      message(archived!.id, false, 'Van is sold, sorry', minutesAgo(0)),
    ]);
  // The truck listing is deleted: its conversation stays, without a listing preview.
  await db.execute(sql`delete from listings where id = ${truck.id}`);
}, STARTUP_TIMEOUT_MS);

afterAll(async () => {
  await t?.close();
});

describe('GET /api/messages/conversations', () => {
  it('lists the conversations with the latest activity first, hiding archived ones', async () => {
    const res = await t.request('GET', '/api/messages/conversations', { token: buyer.accessToken });
    expect(res.status).toBe(200);
    expect(res.body.pagination).toEqual({
      total: 2,
      page: 1,
      pages: 1,
      hasPrevPage: false,
      hasNextPage: false,
    });
    const [truck, civic] = res.body.data;

    expect(truck).toMatchObject({
      otherParticipant: { _id: seller.user._id, name: 'seller', profileImage: null },
      lastMessage: { content: 'Does the truck tow?', sender: { _id: buyer.user._id } },
      unreadCount: 0,
      listing: null,
    });
    expect(civic).toMatchObject({
      conversationId: expect.any(String),
      lastMessage: { content: 'Saturday works', sender: { _id: seller.user._id } },
      unreadCount: 2,
      listing: {
        title: 'Honda Civic',
        price: { currency: 'USD' },
        vehicle: { make: 'Honda', model: 'Civic' },
        primaryImage: { publicId: 'civic-0' },
      },
    });
  });

  it('shows the other side of each conversation to the seller, archived ones included', async () => {
    const res = await t.request('GET', '/api/messages/conversations?limit=1', { token: seller.accessToken });
    expect(res.body.data).toHaveLength(1);
    expect(res.body.data[0].otherParticipant._id).toBe(buyer.user._id);
    expect(res.body.data[0].lastMessage.content).toBe('Van is sold, sorry');
    expect(res.body.pagination).toEqual({
      total: 3,
      page: 1,
      pages: 3,
      hasPrevPage: false,
      hasNextPage: true,
    });
  });

  it('is empty for a user without conversations', async () => {
    const res = await t.request('GET', '/api/messages/conversations', { token: newcomer.accessToken });
    expect(res.body).toEqual({
      success: true,
      data: [],
      pagination: { total: 0, page: 1, pages: 0, hasPrevPage: false, hasNextPage: false },
    });
  });

  it('requires a signed-in user', async () => {
    expect((await t.request('GET', '/api/messages/conversations')).status).toBe(401);
  });
});

describe('GET /api/messages/unread-count', () => {
  it('counts the messages addressed to the user that are not read yet', async () => {
    const forBuyer = await t.request('GET', '/api/messages/unread-count', { token: buyer.accessToken });
    expect(forBuyer.body).toEqual({ success: true, data: { unreadCount: 3 } });
    const forSeller = await t.request('GET', '/api/messages/unread-count', { token: seller.accessToken });
    expect(forSeller.body.data.unreadCount).toBe(1);
  });

  it('requires a signed-in user', async () => {
    expect((await t.request('GET', '/api/messages/unread-count')).status).toBe(401);
  });
});

describe('sending and reading messages', () => {
  let listingId: string;
  const send = (from: SignedIn, json: Record<string, unknown>) =>
    t.request('POST', '/api/messages', { token: from.accessToken, json: { listingId, ...json } });

  beforeAll(async () => {
    const listing = await seedListing(t.app.database.db, seller.user._id, {
      title: 'Mazda 3 hatchback',
      make: 'Mazda',
      model: '3',
      year: 2012,
    });
    listingId = listing.id;
  });

  it('creates the conversation on first contact, trims the text and answers with the stored message', async () => {
    const res = await send(newcomer, { recipientId: seller.user._id, content: '  Is it still for sale?  ' });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      _id: expect.any(String),
      conversationId: expect.any(String),
      sender: { _id: newcomer.user._id },
      recipient: { _id: seller.user._id },
      content: 'Is it still for sale?',
      createdAt: expect.any(String),
      read: false,
      readAt: null,
      listing: listingId,
      warnings: [],
    });

    const again = await send(newcomer, { recipientId: seller.user._id, content: 'Second question' });
    expect(again.body.data.conversationId).toBe(res.body.data.conversationId);

    const list = await t.request('GET', '/api/messages/conversations', { token: newcomer.accessToken });
    expect(list.body.data).toEqual([
      expect.objectContaining({
        conversationId: res.body.data.conversationId,
        otherParticipant: { _id: seller.user._id, name: 'seller', profileImage: null },
        lastMessage: expect.objectContaining({
          content: 'Second question',
          sender: { _id: newcomer.user._id },
        }),
        unreadCount: 0,
        listingTitle: 'Mazda 3 hatchback',
        isArchived: false,
        isBlocked: false,
        listing: expect.objectContaining({
          _id: listingId,
          vehicle: { year: 2012, make: 'Mazda', model: '3' },
        }),
      }),
    ]);
  });

  it('stores a retried send once: the same clientMessageId returns the same message', async () => {
    const payload = {
      recipientId: seller.user._id,
      content: 'Can I see it Friday?',
      clientMessageId: 'retry-1',
    };
    const first = await send(newcomer, payload);
    const retry = await send(newcomer, payload);
    expect(retry.status).toBe(200);
    expect(retry.body.data).toEqual(first.body.data);

    const thread = await t.request('GET', `/api/messages/conversations/${first.body.data.conversationId}`, {
      token: newcomer.accessToken,
    });
    expect(
      thread.body.data.filter((m: { content: string }) => m.content === 'Can I see it Friday?'),
    ).toHaveLength(1);
  });

  it('lets the seller answer the buyer in the same conversation but never start one about their own car', async () => {
    const reply = await send(seller, { recipientId: newcomer.user._id, content: 'Friday is fine' });
    expect(reply.status).toBe(200);
    const own = await send(seller, { recipientId: stranger.user._id, content: 'Want my car?' });
    expect(own.status).toBe(403);
    expect(own.body.error).toBe('You cannot message your own listing');
    const self = await send(seller, { recipientId: seller.user._id, content: 'Hello me' });
    expect(self.status).toBe(400);
    expect(self.body.error).toBe('You cannot message your own listing');
  });

  it.each([
    ['blank content', { content: '   ' }, 'Message cannot be empty'],
    [
      'content over 1000 characters',
      { content: 'x'.repeat(1001) },
      'Message must be at most 1000 characters',
    ],
    [
      'a recipient who is not the seller',
      { recipientId: '00000000-0000-4000-8000-000000000009' },
      'The recipient is not the seller of this listing',
    ],
  ])('refuses %s with a clear error and stores nothing', async (_label, override, error) => {
    const before = await t.request('GET', '/api/messages/unread-count', { token: seller.accessToken });
    const res = await send(stranger, { recipientId: seller.user._id, content: 'Hello', ...override });
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toContain(error);
    const after = await t.request('GET', '/api/messages/unread-count', { token: seller.accessToken });
    expect(after.body.data.unreadCount).toBe(before.body.data.unreadCount);
  });

  it("answers a draft listing's buyer as if it did not exist, as for a deleted or unknown one, and stores nothing", async () => {
    const { db } = t.app.database;
    // Fewer than 4 photos: a draft, which only its seller can see.
    const draft = await seedListing(db, seller.user._id, { title: 'Kia Rio in draft', status: 'draft' });
    await seedImages(db, draft.id, 'rio', 3);
    const deleted = await seedListing(db, seller.user._id, { title: 'Nissan Versa, deleted' });
    await seedImages(db, deleted.id, 'versa', 4);
    const removal = await t.request('DELETE', `/api/listings/${deleted.id}`, { token: seller.accessToken });
    expect(removal.status).toBe(200);
    const sendAbout = (id: string) =>
      t.request('POST', '/api/messages', {
        token: stranger.accessToken,
        json: { listingId: id, recipientId: seller.user._id, content: 'Is it still available?' },
      });
    const conversations = async () =>
      (await t.request('GET', '/api/messages/conversations?limit=100', { token: stranger.accessToken })).body
        .pagination.total;
    const before = await conversations();

    const notFound = { success: false, error: 'Listing not found', code: 'LISTING_NOT_FOUND' };
    for (const id of [draft.id, deleted.id, '00000000-0000-4000-8000-000000000009']) {
      const res = await sendAbout(id);
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject(notFound);
    }
    expect(await conversations()).toBe(before);

    // Once active (as a fourth photo would make it), the same message goes through.
    await db.update(listings).set({ status: 'active' }).where(eq(listings.id, draft.id));
    expect((await sendAbout(draft.id)).status).toBe(200);
  });

  it('refuses a new buyer of a sold car and stores nothing, while a buyer already talking about it carries on', async () => {
    const { db } = t.app.database;
    const sold = await seedListing(db, seller.user._id, { title: 'Subaru Outback' });
    await seedImages(db, sold.id, 'outback', 4);
    const sendAbout = (from: SignedIn, content: string) =>
      t.request('POST', '/api/messages', {
        token: from.accessToken,
        json: { listingId: sold.id, recipientId: seller.user._id, content },
      });
    expect((await sendAbout(buyer, 'Is the Outback still available?')).status).toBe(200);
    await db.update(listings).set({ status: 'sold' }).where(eq(listings.id, sold.id));
    const conversations = async () =>
      (await t.request('GET', '/api/messages/conversations?limit=100', { token: stranger.accessToken })).body
        .pagination.total;
    const before = await conversations();

    const refused = await sendAbout(stranger, 'Is it still available?');
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      success: false,
      error: 'This car has been sold',
      code: 'LISTING_SOLD',
    });
    expect(await conversations()).toBe(before);

    expect((await sendAbout(buyer, 'Congratulations on the sale!')).status).toBe(200);
  });

  it('lists messages oldest to newest for participants only, pages from the latest, and catches up after a message', async () => {
    const first = await send(stranger, { recipientId: seller.user._id, content: 'one' });
    const conversationId = first.body.data.conversationId;
    for (const content of ['two', 'three', 'four'])
      await send(stranger, { recipientId: seller.user._id, content });
    const url = `/api/messages/conversations/${conversationId}`;

    const all = await t.request('GET', url, { token: seller.accessToken });
    expect(all.body.data.map((m: { content: string }) => m.content)).toEqual(['one', 'two', 'three', 'four']);
    expect(all.body.conversation).toMatchObject({
      conversationId,
      otherParticipant: { _id: stranger.user._id },
    });

    const latest = await t.request('GET', `${url}?limit=2`, { token: seller.accessToken });
    expect(latest.body.data.map((m: { content: string }) => m.content)).toEqual(['three', 'four']);
    expect(latest.body.pagination).toMatchObject({ total: 4, pages: 2, hasNextPage: true });

    const after = await t.request('GET', `${url}?after=${first.body.data._id}`, {
      token: seller.accessToken,
    });
    expect(after.body.data.map((m: { content: string }) => m.content)).toEqual(['two', 'three', 'four']);
    const since = await t.request('GET', `${url}?after=${encodeURIComponent(all.body.data[3].createdAt)}`, {
      token: seller.accessToken,
    });
    expect(since.body.data).toEqual([]);

    const outsider = await t.request('GET', url, { token: newcomer.accessToken });
    expect(outsider.status).toBe(403);
    expect(outsider.body.error).toBe('You are not part of this conversation');
    const missing = await t.request(
      'GET',
      '/api/messages/conversations/00000000-0000-4000-8000-000000000009',
      {
        token: seller.accessToken,
      },
    );
    expect(missing.status).toBe(404);
    const malformed = await t.request('GET', `${url}?after=yesterday`, { token: seller.accessToken });
    expect(malformed.status).toBe(400);
  });

  it('counts unread messages, lets only the recipient mark one read, and reads a whole conversation when opened', async () => {
    const sent = await send(stranger, { recipientId: seller.user._id, content: 'Unread question' });
    const { _id: messageId, conversationId } = sent.body.data;
    const unread = async () =>
      (await t.request('GET', '/api/messages/unread-count', { token: seller.accessToken })).body.data
        .unreadCount;
    const before = await unread();

    const bySender = await t.request('PATCH', `/api/messages/${messageId}/read`, {
      token: stranger.accessToken,
    });
    expect(bySender.status).toBe(403);
    const read = await t.request('PATCH', `/api/messages/${messageId}/read`, { token: seller.accessToken });
    expect(read.body.data).toMatchObject({ _id: messageId, read: true, readAt: expect.any(String) });
    expect(await unread()).toBe(before - 1);

    const opened = await t.request('PATCH', `/api/messages/conversations/${conversationId}/read`, {
      token: seller.accessToken,
    });
    expect(opened.status).toBe(200);
    const list = await t.request('GET', '/api/messages/conversations', { token: seller.accessToken });
    const row = list.body.data.find((c: { conversationId: string }) => c.conversationId === conversationId);
    expect(row.unreadCount).toBe(0);
    const outsider = await t.request('PATCH', `/api/messages/conversations/${conversationId}/read`, {
      token: newcomer.accessToken,
    });
    expect(outsider.status).toBe(403);
  });

  it('deletes only your own messages', async () => {
    const sent = await send(stranger, { recipientId: seller.user._id, content: 'Delete me' });
    const { _id: messageId, conversationId } = sent.body.data;
    const byOther = await t.request('DELETE', `/api/messages/${messageId}`, { token: seller.accessToken });
    expect(byOther.status).toBe(403);
    expect(byOther.body.error).toBe('You can only delete your own messages');
    const own = await t.request('DELETE', `/api/messages/${messageId}`, { token: stranger.accessToken });
    expect(own.status).toBe(200);
    const thread = await t.request('GET', `/api/messages/conversations/${conversationId}`, {
      token: seller.accessToken,
    });
    expect(thread.body.data.map((m: { _id: string }) => m._id)).not.toContain(messageId);
    const again = await t.request('DELETE', `/api/messages/${messageId}`, { token: stranger.accessToken });
    expect(again.status).toBe(404);
  });

  it('archives a conversation for one participant only, and brings it back', async () => {
    const sent = await send(stranger, { recipientId: seller.user._id, content: 'Archive test' });
    const { conversationId } = sent.body.data;
    const ids = async (who: SignedIn, archived = false) =>
      (
        await t.request('GET', `/api/messages/conversations?archived=${archived}`, { token: who.accessToken })
      ).body.data.map((c: { conversationId: string }) => c.conversationId);

    const archived = await t.request('PATCH', `/api/messages/conversations/${conversationId}/archive`, {
      token: stranger.accessToken,
    });
    expect(archived.body.data).toMatchObject({ conversationId, isArchived: true });
    expect(await ids(stranger)).not.toContain(conversationId);
    expect(await ids(stranger, true)).toContain(conversationId);
    expect(await ids(seller)).toContain(conversationId);

    const outsider = await t.request('PATCH', `/api/messages/conversations/${conversationId}/archive`, {
      token: newcomer.accessToken,
    });
    expect(outsider.status).toBe(403);

    await t.request('PATCH', `/api/messages/conversations/${conversationId}/unarchive`, {
      token: stranger.accessToken,
    });
    expect(await ids(stranger)).toContain(conversationId);
  });

  it('brings a conversation back for the recipient of a new message, not for its sender', async () => {
    const opened = await send(stranger, { recipientId: seller.user._id, content: 'Still there?' });
    const { conversationId } = opened.body.data;
    const archive = (who: SignedIn) =>
      t.request('PATCH', `/api/messages/conversations/${conversationId}/archive`, { token: who.accessToken });
    const listed = async (who: SignedIn, archived: boolean) =>
      (
        await t.request('GET', `/api/messages/conversations?archived=${archived}`, { token: who.accessToken })
      ).body.data.map((c: { conversationId: string }) => c.conversationId);
    await archive(stranger);
    await archive(seller);

    const reply = await send(seller, { recipientId: stranger.user._id, content: 'Yes, come and see it' });
    expect(reply.status).toBe(200);
    expect(await listed(stranger, false)).toContain(conversationId);
    expect(await listed(stranger, true)).not.toContain(conversationId);
    expect(await listed(seller, false)).not.toContain(conversationId);
    expect(await listed(seller, true)).toContain(conversationId);
  });

  it("blocks a user's messages both ways with a clear error, keeps the conversation readable, and unblocks", async () => {
    const sent = await send(stranger, { recipientId: seller.user._id, content: 'Before the block' });
    const blocked = await t.request('POST', `/api/messages/block/${stranger.user._id}`, {
      token: seller.accessToken,
    });
    expect(blocked.body.data).toEqual({ userId: stranger.user._id, blocked: true });

    const fromBlocked = await send(stranger, { recipientId: seller.user._id, content: 'Hello?' });
    expect(fromBlocked.status).toBe(403);
    expect(fromBlocked.body.error).toBe('This user is not accepting messages from you');
    const fromBlocker = await send(seller, { recipientId: stranger.user._id, content: 'Hi' });
    expect(fromBlocker.status).toBe(403);
    expect(fromBlocker.body.error).toBe('You have blocked this user. Unblock them to send a message');

    const thread = await t.request('GET', `/api/messages/conversations/${sent.body.data.conversationId}`, {
      token: stranger.accessToken,
    });
    expect(thread.status).toBe(200);
    expect(thread.body.data.at(-1).content).toBe('Before the block');
    const list = await t.request('GET', '/api/messages/conversations', { token: seller.accessToken });
    expect(
      list.body.data.find(
        (c: { conversationId: string }) => c.conversationId === sent.body.data.conversationId,
      ),
    ).toMatchObject({ isBlocked: true });

    expect(
      (await t.request('POST', `/api/messages/block/${seller.user._id}`, { token: seller.accessToken }))
        .status,
    ).toBe(400);
    expect(
      (
        await t.request('POST', '/api/messages/block/00000000-0000-4000-8000-000000000009', {
          token: seller.accessToken,
        })
      ).status,
    ).toBe(404);

    await t.request('POST', `/api/messages/unblock/${stranger.user._id}`, { token: seller.accessToken });
    expect((await send(stranger, { recipientId: seller.user._id, content: 'Back again' })).status).toBe(200);
  });

  it('requires a signed-in user for every call', async () => {
    const id = '00000000-0000-4000-8000-000000000009';
    for (const [method, url] of [
      ['POST', '/api/messages'],
      ['GET', `/api/messages/conversations/${id}`],
      ['PATCH', `/api/messages/${id}/read`],
      ['DELETE', `/api/messages/${id}`],
      ['POST', `/api/messages/block/${id}`],
      ['PATCH', `/api/messages/conversations/${id}/archive`],
    ] as const) {
      expect((await t.request(method, url, { json: method === 'POST' ? {} : undefined })).status).toBe(401);
    }
  });
});
