import { mkdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite, types, type QueryOptions, type Transaction } from '@electric-sql/pglite';
import { cube } from '@electric-sql/pglite/contrib/cube';
import { earthdistance } from '@electric-sql/pglite/contrib/earthdistance';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzleNodePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePostgres } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import type { DatabaseConfig } from '../config/env.js';
import * as schema from './schema.js';

/** The one query interface the repositories use, whichever driver is underneath. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  driver: DatabaseConfig['driver'];
  /** node-postgres's pool: connections open, idle, and queries waiting for one; none for PGlite. */
  poolUse(): { total: number; idle: number; waiting: number } | undefined;
  /** One round trip to the database; rejects when it cannot be reached. */
  ping(): Promise<void>;
  /** Applies pending migrations; safe to call on an up-to-date database. */
  migrate(): Promise<void>;
  /**
   * PGlite only: a tar of its data directory taken between two statements, so it is consistent
   * (recovery on load rolls back a transaction that was open). `npm run backup` asks the running
   * server for it (db/backup-socket.ts).
   */
  snapshot?(): Promise<Blob>;
  /**
   * Runs `work` unless another process already runs work under the same lock id: its result, or
   * undefined when skipped (a background job that one process of several is enough for). On
   * PostgreSQL a session-level try-lock held on one connection until `work` ends; a PGlite database
   * belongs to this process alone, so `work` runs.
   */
  alone<T>(lockId: number, work: () => Promise<T>): Promise<T | undefined>;
  close(): Promise<void>;
}

// Resolved from the package root so both src/ (tsx, tests) and dist/ use the committed SQL files.
export const MIGRATIONS_FOLDER = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../src/db/migrations',
);

/**
 * The session-level advisory locks of API processes sharing one PostgreSQL server, in one list so no
 * two share an id. Processes starting together apply migrations one after another; one of them
 * makes the medium size of older photos.
 */
export const ADVISORY_LOCKS = { migrations: 727_274_001, mediumSizeBackfill: 727_274_002 } as const;

/** The contrib extensions the migrations create. */
export const pgliteExtensions = { pg_trgm, cube, earthdistance };

/**
 * The types drizzle's PGlite driver reads as raw text, since it maps them itself: timestamp,
 * timestamptz, interval, date, and the arrays of numeric, timestamp, timestamptz, interval and date.
 */
const RAW_TEXT_TYPES = [
  types.TIMESTAMP,
  types.TIMESTAMPTZ,
  types.INTERVAL,
  types.DATE,
  1231,
  1115,
  1185,
  1187,
  1182,
];
const rawText = (value: string) => value;

/** Options whose parsers only read RAW_TEXT_TYPES as raw text, which the database already does. */
function onlyRawTextParsers(options: QueryOptions | undefined): boolean {
  const parsers = options?.parsers;
  if (!parsers) return false;
  return Object.entries(parsers).every(
    ([type, parse]) => RAW_TEXT_TYPES.includes(Number(type)) && parse('raw') === 'raw',
  );
}

/**
 * drizzle hands PGlite these parsers with every query, and PGlite then merges them into a copy of
 * its ~340 parsers each time: 0.15–0.25 ms of CPU a query, half as much again as a small query
 * (docs/benchmarks.md). So the database reads those types as raw text for every query, and the
 * client drizzle uses leaves the parsers out.
 */
function parsingRawTextOnce<Client extends Pick<PGlite, 'query'> | Transaction>(client: Client): Client {
  return new Proxy(client, {
    get(target, key) {
      if (key === 'query')
        return (text: string, params?: unknown[], options?: QueryOptions) =>
          target.query(
            text,
            params,
            onlyRawTextParsers(options) ? { ...options, parsers: undefined } : options,
          );
      if (key === 'transaction')
        return <T>(callback: (transaction: Transaction) => Promise<T>) =>
          (target as PGlite).transaction((transaction) => callback(parsingRawTextOnce(transaction)));
      // PGlite's methods use private fields, which a proxy as `this` would not have.
      const value: unknown = Reflect.get(target, key, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

async function openPglite({
  dataDir,
  loadFrom,
  client: lent,
}: Extract<DatabaseConfig, { driver: 'pglite' }>): Promise<Database> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const loadDataDir = loadFrom ? new Blob([await readFile(loadFrom)]) : undefined;
  // Options must be one object: a separate second argument silently drops the extensions.
  const client = lent ?? new PGlite({ dataDir, loadDataDir, extensions: pgliteExtensions });
  // Surfaces a broken data directory at start-up rather than on the first request.
  await client.waitReady;
  // After waitReady: starting, PGlite sets the array types' parsers.
  for (const type of RAW_TEXT_TYPES) client.parsers[type] = rawText;
  const db = drizzlePglite({ client: parsingRawTextOnce(client), schema });
  return {
    db: db as unknown as Db,
    driver: 'pglite',
    // One connection inside the process: there is no pool to watch.
    poolUse: () => undefined,
    ping: async () => {
      await client.query('select 1');
    },
    migrate: () => migratePglite(db, { migrationsFolder: MIGRATIONS_FOLDER }),
    snapshot: () => client.dumpDataDir('none'),
    alone: (_lockId, work) => work(),
    close: async () => {
      if (!lent) await client.close();
    },
  };
}

const CONNECT_TIMEOUT_MS = 5000;

/**
 * `work` on one of the pool's connections while it holds a session-level advisory lock: `wait` takes
 * it when free (pg_advisory_lock), `try` only if free at once (undefined otherwise).
 */
async function underAdvisoryLock<T>(
  pool: pg.Pool,
  take: 'wait' | 'try',
  lockId: number,
  work: (connection: pg.PoolClient) => Promise<T>,
): Promise<T | undefined> {
  const connection = await pool.connect();
  let locked: boolean;
  try {
    const { rows } = await connection.query<{ locked: boolean | '' }>(
      `SELECT ${take === 'wait' ? 'pg_advisory_lock' : 'pg_try_advisory_lock'}($1) AS locked`,
      [lockId],
    );
    // pg_advisory_lock returns void ('' here) once it holds the lock.
    locked = rows[0]?.locked !== false;
  } catch (error) {
    // Released with its error, a connection is destroyed rather than reused.
    connection.release(error as Error);
    throw error;
  }
  if (!locked) {
    connection.release();
    return undefined;
  }
  let unlockFailure: Error | undefined;
  try {
    return await work(connection);
  } finally {
    await connection.query('SELECT pg_advisory_unlock($1)', [lockId]).catch((error: Error) => {
      unlockFailure = error;
    });
    // One that could not unlock is destroyed, which releases the lock with it.
    connection.release(unlockFailure);
  }
}

function openPostgres(url: string): Database {
  // Without a connect timeout a request would wait forever on a server that drops packets instead
  // of refusing; this way it fails, and answers 503, within seconds.
  const pool = new pg.Pool({ connectionString: url, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
  // An idle connection the server closes (restart, failover, a dropped database) makes the pool emit
  // 'error'; unhandled, that would crash the process. The pool discards that connection by itself.
  pool.on('error', (error) =>
    console.warn(`database: idle connection closed by the server (${error.message})`),
  );
  // A connection lost while checked out (mid-query or mid-transaction: pg_terminate_backend, a
  // restart) also emits 'error' on its client, where the pool listens only while it is idle; without
  // a listener that would crash the process. Its query already fails (503 DATABASE_UNAVAILABLE) and
  // the pool discards the client when it comes back, so there is nothing more to do here.
  pool.on('connect', (client) => client.on('error', () => undefined));
  const db = drizzleNodePostgres({ client: pool, schema });
  return {
    db: db as unknown as Db,
    driver: 'postgres',
    poolUse: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    ping: async () => {
      await pool.query('select 1');
    },
    async migrate() {
      await underAdvisoryLock(pool, 'wait', ADVISORY_LOCKS.migrations, (connection) =>
        migrateNodePostgres(drizzleNodePostgres({ client: connection, schema }), {
          migrationsFolder: MIGRATIONS_FOLDER,
        }),
      );
    },
    alone: (lockId, work) => underAdvisoryLock(pool, 'try', lockId, work),
    close: () => pool.end(),
  };
}

export async function openDatabase(config: DatabaseConfig): Promise<Database> {
  return config.driver === 'postgres' ? openPostgres(config.url) : openPglite(config);
}
