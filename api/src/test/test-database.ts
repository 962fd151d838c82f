import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { DatabaseConfig } from '../config/env.js';

export interface TestDatabase {
  config: DatabaseConfig;
  drop(): Promise<void>;
}

/**
 * A database of the test's own. Without DATABASE_URL: an in-memory PGlite. With it: a fresh,
 * randomly named database on that PostgreSQL server, dropped afterwards, so tests never see data
 * left by anyone else.
 */
export async function createTestDatabase(
  serverUrl: string | undefined = process.env.DATABASE_URL,
): Promise<TestDatabase> {
  if (!serverUrl) return { config: { driver: 'pglite', dataDir: undefined }, drop: async () => undefined };

  const name = `carmarket_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    config: { driver: 'postgres', url: url.toString() },
    async drop() {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      try {
        await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await client.end();
      }
    },
  };
}
