import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
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
  /** Applies pending migrations; safe to call on an up-to-date database. */
  migrate(): Promise<void>;
  close(): Promise<void>;
}

// Resolved from the package root so both src/ (tsx, tests) and dist/ use the committed SQL files.
export const MIGRATIONS_FOLDER = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../src/db/migrations',
);

// Several API processes may start together against one PostgreSQL server; this session-level lock
// makes them apply migrations one after another.
const MIGRATION_LOCK_ID = 727_274_001;

async function openPglite(dataDir: string | undefined): Promise<Database> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  // Options must be one object: a separate second argument silently drops the extensions.
  const client = new PGlite({ dataDir, extensions: { pg_trgm, cube, earthdistance } });
  // Surfaces a broken data directory at start-up rather than on the first request.
  await client.waitReady;
  const db = drizzlePglite({ client, schema });
  return {
    db: db as unknown as Db,
    driver: 'pglite',
    migrate: () => migratePglite(db, { migrationsFolder: MIGRATIONS_FOLDER }),
    close: () => client.close(),
  };
}

function openPostgres(url: string): Database {
  const pool = new pg.Pool({ connectionString: url });
  // An idle connection the server closes (restart, failover, a dropped database) makes the pool emit
  // 'error'; unhandled, that would crash the process. The pool discards that connection by itself.
  pool.on('error', (error) =>
    console.warn(`database: idle connection closed by the server (${error.message})`),
  );
  const db = drizzleNodePostgres({ client: pool, schema });
  return {
    db: db as unknown as Db,
    driver: 'postgres',
    async migrate() {
      const connection = await pool.connect();
      let unlockFailure: Error | undefined;
      try {
        await connection.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
        await migrateNodePostgres(drizzleNodePostgres({ client: connection, schema }), {
          migrationsFolder: MIGRATIONS_FOLDER,
        });
      } finally {
        await connection.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch((error: Error) => {
          unlockFailure = error;
        });
        // A connection that could not unlock is destroyed, which releases the lock with it.
        connection.release(unlockFailure);
      }
    },
    close: () => pool.end(),
  };
}

export async function openDatabase(config: DatabaseConfig): Promise<Database> {
  return config.driver === 'postgres' ? openPostgres(config.url) : openPglite(config.dataDir);
}
