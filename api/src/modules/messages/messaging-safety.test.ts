import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DUPLICATE_MESSAGE_RECIPIENTS_MAX,
  MESSAGES_PER_MINUTE,
  NEW_ACCOUNT_CONVERSATIONS_PER_DAY,
} from '@carmarket/shared/constants';
import { count, eq } from 'drizzle-orm';
import { conversations, messages, users } from '../../db/schema.js';
import { seedListing } from '../../test/seed.js';
import {
  signUp,
  STARTUP_TIMEOUT_MS,
  startTestApp,
  type SignedIn,
  type TestApp,
} from '../../test/test-app.js';
import {
  BLOCKED_BY_RECIPIENT_ERROR,
  DUPLICATE_HELD_ERROR,
  NEW_ACCOUNT_LIMIT_ERROR,
  SEND_RATE_ERROR,
} from './messages.service.js';

// Each test signs a user in and sends a handful of messages over HTTP: more than the default test timeout
// on a busy machine.
const FLOW_TIMEOUT_MS = 30_000;

let t: TestApp;
let seller: SignedIn;

beforeAll(async () => {
  t = await startTestApp();
  seller = await signUp(t, 'safety-seller@example.com');
}, STARTUP_TIMEOUT_MS);

afterAll(async () => {
  await t?.close();
});

const db = () => t.app.database.db;

const send = (from: SignedIn, listingId: string, recipientId: string, content: string) =>
  t.request('POST', '/api/messages', { token: from.accessToken, json: { listingId, recipientId, content } });

/** Makes an account older than the new-account window. */
const age = (user: SignedIn) =>
  db()
    .update(users)
    .set({ createdAt: new Date(Date.now() - 2 * 24 * 60 * 60_000) })
    .where(eq(users.id, user.user._id));

const messageCount = async (senderId: string) => {
  const [row] = await db().select({ total: count() }).from(messages).where(eq(messages.senderId, senderId));
  return row!.total;
};

/** Sellers with one listing each, inserted directly: only their ids matter here. */
async function sellersWithListings(howMany: number, prefix: string) {
  return Promise.all(
    Array.from({ length: howMany }, async (_, index) => {
      const [user] = await db()
        .insert(users)
        .values({ email: `${prefix}-${index}@example.com` })
        .returning();
      const listing = await seedListing(db(), user!.id);
      return { sellerId: user!.id, listingId: listing.id };
    }),
  );
}

describe('scam warnings', () => {
  it(
    'marks what a message contains and shows it to the recipient; innocent messages carry none',
    async () => {
      const buyer = await signUp(t, 'warned-buyer@example.com');
      const listing = await seedListing(db(), seller.user._id);

      const scam = await send(
        buyer,
        listing.id,
        seller.user._id,
        "can you text me at 512-555-0199, I'll send a deposit by gift card",
      );
      expect(scam.status).toBe(200);
      expect(scam.body.data.warnings).toEqual(['phone', 'deposit', 'gift-card']);

      const innocent = await send(
        buyer,
        listing.id,
        seller.user._id,
        'Is $8,500 firm for the 2014 with 98,000 miles? I am in 78704.',
      );
      expect(innocent.body.data.warnings).toEqual([]);

      const thread = await t.request('GET', `/api/messages/conversations/${scam.body.data.conversationId}`, {
        token: seller.accessToken,
      });
      expect(thread.body.data.map((message: { warnings: string[] }) => message.warnings)).toEqual([
        ['phone', 'deposit', 'gift-card'],
        [],
      ]);
    },
    FLOW_TIMEOUT_MS,
  );
});

describe('new-account limit', () => {
  it(
    `lets an account under a day old start ${NEW_ACCOUNT_CONVERSATIONS_PER_DAY} conversations, then says why it stops`,
    async () => {
      const newcomer = await signUp(t, 'newcomer-limit@example.com');
      const targets = await sellersWithListings(NEW_ACCOUNT_CONVERSATIONS_PER_DAY + 1, 'limit-seller');

      for (const [index, { sellerId, listingId }] of targets.slice(0, -1).entries()) {
        const res = await send(
          newcomer,
          listingId,
          sellerId,
          `Hello, question number ${index} about your car`,
        );
        expect(res.status).toBe(200);
      }
      const last = targets.at(-1)!;
      const refused = await send(newcomer, last.listingId, last.sellerId, 'One more car I like');
      expect(refused.status).toBe(429);
      expect(refused.body).toMatchObject({
        success: false,
        error: NEW_ACCOUNT_LIMIT_ERROR,
        code: 'NEW_ACCOUNT_LIMIT',
      });
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      const [started] = await db()
        .select({ total: count() })
        .from(conversations)
        .where(eq(conversations.buyerId, newcomer.user._id));
      expect(started!.total).toBe(NEW_ACCOUNT_CONVERSATIONS_PER_DAY);

      // Conversations already open go on.
      const first = targets[0]!;
      expect((await send(newcomer, first.listingId, first.sellerId, 'Following up')).status).toBe(200);

      // A day later the account is no longer new.
      await age(newcomer);
      expect((await send(newcomer, last.listingId, last.sellerId, 'One more car I like')).status).toBe(200);
    },
    FLOW_TIMEOUT_MS,
  );
});

describe('send rate', () => {
  it(
    `refuses more than ${MESSAGES_PER_MINUTE} messages a minute with a clear message, storing nothing`,
    async () => {
      const chatty = await signUp(t, 'chatty@example.com');
      const listing = await seedListing(db(), seller.user._id);
      const opened = await send(chatty, listing.id, seller.user._id, 'Hi there');
      const { conversationId } = opened.body.data;
      await db()
        .insert(messages)
        .values(
          Array.from({ length: MESSAGES_PER_MINUTE - 1 }, (_, index) => ({
            conversationId,
            senderId: chatty.user._id,
            recipientId: seller.user._id,
            content: `Message ${index}`,
          })),
        );

      const refused = await send(chatty, listing.id, seller.user._id, 'Are you there?');
      expect(refused.status).toBe(429);
      expect(refused.body).toMatchObject({ success: false, error: SEND_RATE_ERROR, code: 'SEND_RATE_LIMIT' });
      expect(refused.headers.get('retry-after')).toBe('60');
      expect(await messageCount(chatty.user._id)).toBe(MESSAGES_PER_MINUTE);
    },
    FLOW_TIMEOUT_MS,
  );
});

describe('duplicate text to many sellers', () => {
  it(
    'holds a text already sent to several other sellers within minutes; a personal one still goes',
    async () => {
      const spammer = await signUp(t, 'paster@example.com');
      await age(spammer);
      const targets = await sellersWithListings(DUPLICATE_MESSAGE_RECIPIENTS_MAX + 1, 'pasted-to');
      const pasted = 'Still available? I pay cash today, text me';

      for (const { sellerId, listingId } of targets.slice(0, -1)) {
        expect((await send(spammer, listingId, sellerId, pasted)).status).toBe(200);
      }
      const last = targets.at(-1)!;
      // Spacing and case do not make it a different text.
      const held = await send(
        spammer,
        last.listingId,
        last.sellerId,
        `  still available?  I pay cash TODAY, text me`,
      );
      expect(held.status).toBe(429);
      expect(held.body).toMatchObject({
        success: false,
        error: DUPLICATE_HELD_ERROR,
        code: 'DUPLICATE_MESSAGE_HELD',
      });
      expect(await messageCount(spammer.user._id)).toBe(DUPLICATE_MESSAGE_RECIPIENTS_MAX);

      const personal = await send(
        spammer,
        last.listingId,
        last.sellerId,
        'Does your Corolla have a timing chain?',
      );
      expect(personal.status).toBe(200);
    },
    FLOW_TIMEOUT_MS,
  );
});

describe('blocking', () => {
  it(
    "leaves the blocked user's listings out of the blocker's search, for them alone, until unblocked",
    async () => {
      const blocker = await signUp(t, 'search-blocker@example.com');
      const bystander = await signUp(t, 'search-bystander@example.com');
      const pest = await signUp(t, 'search-pest@example.com');
      // A price no other listing in this file has: the search finds this one alone.
      const listing = await seedListing(db(), pest.user._id, { priceAmount: 4321 });
      const found = async (viewer: SignedIn) => {
        const response = await t.request('GET', '/api/search?minPrice=4321&maxPrice=4321', {
          token: viewer.accessToken,
        });
        expect(response.status).toBe(200);
        return (response.body as { data: { _id: string }[] }).data.map((row) => row._id);
      };
      expect(await found(blocker)).toEqual([listing.id]);

      const block = (action: 'block' | 'unblock') =>
        t.request('POST', `/api/messages/${action}/${pest.user._id}`, { token: blocker.accessToken });
      expect((await block('block')).status).toBe(200);
      expect(await found(blocker)).toEqual([]);
      expect(await found(bystander)).toEqual([listing.id]);

      expect((await block('unblock')).status).toBe(200);
      expect(await found(blocker)).toEqual([listing.id]);
    },
    FLOW_TIMEOUT_MS,
  );

  it(
    'stops a blocked user from starting a conversation about another of the blocker’s listings',
    async () => {
      const pest = await signUp(t, 'pest@example.com');
      const [first, second] = [
        await seedListing(db(), seller.user._id),
        await seedListing(db(), seller.user._id),
      ];
      expect((await send(pest, first.id, seller.user._id, 'Hello')).status).toBe(200);
      const blocked = await t.request('POST', `/api/messages/block/${pest.user._id}`, {
        token: seller.accessToken,
      });
      expect(blocked.status).toBe(200);

      const elsewhere = await send(pest, second.id, seller.user._id, 'What about this one then?');
      expect(elsewhere.status).toBe(403);
      expect(elsewhere.body).toMatchObject({
        success: false,
        error: BLOCKED_BY_RECIPIENT_ERROR,
        code: 'BLOCKED',
      });
      const [started] = await db()
        .select({ total: count() })
        .from(conversations)
        .where(eq(conversations.buyerId, pest.user._id));
      expect(started!.total).toBe(1);
    },
    FLOW_TIMEOUT_MS,
  );
});
