import { sql } from 'drizzle-orm';
import type { Database } from './client.js';

/**
 * How often the embedded database's statistics are gathered again. PGlite runs no autovacuum, so
 * nothing else gathers them: on tables never analyzed the planner guesses their rows, and a guess of
 * one row made a join run the similar cars' eight index scans once per listing in search instead of
 * once (100-200 ms a request at 185 listings). A marketplace's tables change slowly; a quarter of an
 * hour keeps the estimates near enough, and an ANALYZE samples at most 30,000 rows a table.
 */
export const PGLITE_ANALYZE_INTERVAL_MS = 15 * 60_000;

/**
 * On PGlite: analyzes every table now (resolved once done) and again every PGLITE_ANALYZE_INTERVAL_MS
 * until the returned `stop()`. PostgreSQL's own autovacuum does this on a server, so there it does
 * nothing.
 */
export async function keepPlannerStatistics(
  database: Pick<Database, 'db' | 'driver'>,
  log: { warn(details: object, message: string): void },
  intervalMs = PGLITE_ANALYZE_INTERVAL_MS,
): Promise<{ stop(): void }> {
  if (database.driver !== 'pglite') return { stop: () => undefined };
  const analyze = () =>
    database.db.execute(sql`analyze`).then(
      () => undefined,
      (error: unknown) =>
        log.warn({ err: error }, 'database: ANALYZE failed; the planner keeps its last statistics'),
    );
  await analyze();
  const timer = setInterval(() => void analyze(), intervalMs).unref();
  return { stop: () => clearInterval(timer) };
}
