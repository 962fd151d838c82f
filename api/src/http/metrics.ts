import { timingSafeEqual } from 'node:crypto';
import { constants, PerformanceObserver } from 'node:perf_hooks';
import { getHeapStatistics } from 'node:v8';
import type { FastifyInstance } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { NotFoundError, UnauthorizedError } from './errors.js';

/** What the metrics read from the rest of the app when Prometheus scrapes. */
export interface MetricSources {
  /** The database pool's use (Database.poolUse); undefined when there is no pool (PGlite). */
  poolUse: () => { total: number; idle: number; waiting: number } | undefined;
  socketsConnected: () => number;
  searchIndex: () => { listings: number; readAt: Date };
  photoEncoding: () => { encoding: number; waiting: number };
}

/**
 * The JS heap in use just after the latest full (mark-sweep) collection: what the process holds on
 * to, without the garbage in between that makes the heap's and the resident size's samples saw-tooth.
 * A leak shows as this rising under a steady load (the load scenario of `npm run chaos`). One
 * observer for the process (the figure is the process's), read after each collection's entry.
 */
let heapAfterFullGc: number | undefined;
let fullGcObserver: PerformanceObserver | undefined;
function watchFullCollections(): void {
  fullGcObserver ??= new PerformanceObserver((list) => {
    // A gc entry's detail says which kind of collection it was (Node's types omit it).
    const kinds = list.getEntries().map((entry) => (entry as { detail?: { kind?: number } }).detail?.kind);
    const full = kinds.includes(constants.NODE_PERFORMANCE_GC_MAJOR);
    if (full) heapAfterFullGc = getHeapStatistics().used_heap_size;
  });
  fullGcObserver.observe({ entryTypes: ['gc'] });
}

// Seconds; finer below 100 ms, where the listing reads' p99 target lies.
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** The server's Prometheus metrics, in a registry of its own (one per app, so tests can run several). */
export class AppMetrics {
  readonly registry = new Registry();
  readonly photosProcessed = new Counter({
    name: 'carmarket_photos_processed_total',
    help: 'Uploaded photos re-encoded and stored, ready to be shown',
    registers: [this.registry],
  });
  private readonly requestDuration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer HTTP requests, by method, route pattern and status',
    labelNames: ['method', 'route', 'status_code'],
    buckets: LATENCY_BUCKETS,
    registers: [this.registry],
  });

  constructor(sources: MetricSources) {
    // Includes nodejs_eventloop_lag_* (perf_hooks monitorEventLoopDelay), memory, GC and handles.
    collectDefaultMetrics({ register: this.registry });
    const registers = [this.registry];
    const pool = (
      name: string,
      help: string,
      read: (use: { total: number; idle: number; waiting: number }) => number,
    ) =>
      new Gauge({
        name,
        help,
        registers,
        collect() {
          const use = sources.poolUse();
          if (use) this.set(read(use));
        },
      });
    pool('carmarket_db_pool_connections', 'PostgreSQL connections open in the pool', (use) => use.total);
    pool('carmarket_db_pool_idle_connections', 'PostgreSQL connections idle in the pool', (use) => use.idle);
    pool(
      'carmarket_db_pool_waiting_queries',
      'Queries waiting for a free PostgreSQL connection',
      (use) => use.waiting,
    );
    new Gauge({
      name: 'carmarket_sockets_connected',
      help: 'Live connections (socket.io) to this process',
      registers,
      collect() {
        this.set(sources.socketsConnected());
      },
    });
    new Gauge({
      name: 'carmarket_photos_encoding',
      help: 'Uploaded photos being encoded now (at most two at a time)',
      registers,
      collect() {
        this.set(sources.photoEncoding().encoding);
      },
    });
    new Gauge({
      name: 'carmarket_photos_waiting',
      help: 'Uploaded photos answered as processing and waiting their turn to be encoded',
      registers,
      collect() {
        this.set(sources.photoEncoding().waiting);
      },
    });
    watchFullCollections();
    new Gauge({
      name: 'carmarket_heap_used_after_full_gc_bytes',
      help: 'JS heap in use just after the latest full garbage collection (rises under a steady load: a leak)',
      registers,
      collect() {
        if (heapAfterFullGc !== undefined) this.set(heapAfterFullGc);
      },
    });
    new Gauge({
      name: 'carmarket_search_index_listings',
      help: 'Listings held by the in-memory search index',
      registers,
      collect() {
        this.set(sources.searchIndex().listings);
      },
    });
    new Gauge({
      name: 'carmarket_search_index_lag_seconds',
      help: 'Seconds since the search index last read the listings table (it catches up before each search)',
      registers,
      collect() {
        const { readAt } = sources.searchIndex();
        // Before its first read the index has no age to report.
        if (readAt.getTime() > 0) this.set((Date.now() - readAt.getTime()) / 1000);
      },
    });
  }

  /**
   * Times every request by its route pattern (`/api/listings/:id`), never the raw URL, so the
   * series stay few; requests that match no route count as `unmatched`.
   */
  observeRequests(app: FastifyInstance): void {
    app.addHook('onResponse', async (request, reply) => {
      this.requestDuration.observe(
        {
          method: request.method,
          route: request.routeOptions.url ?? 'unmatched',
          status_code: String(reply.statusCode),
        },
        reply.elapsedTime / 1000,
      );
    });
  }

  /**
   * GET /metrics for Prometheus, with `Authorization: Bearer <token>`. Without a token configured the
   * route answers 404 like any unknown path: the figures are not public.
   */
  registerRoute(app: FastifyInstance, token: string | undefined): void {
    const expected = token ? Buffer.from(`Bearer ${token}`) : undefined;
    app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
      if (!expected) throw new NotFoundError('Not found');
      const given = Buffer.from(request.headers.authorization ?? '');
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
        throw new UnauthorizedError('A valid metrics token is required', 'INVALID_METRICS_TOKEN');
      }
      return reply
        .header('cache-control', 'no-store')
        .type(this.registry.contentType)
        .send(await this.registry.metrics());
    });
  }
}
