import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { isDatabaseUnavailable } from '../http/database-unavailable.js';
import { POSTGRES_URL, postgresAnswers } from '../test/local-services.js';
import { holdLock } from '../test/hold-lock.js';
import { createTestDatabase, onServer, type TestDatabase } from '../test/test-database.js';
import { ADVISORY_LOCKS, openDatabase, type Database } from './client.js';

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

(postgresUp ? describe : describe.skip)('work that one process of several is enough for', () => {
  let testDatabase: TestDatabase;
  // Two pools: two API processes on one server, as far as PostgreSQL can tell.
  let first: Database;
  let second: Database;

  beforeAll(async () => {
    testDatabase = await createTestDatabase(POSTGRES_URL);
    first = await openDatabase(testDatabase.config);
    second = await openDatabase(testDatabase.config);
  });

  afterAll(async () => {
    await Promise.all([first?.close(), second?.close()]);
    await testDatabase?.drop();
  });

  it('is skipped by a process while another runs it, and runs once that one is done', async () => {
    const lock = ADVISORY_LOCKS.mediumSizeBackfill;
    const running = await holdLock(first, lock);
    let ran = false;
    expect(
      await second.alone(lock, async () => {
        ran = true;
      }),
    ).toBeUndefined();
    expect(ran).toBe(false);
    // Another lock is not held up.
    expect(await second.alone(ADVISORY_LOCKS.migrations, async () => 'other work')).toBe('other work');

    running.finish();
    await running.done;
    expect(await second.alone(lock, async () => 'second')).toBe('second');
    // The connections went back to their pools unlocked: the first process takes it again.
    expect(await first.alone(lock, async () => 'again')).toBe('again');
  });
});

describe('work that one process of several is enough for, on PGlite', () => {
  it('always runs: the database belongs to this process alone', async () => {
    const database = await openDatabase({ driver: 'pglite', dataDir: undefined });
    try {
      expect(await database.alone(ADVISORY_LOCKS.mediumSizeBackfill, async () => 'ran')).toBe('ran');
    } finally {
      await database.close();
    }
  });
});

describe('values on PGlite', () => {
  let testDatabase: TestDatabase;
  let database: Database;

  beforeAll(async () => {
    testDatabase = await createTestDatabase(undefined);
    database = await openDatabase(testDatabase.config);
  });

  afterAll(async () => {
    await database?.close();
    await testDatabase?.drop();
  });

  const values = sql`select timestamp '2026-01-02 03:04:05' as at, timestamptz '2026-01-02 03:04:05+00' as "atZone",
    interval '1 day 2 hours' as span, date '2026-01-02' as day, array[date '2026-01-02', date '2026-01-03'] as days,
    array[1.5, 2]::numeric[] as prices, 42 as count, true as flag, '{"a":1}'::jsonb as document`;
  // Dates, times and their arrays as the database writes them (drizzle maps them to its own types);
  // every other type parsed as PGlite does.
  const expected = {
    at: '2026-01-02 03:04:05',
    atZone: '2026-01-02 03:04:05+00',
    span: '1 day 02:00:00',
    day: '2026-01-02',
    days: '{2026-01-02,2026-01-03}',
    prices: '{1.5,2}',
    count: 42,
    flag: true,
    document: { a: 1 },
  };

  it('reaches drizzle as its driver reads them, in a transaction too', async () => {
    const read = (await database.db.execute(values)) as unknown as { rows: unknown[] };
    expect(read.rows).toEqual([expected]);
    const inTransaction = await database.db.transaction(
      async (tx) => ((await tx.execute(values)) as unknown as { rows: unknown[] }).rows,
    );
    expect(inTransaction).toEqual([expected]);
  });
});
