import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { openDatabase, type Database } from './client.js';
import { keepPlannerStatistics } from './planner-statistics.js';

const warnings: string[] = [];
const log = { warn: (_details: object, message: string) => void warnings.push(message) };

/** What the planner believes the table holds: -1 until it was first analyzed. */
async function estimatedRows(database: Database): Promise<number> {
  const result = (await database.db.execute(
    sql`select reltuples from pg_class where relname = 'parked_cars'`,
  )) as unknown as { rows: { reltuples: number }[] };
  return Number(result.rows[0]!.reltuples);
}

describe('the embedded database’s planner statistics', () => {
  let database: Database;

  beforeAll(async () => {
    database = await openDatabase({ driver: 'pglite', dataDir: undefined });
    await database.db.execute(sql`create table parked_cars (id int primary key, price int)`);
    await database.db.execute(sql`insert into parked_cars select g, g * 100 from generate_series(1, 500) g`);
  });

  afterAll(async () => {
    await database?.close();
  });

  it('are gathered at start, then again after the interval, as autovacuum would on a server', async () => {
    expect(await estimatedRows(database)).toBe(-1);
    const statistics = await keepPlannerStatistics(database, log, 100);
    try {
      expect(await estimatedRows(database)).toBe(500);
      await database.db.execute(sql`insert into parked_cars select g, g from generate_series(501, 800) g`);
      await expect.poll(() => estimatedRows(database), { timeout: 5000 }).toBe(800);
    } finally {
      statistics.stop();
    }
    expect(warnings).toEqual([]);
  });

  it('are left to the server’s autovacuum on PostgreSQL', async () => {
    const onServer = { driver: 'postgres' as const, db: database.db };
    await database.db.execute(sql`insert into parked_cars select g, g from generate_series(801, 900) g`);
    (await keepPlannerStatistics(onServer, log, 100)).stop();
    expect(await estimatedRows(database)).toBe(800);
  });
});
