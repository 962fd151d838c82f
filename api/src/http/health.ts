import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { failureSchema, successSchema } from './envelope.js';
import { DATABASE_RETRY_AFTER_SECONDS, failure } from './error-handler.js';

/** A probe must answer even when the database hangs instead of refusing: past this it is down. */
const DATABASE_CHECK_TIMEOUT_MS = 2000;

export type PartState = 'up' | 'down';

export interface HealthOptions {
  /** The database in use, and a round trip to it (Database.ping). */
  database: { driver: 'pglite' | 'postgres'; ping: () => Promise<void> };
  /** Redis (the live events between processes); undefined when no REDIS_URL is configured. */
  redisState: () => PartState | undefined;
  /** True once the server began shutting down (graceful-shutdown.ts). */
  isDraining: () => boolean;
}

const partSchema = z.enum(['up', 'down']);
const healthResponseSchema = successSchema(
  z.object({
    status: z.enum(['ok', 'degraded']),
    database: z.enum(['pglite', 'postgres']),
    parts: z.object({ database: partSchema, redis: z.enum(['up', 'down', 'off']) }),
  }),
);
const readyResponseSchema = successSchema(z.object({ status: z.literal('ready') }));

async function databaseState(database: HealthOptions['database']): Promise<PartState> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<PartState>((resolve) => {
    timer = setTimeout(() => resolve('down'), DATABASE_CHECK_TIMEOUT_MS);
  });
  const query = database.ping().then(
    (): PartState => 'up',
    (): PartState => 'down',
  );
  try {
    return await Promise.race([query, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * GET /health: liveness and a report of each part (200 while the process runs, `degraded` naming
 * the part that is down: restarting the process would not bring the database back).
 * GET /ready: readiness for a load balancer: 503 while the database is unreachable or the server
 * is shutting down, so traffic goes to another process until it answers 200 again.
 */
export const healthRoutes: FastifyPluginAsyncZod<HealthOptions> = async (
  app,
  { database, redisState, isDraining },
) => {
  app.get(
    '/health',
    {
      schema: {
        tags: ['health'],
        summary: 'Liveness, and which part (database, Redis) is down',
        response: { 200: healthResponseSchema },
      },
    },
    async (_request, reply) => {
      const parts = { database: await databaseState(database), redis: redisState() ?? ('off' as const) };
      const status = Object.values(parts).includes('down') ? ('degraded' as const) : ('ok' as const);
      reply.header('cache-control', 'no-store');
      return { success: true as const, data: { status, database: database.driver, parts } };
    },
  );

  app.get(
    '/ready',
    {
      schema: {
        tags: ['health'],
        summary: 'Readiness: 503 while the database is unreachable or the server is shutting down',
        response: { 200: readyResponseSchema, 503: failureSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const notReady: { error: string; details: Record<string, string> } | undefined = isDraining()
        ? { error: 'The server is shutting down', details: { server: 'shutting down' } }
        : (await databaseState(database)) === 'down'
          ? { error: 'The database is unreachable', details: { database: 'down' } }
          : undefined;
      if (!notReady) return { success: true as const, data: { status: 'ready' as const } };
      // Answered here rather than thrown: not being ready is a state to report, not an error to log.
      return reply
        .status(503)
        .header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS))
        .send(failure(notReady.error, 'NOT_READY', { details: notReady.details, requestId: request.id }));
    },
  );
};
