import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * How long the server may take to shut down: within the 30 s a process manager (Kubernetes,
 * systemd) gives before SIGKILL by default. Also Fastify's `pluginTimeout`, which bounds each start
 * and close hook on its own: at its default of 10 s a drain longer than that failed the close.
 */
export const SHUTDOWN_TIMEOUT_MS = 25_000;

/**
 * Shutting down without cutting anyone off (SIGTERM, app.close()). Registered before the other
 * preClose hooks, so the steps run in this order:
 * 1. stop accepting connections, report not ready (GET /api/ready answers 503) and stop the timed
 *    jobs (`stopJobs`), so none starts from now on, whatever the later hooks do;
 * 2. let the requests in flight finish — a message sent now is still stored and delivered live —
 *    and the jobs' runs under way, answering each request with `Connection: close`, so keep-alive clients reconnect to another process;
 * 3. then the later preClose hooks close the live connections (flushing what is queued; clients
 *    reconnect on their own and catch up) and Fastify waits for the last socket, after which the
 *    onClose hooks close the database.
 */
export function registerGracefulShutdown(
  app: FastifyInstance,
  { stopJobs }: { stopJobs: () => Promise<void> },
): { isDraining: () => boolean } {
  let draining = false;
  // A set rather than a count: an aborted request may still reach onResponse after onRequestAbort.
  const inFlight = new Set<FastifyRequest>();
  let settled: (() => void) | undefined;
  const finished = async (request: FastifyRequest) => {
    inFlight.delete(request);
    if (inFlight.size === 0) settled?.();
  };

  app.addHook('onRequest', async (request) => {
    inFlight.add(request);
  });
  app.addHook('onResponse', finished);
  app.addHook('onRequestAbort', finished);
  app.addHook('onSend', async (_request, reply) => {
    if (draining) reply.header('connection', 'close');
  });

  app.addHook('preClose', async () => {
    draining = true;
    // Fastify closes the listener itself after the preClose hooks; closing it now means nobody new
    // connects while the requests in flight finish. Fastify's own close() then waits for the
    // 'close' event like this one.
    if (app.server.listening) app.server.close();
    const jobsStopped = stopJobs();
    if (inFlight.size > 0) await new Promise<void>((resolve) => (settled = resolve));
    await jobsStopped;
  });

  return { isDraining: () => draining };
}
