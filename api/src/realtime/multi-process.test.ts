// Several API processes serve one site (spec §7 "Live connection", issue: multi-process). Two real
// server processes share one PostgreSQL database and one Redis: a buyer connected to the first and
// a seller connected to the second see each other's messages, typing, read receipts and presence;
// and each process's search index sees what the other one writes.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Message } from '@carmarket/shared/contracts';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { createClient } from 'redis';
import { openDatabase, type Database } from '../db/client.js';
import { users } from '../db/schema.js';
import { createAccessTokens } from '../modules/auth/tokens.js';
import { seedListing } from '../test/seed.js';
import { joinConversation, nextEvent, openSocket, type TestSocket } from '../test/socket-client.js';
import { createTestDatabase, type TestDatabase } from '../test/test-database.js';
import { TEST_JWT_SECRET } from '../test/test-app.js';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const POSTGRES_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const PROCESS_START_TIMEOUT_MS = 120_000;
const API_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

async function answers(probe: () => Promise<unknown>): Promise<boolean> {
  try {
    await probe();
    return true;
  } catch {
    return false;
  }
}

const redisAnswers = await answers(async () => {
  const client = createClient({ url: REDIS_URL, socket: { connectTimeout: 2000, reconnectStrategy: false } });
  client.on('error', () => undefined);
  await client.connect();
  await client.ping();
  await client.quit();
});
const postgresAnswers = await answers(async () => {
  const client = new pg.Client({ connectionString: POSTGRES_URL, connectionTimeoutMillis: 2000 });
  await client.connect();
  await client.end();
});
if (!redisAnswers || !postgresAnswers) {
  console.warn(
    `Skipping the two-process test: ${[
      redisAnswers ? null : `no Redis answers at ${REDIS_URL} (set REDIS_URL)`,
      postgresAnswers ? null : `no PostgreSQL answers at ${POSTGRES_URL} (set DATABASE_URL)`,
    ]
      .filter(Boolean)
      .join('; ')}`,
  );
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

interface ApiProcess {
  baseUrl: string;
  child: ChildProcess;
}

async function startApiProcess(databaseUrl: string, dataDir: string): Promise<ApiProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: API_DIR,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATABASE_URL: databaseUrl,
      REDIS_URL,
      JWT_SECRET: TEST_JWT_SECRET,
      DATA_DIR: dataDir,
      STATIC_ROOT: path.join(dataDir, 'no-site'),
      SEED_ON_START: 'false',
      GEOCODER_URL: '',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + PROCESS_START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`API process exited with ${child.exitCode}`);
    const healthy = await fetch(`${baseUrl}/api/health`).then(
      (res) => res.ok,
      () => false,
    );
    if (healthy) return { baseUrl, child };
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  child.kill('SIGTERM');
  throw new Error(`API process on port ${port} did not start`);
}

function stop({ child }: ApiProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

(redisAnswers && postgresAnswers ? describe : describe.skip)('two API processes with REDIS_URL', () => {
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
        startApiProcess(testDatabase.config.url, path.join(dataDir, 'a')),
        startApiProcess(testDatabase.config.url, path.join(dataDir, 'b')),
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
    await Promise.all(processes.map(stop));
    await database?.close();
    await testDatabase?.drop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  }, 30_000);

  it('carries messages, typing, read receipts and presence from one process to the other', async () => {
    const [first, second] = processes as [ApiProcess, ApiProcess];
    const buyerSocket = await openSocket(first.baseUrl, buyer.token);
    sockets.push(buyerSocket);

    // Presence crosses: the buyer on process A sees the seller come online on process B.
    const sellerOnline = nextEvent(buyerSocket, 'user-status-changed', (e) => e.userId === seller.id);
    const sellerSocket = await openSocket(second.baseUrl, seller.token);
    sockets.push(sellerSocket);
    expect(await sellerOnline).toEqual({ userId: seller.id, status: 'online', lastSeen: null });

    // A message sent through process A reaches the seller's socket on process B.
    const arrives = nextEvent(sellerSocket, 'new-message');
    const res = await fetch(`${first.baseUrl}/api/messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${buyer.token}` },
      body: JSON.stringify({ listingId, recipientId: seller.id, content: 'Hello from process A' }),
    });
    const message = ((await res.json()) as { data: Message }).data;
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
});
