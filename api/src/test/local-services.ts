import pg from 'pg';
import { createClient } from 'redis';

// The PostgreSQL and Redis servers of a development machine, for the tests that need real ones
// (several processes, outages); they are skipped, saying why, where none answers.
export const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
export const POSTGRES_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

async function answers(probe: () => Promise<unknown>): Promise<boolean> {
  try {
    await probe();
    return true;
  } catch {
    return false;
  }
}

export const redisAnswers = (url = REDIS_URL) =>
  answers(async () => {
    const client = createClient({
      url,
      socket: { connectTimeout: 2000, reconnectStrategy: false },
    });
    client.on('error', () => undefined);
    await client.connect();
    await client.ping();
    await client.quit();
  });

export const postgresAnswers = () =>
  answers(async () => {
    const client = new pg.Client({ connectionString: POSTGRES_URL, connectionTimeoutMillis: 2000 });
    await client.connect();
    await client.end();
  });
