import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { isDatabaseUnavailable } from '../http/database-unavailable.js';
import { POSTGRES_URL, postgresAnswers } from '../test/local-services.js';
import { createTestDatabase, onServer, type TestDatabase } from '../test/test-database.js';
import { openDatabase, type Database } from './client.js';

const postgresUp = await postgresAnswers();
if (!postgresUp) console.warn(`Skipping the connection-loss test: no PostgreSQL answers at ${POSTGRES_URL}`);

(postgresUp ? describe : describe.skip)('a PostgreSQL connection lost while in use', () => {
  let testDatabase: TestDatabase;
  let database: Database;

  beforeAll(async () => {
    testDatabase = await createTestDatabase(POSTGRES_URL);
    if (testDatabase.config.driver !== 'postgres') throw new Error('expected a PostgreSQL database');
    database = await openDatabase(testDatabase.config);
  });

  afterAll(async () => {
    await database?.close();
    await testDatabase?.drop();
  });

  // Found by `npm run chaos`: the client's 'error' event had no listener while checked out, and
  // pg_terminate_backend during a transaction ended the whole process.
  it('fails that transaction as unavailable, without crashing, and the next query gets a new connection', async () => {
    const failure = await database.db
      .transaction(async (tx) => {
        const backend = (await tx.execute(sql`select pg_backend_pid() as pid`)) as unknown as {
          rows: { pid: number }[];
        };
        await onServer(POSTGRES_URL, `select pg_terminate_backend(${Number(backend.rows[0]!.pid)})`);
        await tx.execute(sql`select 1`);
      })
      .then(
        () => undefined,
        (error: unknown) => error,
      );
    expect(isDatabaseUnavailable(failure)).toBe(true);
    await expect(database.ping()).resolves.toBeUndefined();
  });
});
