// Several API processes serve one site (spec §7 "Live connection", issue: multi-process). Two real
// server processes share one PostgreSQL database and one Redis: a buyer connected to the first and
// a seller connected to the second see each other's messages, typing, read receipts and presence;
// and each process's search index sees what the other one writes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Message } from '@carmarket/shared/contracts';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openDatabase, type Database } from '../db/client.js';
import { users } from '../db/schema.js';
import { createAccessTokens } from '../modules/auth/tokens.js';
import {
  exited,
  PROCESS_START_TIMEOUT_MS,
  startApiProcess,
  stopApiProcess,
  type ApiProcess,
} from '../test/api-process.js';
import { POSTGRES_URL, postgresAnswers, REDIS_URL, redisAnswers } from '../test/local-services.js';
import { seedListing } from '../test/seed.js';
import { PROCESS_ALIVE_TTL_MS, PROCESS_HEARTBEAT_MS } from './presence.js';
import { joinConversation, nextEvent, openSocket, type TestSocket } from '../test/socket-client.js';
import { createTestDatabase, type TestDatabase } from '../test/test-database.js';
import { TEST_JWT_SECRET } from '../test/test-app.js';

const [redisUp, postgresUp] = await Promise.all([redisAnswers(), postgresAnswers()]);
if (!redisUp || !postgresUp) {
  console.warn(
    `Skipping the two-process test: ${[
      redisUp ? null : `no Redis answers at ${REDIS_URL} (set REDIS_URL)`,
      postgresUp ? null : `no PostgreSQL answers at ${POSTGRES_URL} (set DATABASE_URL)`,
    ]
      .filter(Boolean)
      .join('; ')}`,
  );
}

const startApi = (databaseUrl: string, dataDir: string) =>
  startApiProcess(dataDir, { DATABASE_URL: databaseUrl, REDIS_URL });

(redisUp && postgresUp ? describe : describe.skip)('two API processes with REDIS_URL', () => {
  let testDatabase: TestDatabase;
  let database: Database;
  let dataDir: string;
  const processes: ApiProcess[] = [];
  const sockets: TestSocket[] = [];
  let buyer: { id: string; token: string };
  let seller: { id: string; token: string };
  let listingId: string;

  beforeAll(async () => {
    testDatabase = await createTestDatabase(POSTGRES_URL);
    if (testDatabase.config.driver !== 'postgres') throw new Error('expected a PostgreSQL database');
    dataDir = await mkdtemp(path.join(tmpdir(), 'carmarket-two-processes-'));
    // Both start at once: the migration advisory lock lets only one of them migrate.
    processes.push(
      ...(await Promise.all([
        startApi(testDatabase.config.url, path.join(dataDir, 'a')),
        startApi(testDatabase.config.url, path.join(dataDir, 'b')),
      ])),
    );
    database = await openDatabase(testDatabase.config);
    const tokens = createAccessTokens(TEST_JWT_SECRET);
    const [buyerRow, sellerRow] = await database.db
      .insert(users)
      .values([
        { email: 'two-process-buyer@example.com', name: 'Bea Buyer' },
        { email: 'two-process-seller@example.com', name: 'Sam Seller' },
      ])
      .returning();
    buyer = { id: buyerRow!.id, token: await tokens.sign(buyerRow!.id) };
    seller = { id: sellerRow!.id, token: await tokens.sign(sellerRow!.id) };
    listingId = (await seedListing(database.db, seller.id, { title: 'Volvo V70 estate' })).id;
  }, PROCESS_START_TIMEOUT_MS * 2);

  afterAll(async () => {
    sockets.forEach((socket) => socket.close());
    await Promise.all(processes.map(stopApiProcess));
    await database?.close();
    await testDatabase?.drop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  }, 30_000);

  /** The buyer writes to the seller through the first process. */
  const send = async (content: string) => {
    const res = await fetch(`${processes[0]!.baseUrl}/api/messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${buyer.token}` },
      body: JSON.stringify({ listingId, recipientId: seller.id, content }),
    });
    return ((await res.json()) as { data: Message }).data;
  };

  it('carries messages, typing, read receipts and presence from one process to the other', async () => {
    const [first, second] = processes as [ApiProcess, ApiProcess];
    // Presence goes to conversation partners only: the buyer writes first.
    await send('Is the Volvo still for sale?');
    const buyerSocket = await openSocket(first.baseUrl, buyer.token);
    sockets.push(buyerSocket);

    // Presence crosses: the buyer on process A sees the seller come online on process B.
    const sellerOnline = nextEvent(buyerSocket, 'user-status-changed', (e) => e.userId === seller.id);
    const sellerSocket = await openSocket(second.baseUrl, seller.token);
    sockets.push(sellerSocket);
    expect(await sellerOnline).toEqual({ userId: seller.id, status: 'online', lastSeen: null });

    // A message sent through process A reaches the seller's socket on process B.
    const arrives = nextEvent(sellerSocket, 'new-message');
    const message = await send('Hello from process A');
    expect((await arrives).message).toEqual(message);

    // Typing in the conversation room crosses too.
    const { conversationId } = message;
    expect(await joinConversation(buyerSocket, conversationId)).toEqual({ ok: true });
    expect(await joinConversation(sellerSocket, conversationId)).toEqual({ ok: true });
    const typing = nextEvent(sellerSocket, 'user-typing');
    buyerSocket.emit('typing', { conversationId, isTyping: true });
    expect(await typing).toEqual({ userId: buyer.id, conversationId, isTyping: true });

    // The seller reads on process B; the receipt reaches the buyer on process A.
    const receipt = nextEvent(buyerSocket, 'message-read-receipt');
    sellerSocket.emit('message-read', { messageId: message._id, conversationId });
    expect(await receipt).toMatchObject({ messageId: message._id, readBy: seller.id });

    // Presence is kept in Redis: process A knows the seller (on B) is online, then offline.
    const status = nextEvent(buyerSocket, 'user-status-response');
    buyerSocket.emit('request-user-status', [seller.id]);
    expect(await status).toEqual({ [seller.id]: { status: 'online', lastSeen: null } });

    const sellerOffline = nextEvent(buyerSocket, 'user-status-changed', (e) => e.userId === seller.id);
    sellerSocket.close();
    expect(await sellerOffline).toEqual({
      userId: seller.id,
      status: 'offline',
      lastSeen: expect.any(String),
    });
  }, 30_000);

  it("searches on one process see a listing sold through the other process's API", async () => {
    const [first, second] = processes as [ApiProcess, ApiProcess];
    const foundOn = async ({ baseUrl }: ApiProcess) => {
      const res = await fetch(`${baseUrl}/api/search?q=${encodeURIComponent('Volvo V70')}`);
      const body = (await res.json()) as { data: { _id: string }[] };
      return body.data.map((listing) => listing._id);
    };
    expect(await foundOn(second)).toEqual([listingId]);

    const res = await fetch(`${first.baseUrl}/api/listings/${listingId}/status`, {
      method: 'PATCH',
      headers: { authorization: `Bearer ${seller.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ status: 'sold' }),
    });
    expect(res.status).toBe(200);
    expect(await foundOn(second)).toEqual([]);
  }, 30_000);

  it("announces the users of a killed process's sockets offline once its heartbeat expires", async () => {
    const [first, second] = processes as [ApiProcess, ApiProcess];
    // Presence goes to conversation partners only.
    await send('Does it have a tow bar?');
    const buyerSocket = await openSocket(first.baseUrl, buyer.token);
    sockets.push(buyerSocket);
    const sellerOnline = nextEvent(buyerSocket, 'user-status-changed', (e) => e.userId === seller.id);
    sockets.push(await openSocket(second.baseUrl, seller.token));
    expect(await sellerOnline).toMatchObject({ status: 'online' });

    // The seller's process dies without a word: no disconnect reaches Redis from it.
    const sellerOffline = nextEvent(
      buyerSocket,
      'user-status-changed',
      (e) => e.userId === seller.id,
      PROCESS_ALIVE_TTL_MS + 2 * PROCESS_HEARTBEAT_MS,
    );
    second.child.kill('SIGKILL');
    await exited(second);
    expect(await sellerOffline).toEqual({
      userId: seller.id,
      status: 'offline',
      lastSeen: expect.any(String),
    });
    const status = nextEvent(buyerSocket, 'user-status-response');
    buyerSocket.emit('request-user-status', [seller.id]);
    expect(await status).toEqual({ [seller.id]: { status: 'offline', lastSeen: expect.any(String) } });
  }, 30_000);
});
