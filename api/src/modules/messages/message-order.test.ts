// A client that reconnects fetches the messages after the last one it has (`?after=`). That is whole
// only if a message committed later is never timed earlier. Two sends in one conversation on a real
// PostgreSQL server (PGlite has one connection, so nothing there runs concurrently): the first is held
// inside its transaction while the second is stored, as a busy server may hold it anywhere.
import { afterAll, beforeAll, expect, it } from 'vitest';
import pg from 'pg';
import { openDatabase, type Database } from '../../db/client.js';
import { users } from '../../db/schema.js';
import { POSTGRES_URL, postgresAnswers } from '../../test/local-services.js';
import { seedListing } from '../../test/seed.js';
import { createTestDatabase, type TestDatabase } from '../../test/test-database.js';
import { waitFor } from '../../test/wait-for.js';
import { MessagesRepository } from './messages.repository.js';

const postgresUp = await postgresAnswers();
if (!postgresUp) console.warn(`Skipping the concurrent sends test: no PostgreSQL answers at ${POSTGRES_URL}`);

let testDatabase: TestDatabase;
let database: Database;
let holder: pg.Client;

beforeAll(async () => {
  if (!postgresUp) return;
  testDatabase = await createTestDatabase(POSTGRES_URL, { migrated: true });
  database = await openDatabase(testDatabase.config);
  await database.migrate();
  if (testDatabase.config.driver !== 'postgres') throw new Error('expected a PostgreSQL database');
  holder = new pg.Client({ connectionString: testDatabase.config.url });
  await holder.connect();
}, 60_000);

afterAll(async () => {
  await holder?.end();
  await database?.close();
  await testDatabase?.drop();
});

/** Sessions of this database waiting for a lock (read afresh: a transaction keeps its first view). */
async function waitingForLocks(): Promise<number> {
  await holder.query('select pg_stat_clear_snapshot()');
  const { rows } = await holder.query<{ waiting: number }>(
    `select count(*)::int as waiting from pg_stat_activity
      where datname = current_database() and wait_event_type = 'Lock'`,
  );
  return rows[0]!.waiting;
}

(postgresUp ? it : it.skip)(
  'a message committed after another is fetched after it, though its send began first',
  async () => {
    const [buyer, seller] = await database.db
      .insert(users)
      .values([
        { email: 'order-buyer@example.com', name: 'Bo Buyer' },
        { email: 'order-seller@example.com', name: 'Sia Seller' },
      ])
      .returning();
    const listing = await seedListing(database.db, seller!.id, { title: 'Skoda Octavia estate' });
    const repository = new MessagesRepository(database.db);
    const send = (from: typeof buyer, to: typeof buyer, content: string, clientMessageId: string) =>
      repository.insertMessage({
        listingId: listing.id,
        listingTitle: listing.title,
        buyerId: buyer!.id,
        sellerId: seller!.id,
        senderId: from!.id,
        recipientId: to!.id,
        content,
        clientMessageId,
      });
    const opening = await send(buyer, seller, 'Is the Octavia still for sale?', 'order-opening');
    const { conversationId } = opening.message;

    // The buyer's message is held where its row meets the unique key of one with the same
    // clientMessageId that another transaction is writing, until that one rolls back.
    await holder.query('begin');
    await holder.query(
      `insert into messages (conversation_id, sender_id, recipient_id, content, client_message_id)
       values ($1, $2, $3, 'held', 'order-held')`,
      [conversationId, buyer!.id, seller!.id],
    );
    const held = send(buyer, seller, 'Would you take 9,000?', 'order-held');
    expect(await waitFor(waitingForLocks, (waiting) => waiting === 1)).toBe(1);
    // Meanwhile the seller answers: stored at once, or once the buyer's message is.
    let answerStored = false;
    const answer = send(seller, buyer, 'Yes, it is', 'order-answer').then((stored) => {
      answerStored = true;
      return stored;
    });
    await waitFor(waitingForLocks, (waiting) => answerStored || waiting === 2);
    const answerCommittedFirst = answerStored;
    await holder.query('rollback');
    const [{ message: offer }, { message: reply }] = await Promise.all([held, answer]);

    // A client that had the message committed first catches up after it and gets the other.
    const first = answerCommittedFirst ? reply : offer;
    const second = first === reply ? offer : reply;
    const { rows: after } = await repository.findMessages(
      conversationId,
      { page: 1, limit: 50 },
      {
        messageId: first.id,
      },
    );
    expect(after.map((message) => message.id)).toEqual([second.id]);
  },
  30_000,
);
