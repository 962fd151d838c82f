import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { sql } from 'drizzle-orm';
import { conversations, messages } from '../../db/schema.js';
import { seedImages, seedListing } from '../../test/seed.js';
import { startSmtpCatcher, type SmtpCatcher } from '../../test/smtp-catcher.js';
import {
  signIn,
  STARTUP_TIMEOUT_MS,
  startTestApp,
  type SignedIn,
  type TestApp,
} from '../../test/test-app.js';

let smtp: SmtpCatcher;
let t: TestApp;
let seller: SignedIn;
let buyer: SignedIn;
let newcomer: SignedIn;

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);

beforeAll(async () => {
  smtp = await startSmtpCatcher();
  t = await startTestApp({ smtp });
  seller = await signIn(t, smtp, 'seller@example.com');
  buyer = await signIn(t, smtp, 'buyer@example.com');
  newcomer = await signIn(t, smtp, 'newcomer@example.com');
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
  await smtp?.close();
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
      otherParticipant: { _id: seller.user._id, name: null, profileImage: null },
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
