import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Message } from '@carmarket/shared/contracts';
import { eq } from 'drizzle-orm';
import { messages } from '../db/schema.js';
import { ANNOUNCE_LEASE_MS, MessagesRepository } from '../modules/messages/messages.repository.js';
import { seedListing } from '../test/seed.js';
import {
  arrivesWithin,
  joinConversation,
  nextEvent,
  openSocket,
  roundTrip,
  type TestSocket,
} from '../test/socket-client.js';
import { signUp, STARTUP_TIMEOUT_MS, startTestApp, type SignedIn, type TestApp } from '../test/test-app.js';
import { waitFor } from '../test/wait-for.js';

let t: TestApp;
let buyer: SignedIn;
let seller: SignedIn;
let outsider: SignedIn;
let listingId: string;
const sockets: TestSocket[] = [];

beforeAll(async () => {
  t = await startTestApp({ listen: true });
  buyer = await signUp(t, 'live-buyer@example.com');
  seller = await signUp(t, 'live-seller@example.com');
  outsider = await signUp(t, 'live-outsider@example.com');
  listingId = (await seedListing(t.app.database.db, seller.user._id, { title: 'Subaru Outback wagon' })).id;
}, STARTUP_TIMEOUT_MS);

afterAll(async () => {
  sockets.forEach((socket) => socket.close());
  await t?.close();
});

async function open(user: SignedIn, options = {}) {
  const socket = await openSocket(t.baseUrl, user.accessToken, options);
  sockets.push(socket);
  return socket;
}

async function buyerSends(content: string, clientMessageId?: string): Promise<Message> {
  const res = await t.request('POST', '/api/messages', {
    token: buyer.accessToken,
    json: { listingId, recipientId: seller.user._id, content, clientMessageId },
  });
  expect(res.status).toBe(200);
  return res.body.data;
}

describe('live messaging events', () => {
  let conversationId: string;

  it("sends new-message with the message and each side's conversation to both participants", async () => {
    const [buyerSocket, sellerSocket] = await Promise.all([open(buyer), open(seller)]);
    const toSeller = nextEvent(sellerSocket, 'new-message');
    const toBuyer = nextEvent(buyerSocket, 'new-message');
    const message = await buyerSends('Hello, is the Outback available?');
    conversationId = message.conversationId;

    const forSeller = await toSeller;
    expect(forSeller.message).toEqual(message);
    expect(forSeller.conversation).toMatchObject({
      conversationId,
      otherParticipant: { _id: buyer.user._id },
      unreadCount: 1,
      lastMessage: { content: 'Hello, is the Outback available?' },
    });
    expect((await toBuyer).conversation).toMatchObject({
      otherParticipant: { _id: seller.user._id },
      unreadCount: 0,
    });
  });

  it('emits nothing again for a retried send', async () => {
    const sellerSocket = await open(seller);
    await buyerSends('Only once please', 'live-retry');
    expect(await arrivesWithin(sellerSocket, 'new-message', 300)).toBe(false);
    await buyerSends('Only once please', 'live-retry');
    expect(await arrivesWithin(sellerSocket, 'new-message', 500)).toBe(false);
  });

  it('announces a message whose process stopped between storing and announcing it, once', async () => {
    const sellerSocket = await open(seller);
    // What a process killed right after its commit leaves: the message stored, its events never sent.
    const { message: stored } = await new MessagesRepository(t.app.database.db).insertMessage({
      listingId,
      listingTitle: 'Subaru Outback wagon',
      buyerId: buyer.user._id,
      sellerId: seller.user._id,
      senderId: buyer.user._id,
      recipientId: seller.user._id,
      content: 'Stored, then the process died',
      clientMessageId: 'live-died-before-announcing',
    });
    // The sender heard no answer and sends again, to a process that is up: it answers, emits nothing.
    const answered = await buyerSends('Stored, then the process died', 'live-died-before-announcing');
    expect(answered._id).toBe(stored.id);
    expect(await arrivesWithin(sellerSocket, 'new-message', 300)).toBe(false);
    // Once its lease runs out, the sweep announces it: at most a fifth of a lease later.
    await t.app.database.db
      .update(messages)
      .set({ announceDueAt: new Date(Date.now() - 1000) })
      .where(eq(messages.id, stored.id));
    const toSeller = await nextEvent(sellerSocket, 'new-message', () => true, ANNOUNCE_LEASE_MS / 5 + 2000);
    expect(toSeller.message).toEqual(answered);
    expect(await arrivesWithin(sellerSocket, 'new-message', ANNOUNCE_LEASE_MS / 5 + 1000)).toBe(false);
  });

  it('admits participants only to a conversation room; typing reaches the other participant there', async () => {
    const [buyerSocket, sellerSocket, outsiderSocket] = await Promise.all([
      open(buyer),
      open(seller),
      open(outsider),
    ]);
    expect(await joinConversation(outsiderSocket, conversationId)).toEqual({
      ok: false,
      error: 'You are not part of this conversation',
    });
    expect(await joinConversation(buyerSocket, conversationId)).toEqual({ ok: true });
    expect(await joinConversation(sellerSocket, conversationId)).toEqual({ ok: true });

    // The outsider was refused, so its typing goes nowhere, and it hears nobody's.
    const outsiderHears = arrivesWithin(outsiderSocket, 'user-typing', 500);
    outsiderSocket.emit('typing', { conversationId, isTyping: true });
    const sellerHears = nextEvent(sellerSocket, 'user-typing');
    buyerSocket.emit('typing', { conversationId, isTyping: true });
    expect(await sellerHears).toEqual({ userId: buyer.user._id, conversationId, isTyping: true });
    expect(await outsiderHears).toBe(false);

    // The sender does not hear its own typing.
    expect(await arrivesWithin(buyerSocket, 'user-typing', 300)).toBe(false);

    // After leaving, the room's typing no longer reaches the seller.
    sellerSocket.emit('leave-conversation', conversationId);
    await roundTrip(sellerSocket, seller.user._id);
    const afterLeave = arrivesWithin(sellerSocket, 'user-typing', 400);
    buyerSocket.emit('typing', { conversationId, isTyping: false });
    expect(await afterLeave).toBe(false);
  });

  it('sends a read receipt to the sender when the recipient reads over the socket or over HTTP', async () => {
    const [buyerSocket, sellerSocket] = await Promise.all([open(buyer), open(seller)]);
    const first = await buyerSends('Read me over the socket');
    const receipt = nextEvent(buyerSocket, 'message-read-receipt', (event) => event.messageId === first._id);
    sellerSocket.emit('message-read', { messageId: first._id, conversationId });
    expect(await receipt).toEqual({
      messageId: first._id,
      readBy: seller.user._id,
      readAt: expect.any(String),
    });

    const second = await buyerSends('Read me by opening the conversation');
    const openedReceipt = nextEvent(buyerSocket, 'message-read-receipt', (e) => e.messageId === second._id);
    await t.request('PATCH', `/api/messages/conversations/${conversationId}/read`, {
      token: seller.accessToken,
    });
    expect((await openedReceipt).readBy).toBe(seller.user._id);

    // Only the recipient can read: the sender's own message-read changes nothing.
    const third = await buyerSends('Not read by its sender');
    const none = arrivesWithin(buyerSocket, 'message-read-receipt', 500);
    buyerSocket.emit('message-read', { messageId: third._id, conversationId });
    expect(await none).toBe(false);
  });

  it('tells both participants a message was deleted', async () => {
    const sellerSocket = await open(seller);
    const message = await buyerSends('Oops, wrong car');
    const deleted = nextEvent(sellerSocket, 'message-deleted');
    await t.request('DELETE', `/api/messages/${message._id}`, { token: buyer.accessToken });
    expect(await deleted).toEqual({ messageId: message._id, conversationId });
  });
});

describe('presence', () => {
  it('is online from the first socket, offline with lastSeen after the last, and answers status requests', async () => {
    // The buyer shares a conversation with the seller (the tests above); the outsider does not.
    const watcher = await open(buyer);
    const stranger = await open(outsider);
    const ask = async (userId: string) => {
      const response = nextEvent(stranger, 'user-status-response');
      stranger.emit('request-user-status', [userId]);
      return (await response)[userId];
    };
    // Every earlier socket of the seller is closed first.
    sockets.filter((s) => s !== watcher && s !== stranger).forEach((s) => s.close());
    const before = await waitFor(
      () => ask(seller.user._id),
      (status) => status?.status === 'offline',
    );
    expect(before).toMatchObject({ status: 'offline' });

    const online = nextEvent(watcher, 'user-status-changed', (e) => e.userId === seller.user._id);
    const strangerHears = arrivesWithin(stranger, 'user-status-changed', 1000);
    const firstTab = await open(seller);
    expect(await online).toEqual({ userId: seller.user._id, status: 'online', lastSeen: null });
    // Strangers are not told: presence goes only to those who share a conversation with the user.
    expect(await strangerHears).toBe(false);
    expect(await ask(seller.user._id)).toEqual({ status: 'online', lastSeen: null });

    // A second tab changes nothing; closing one of two keeps the user online.
    const secondTab = await open(seller);
    const noChange = arrivesWithin(watcher, 'user-status-changed', 400);
    firstTab.close();
    expect(await noChange).toBe(false);

    const offline = nextEvent(watcher, 'user-status-changed', (e) => e.userId === seller.user._id);
    secondTab.close();
    expect(await offline).toEqual({
      userId: seller.user._id,
      status: 'offline',
      lastSeen: expect.any(String),
    });
    expect(await ask(seller.user._id)).toEqual({ status: 'offline', lastSeen: expect.any(String) });
  });
});

describe('nothing lost across a dropped connection', () => {
  it('delivers every message exactly once: live ones, then the missed ones fetched on reconnect', async () => {
    // The client keeps messages by _id and, on every reconnection, fetches what came after the
    // last one it has — the same catch-up the messages page does.
    const received = new Map<string, Message>();
    const deliveries: string[] = [];
    const keep = (message: Message) => {
      deliveries.push(message._id);
      received.set(message._id, message);
    };
    const socket = await open(seller, {
      reconnection: true,
      reconnectionDelay: 500,
      reconnectionDelayMax: 500,
    });
    let conversationId = '';
    socket.on('new-message', ({ message }) => {
      if (!received.has(message._id)) keep(message);
    });
    let caughtUp: () => void = () => undefined;
    const reconnected = new Promise<void>((resolve) => (caughtUp = resolve));
    socket.io.on('reconnect', async () => {
      const last = [...received.values()].at(-1)!;
      const res = await t.request('GET', `/api/messages/conversations/${conversationId}?after=${last._id}`, {
        token: seller.accessToken,
      });
      for (const message of res.body.data as Message[]) if (!received.has(message._id)) keep(message);
      caughtUp();
    });

    const sent: Message[] = [];
    for (const content of ['live one', 'live two']) {
      const arrival = nextEvent(socket, 'new-message', (e) => e.message.content === content);
      sent.push(await buyerSends(content));
      await arrival;
    }
    conversationId = sent[0]!.conversationId;

    const dropped = new Promise((resolve) => socket.once('disconnect', resolve));
    socket.io.engine.close();
    await dropped;
    for (const content of ['missed one', 'missed two', 'missed three']) sent.push(await buyerSends(content));
    await reconnected;
    const lastArrival = nextEvent(socket, 'new-message', (e) => e.message.content === 'after reconnecting');
    sent.push(await buyerSends('after reconnecting'));
    await lastArrival;
    // Anything the server sent before (a duplicate, say) has arrived once this answer has.
    await roundTrip(socket, seller.user._id);

    // Each message once. Their arrival order is not promised: on a slow machine the socket can be
    // back before the last "missed" message is sent, which then arrives live, before the catch-up's
    // answer; the thread shows them by time, as the messages page sorts them.
    expect(deliveries.toSorted()).toEqual(sent.map((message) => message._id).toSorted());
    const shown = [...received.values()].sort((a, b) => Date.parse(a.createdAt) - Date.parse(b.createdAt));
    expect(shown.map((message) => message.content)).toEqual([
      'live one',
      'live two',
      'missed one',
      'missed two',
      'missed three',
      'after reconnecting',
    ]);
  }, 20_000);
});
