#!/usr/bin/env node
// npm run bench:search — search latency at 100,000 listings.
//
// For each database (a throwaway PGlite on disk; and a throwaway PostgreSQL database when
// DATABASE_URL is set or PostgreSQL answers on 127.0.0.1:5432): migrate, seed the listings through
// the API's demo seed, start the built API as its own process on loopback, then
//   1. one client: every query of a fixed mix of realistic searches, several rounds (latency alone);
//   2. 32 concurrent clients for a fixed time (latency under load and requests per second), then
//      20 clients asking the unfiltered search (the home page's question), each phase with the CPU
//      the server process and this load generator used (both share the machine's cores);
// the same for suggestions; the server's memory after it read the index and once settled after the
// load; then EXPLAIN ANALYZE of the slowest searches' SQL. Before the server
// starts, the deal ratings (issue 16): the full rating of every listing the search index reads at
// start, then single price changes, each re-rating only that car's comparables.
// Options: --listings N (default 100000), --seconds S per load phase (default 15), --only pglite|postgres.
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import {
  buildApi,
  drizzleModule,
  onEachDatabase,
  root,
  seedListings,
  startServer,
} from './lib/bench-setup.mjs';
import { percentile } from './lib/percentile.mjs';

const { values: options } = parseArgs({
  options: {
    listings: { type: 'string', default: '100000' },
    seconds: { type: 'string', default: '15' },
    only: { type: 'string' },
  },
});
const LISTINGS = Number(options.listings);
const LOAD_SECONDS = Number(options.seconds);
const CONCURRENCY = 32;
/** Clients of the unfiltered search's load phase (issue 13's row). */
const UNFILTERED_CONCURRENCY = 20;
/** /proc/<pid>/stat counts CPU time in these ticks a second (USER_HZ, 100 on Linux). */
const CLOCK_TICKS = 100;
const SEQUENTIAL_ROUNDS = 5;
/** Price changes timed one by one against the full book. */
const DEAL_RATING_CHANGES = 500;

// The fixed mix: text + 3–6 filters + sort (facets come with every search), deep pages included.
export const SEARCHES = [
  'sort=newest',
  'q=toyota camry&yearMin=2012&maxPrice=15000&bodyType=sedan&sort=price_asc',
  'q=honda&transmission=automatic&mileageMax=120000&condition=good,excellent&sort=mileage_asc',
  'make=Ford&model=F-150&yearMin=2010&fuelType=gasoline,diesel&sort=year_desc',
  'q=clean title&titleStatus=clean&sellerType=private&maxPrice=8000&sort=price_desc',
  'bodyType=suv&fuelType=hybrid,electric&yearMin=2015&safetyFeatures=Backup Camera&sort=newest',
  'q=leather seats&interiorFeatures=Leather Seats&exteriorColor=Black,White&minPrice=5000&sort=price_asc',
  'zipCode=78701&radius=50&bodyType=truck&maxPrice=20000&sort=price_asc',
  'zipCode=10001&radius=25&make=Honda&sort=newest',
  'zipCode=94103&radius=100&fuelType=electric,plugin_hybrid&combinedMpgMin=40&sort=price_asc',
  'make=Chevrolet&bodyType=truck,suv&doorsMin=4&mileageMax=150000&sort=mileage_asc&page=3',
  'q=one owner&condition=excellent&hasWarranty=true&sort=year_desc',
  'technologyFeatures=Navigation System,Bluetooth&transmission=automatic&yearMin=2014&sort=price_desc',
  'make=Toyota&yearMin=2008&yearMax=2016&mileageMax=100000&sort=price_asc&page=5',
  'q=subaru outback awd&exteriorColor=Blue,Green,Gray&sort=newest',
  'sellerType=dealer&financingAvailable=true&minPrice=4000&maxPrice=9000&sort=price_asc',
  'acceptsTradeIn=true&bodyType=sedan,coupe&transmission=manual&sort=year_desc',
  'q=toyta corola&maxPrice=12000&sort=price_asc',
  'bodyType=sedan&sort=price_asc&page=200',
  'sort=mileage_desc&page=1000',
  'q=great commuter&fuelType=gasoline&cityMpgMin=28&sort=mileage_asc',
  'make=Nissan&model=Altima&condition=good&interiorColor=Black,Gray&sort=newest&page=2',
];
export const SUGGESTIONS = [
  'to',
  'toy',
  'hon',
  'f-1',
  'che',
  'aus',
  'san',
  'nis',
  'mazd',
  'toyta',
  'hnda',
  'chevy',
  'bmw',
  'sub',
  'denv',
  'ford f',
];

// ---- measuring ----------------------------------------------------------------------------
function summarize(samples) {
  const sorted = samples.map((sample) => sample.ms).sort((a, b) => a - b);
  return {
    n: sorted.length,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
  };
}

async function timed(url) {
  const started = performance.now();
  const response = await fetch(url);
  const body = await response.text();
  const ms = performance.now() - started;
  if (!response.ok) throw new Error(`${response.status} ${url}: ${body.slice(0, 200)}`);
  return { ms, body };
}

async function sequential(urls, rounds) {
  const samples = [];
  for (let round = 0; round < rounds; round += 1) {
    for (const url of urls) samples.push({ url, ms: (await timed(url)).ms });
  }
  return samples;
}

/** CPU seconds a process has used so far (Linux /proc; NaN elsewhere). */
async function cpuSeconds(pid) {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => '');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
}

/**
 * `clients` clients, each walking the mix from its own offset until the time is up; with the share
 * of a core the server process and this load generator each used meanwhile (the generator shares
 * the machine's cores with the server it measures).
 */
async function concurrent(urls, seconds, server, clients = CONCURRENCY) {
  const samples = [];
  const deadline = performance.now() + seconds * 1000;
  const started = performance.now();
  const [serverCpuBefore, ownCpuBefore] = [await cpuSeconds(server.pid), process.cpuUsage()];
  await Promise.all(
    Array.from({ length: clients }, async (_, client) => {
      for (let index = client; performance.now() < deadline; index += 1) {
        const url = urls[index % urls.length];
        samples.push({ url, ms: (await timed(url)).ms });
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  const own = process.cpuUsage(ownCpuBefore);
  return {
    samples,
    rate: samples.length / elapsed,
    serverCpu: ((await cpuSeconds(server.pid)) - serverCpuBefore) / elapsed,
    clientCpu: (own.user + own.system) / 1e6 / elapsed,
  };
}

// ---- EXPLAIN ------------------------------------------------------------------------------
/**
 * Explains what a search asks of the database, each through drizzle with a logger: the search index's
 * look for changes since 10 s ago, the full-text match when there is a q, and the page's 24 rows.
 */
async function explain(modules, rawQuery, driver, rawClient) {
  const { searchQuerySchema, SearchRepository, ListingsRepository } = modules;
  const captured = [];
  const logger = { logQuery: (query, params) => captured.push({ query, params }) };
  const { drizzle } = await drizzleModule(driver === 'pglite' ? 'pglite' : 'node-postgres');
  const db = drizzle({ client: rawClient, logger });
  const repository = new SearchRepository(db, new ListingsRepository(db));
  const query = searchQuerySchema.parse(Object.fromEntries(new URLSearchParams(rawQuery)));
  const { rows } = await rawClient.query(
    "select id from listings where status = 'active' order by created_at desc limit 24",
  );
  const labels = [];
  await repository.indexSource().changesSince(new Date(Date.now() - 10_000));
  labels.push('Changes since the last look', 'Deleted since the last look');
  if (query.q) {
    await repository.textMatches(query.q, 'fulltext');
    labels.push('Full-text match');
  }
  await repository.findByIds(rows.map((row) => row.id));
  labels.push("The page's rows");
  const plans = [];
  for (const [index, { query: text, params }] of captured.entries()) {
    const result = await rawClient.query(`explain (analyze, buffers, costs off) ${text}`, params);
    plans.push({ label: labels[index], plan: result.rows.map((row) => row['QUERY PLAN']).join('\n') });
  }
  return plans;
}

// ---- memory ------------------------------------------------------------------------------
/** How long the server is left alone after the load before its steady memory is read. */
const SETTLE_MS = 10_000;
const MB = 1024 * 1024;

/** A WebAssembly memory's guard reservation (V8 reserves 8 GB or more behind each): 4 GiB in kB. */
const WASM_GUARD_KB = 4 * 1024 * 1024;

/**
 * Resident MB of the process's WebAssembly memories, from its memory map (Linux only): PGlite's
 * PostgreSQL runs in one, so on PGlite this is the database's share of the server's RSS. Such a
 * memory is a read-write anonymous mapping followed at once by its inaccessible guard reservation.
 */
async function wasmResidentMb(pid) {
  const smaps = await readFile(`/proc/${pid}/smaps`, 'utf8').catch(() => '');
  const mappings = [];
  for (const line of smaps.split('\n')) {
    const head = line.match(/^([0-9a-f]+)-([0-9a-f]+) (\S+) \S+ \S+ (\S+)\s*(\S*)/);
    if (head) {
      const [, start, end, perms, inode, name] = head;
      mappings.push({ start, end, perms, anonymous: inode === '0' && !name, sizeKb: 0, rssKb: 0 });
    } else {
      const field = line.match(/^(Size|Rss):\s+(\d+) kB/);
      if (field) mappings.at(-1)[field[1] === 'Size' ? 'sizeKb' : 'rssKb'] = Number(field[2]);
    }
  }
  let kb = 0;
  mappings.forEach((mapping, at) => {
    const guard = mappings[at + 1];
    if (mapping.anonymous && mapping.perms.startsWith('rw') && guard?.start === mapping.end)
      if (guard.perms.startsWith('---') && guard.sizeKb >= WASM_GUARD_KB) kb += mapping.rssKb;
  });
  return kb / 1024;
}

/**
 * The server's resident set, V8 heap in use and kept after the last full collection (from its
 * /metrics), its WebAssembly memory's resident share (PGlite's database), and its peak resident set
 * so far (the kernel's VmHWM; Linux only).
 */
async function serverMemory(server, metricsToken) {
  const response = await fetch(`${server.base}/metrics`, {
    headers: { authorization: `Bearer ${metricsToken}` },
  });
  const text = await response.text();
  const metric = (name) => Number(text.match(new RegExp(`^${name} (\\S+)`, 'm'))?.[1]) / MB;
  const status = await readFile(`/proc/${server.pid}/status`, 'utf8').catch(() => '');
  const peakKb = status.match(/VmHWM:\s+(\d+)/)?.[1];
  return {
    rss: metric('process_resident_memory_bytes'),
    heap: metric('nodejs_heap_size_used_bytes'),
    heapKept: metric('carmarket_heap_used_after_full_gc_bytes'),
    wasm: await wasmResidentMb(server.pid),
    peakRss: peakKb === undefined ? Number.NaN : Number(peakKb) / 1024,
  };
}

// ---- deal ratings -------------------------------------------------------------------------
/**
 * The search index's own path: read the table (currentRows), rate every listing into a new
 * DealRatingBook; then DEAL_RATING_CHANGES price cuts of 10% on listings spread over the table,
 * each timed alone, with how many other listings' ratings it moved.
 */
async function benchDealRatings(modules, database) {
  const { SearchRepository, ListingsRepository, DealRatingBook } = modules;
  const source = new SearchRepository(database.db, new ListingsRepository(database.db)).indexSource();
  const readStarted = performance.now();
  const { pages } = await source.currentRows();
  const rows = [];
  for await (const page of pages) rows.push(...page);
  const readMs = performance.now() - readStarted;
  const book = new DealRatingBook();
  const heapBefore = process.memoryUsage().heapUsed;
  const loadStarted = performance.now();
  await book.load(rows);
  const loadMs = performance.now() - loadStarted;
  const heapMb = (process.memoryUsage().heapUsed - heapBefore) / 1024 / 1024;
  const active = rows.filter((row) => row.status === 'active');
  const samples = [];
  let moved = 0;
  for (let change = 0; change < DEAL_RATING_CHANGES; change += 1) {
    const row = active[Math.floor((change * active.length) / DEAL_RATING_CHANGES)];
    const cut = {
      ...row,
      priceAmount: Math.round(row.priceAmount * 0.9),
      updatedMicros: row.updatedMicros + 1,
    };
    const started = performance.now();
    moved += book.change(row.id, cut).length;
    samples.push({ ms: performance.now() - started });
  }
  const rated = active.filter((row) => book.band(row.id) !== null).length;
  return {
    rows: rows.length,
    rated,
    readMs,
    loadMs,
    heapMb,
    changes: summarize(samples),
    movedPerChange: moved / DEAL_RATING_CHANGES,
  };
}

// ---- one database -------------------------------------------------------------------------
async function benchDatabase(label, databaseConfig, serverEnv, modules) {
  console.log(`\n## ${label}: seeding ${LISTINGS.toLocaleString('en-US')} listings`);
  const database = await modules.openDatabase(databaseConfig);
  await database.migrate();
  const seedStarted = performance.now();
  await seedListings(database, LISTINGS);
  console.log(`seeded in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s`);
  const dealRatings = await benchDealRatings(modules, database);
  // PGlite allows one process: hand the data directory to the server.
  if (databaseConfig.driver === 'pglite') await database.close();

  const metricsToken = randomBytes(16).toString('hex');
  const startedAt = performance.now();
  const server = await startServer({ ...serverEnv, METRICS_TOKEN: metricsToken });
  const searchUrls = SEARCHES.map((query) => `${server.base}/api/search?${new URLSearchParams(query)}`);
  const suggestUrls = SUGGESTIONS.map(
    (q) => `${server.base}/api/search/suggestions?${new URLSearchParams({ q })}`,
  );
  // Warm up: the suggestion counts and the database caches.
  // The first search waits for the index the server began reading when it started listening.
  await sequential(searchUrls.slice(0, 1), 1);
  const indexReadySeconds = (performance.now() - startedAt) / 1000;
  const afterBuild = await serverMemory(server, metricsToken);
  await sequential([...searchUrls, ...suggestUrls], 1);

  const searchAlone = await sequential(searchUrls, SEQUENTIAL_ROUNDS);
  const suggestAlone = await sequential(suggestUrls, SEQUENTIAL_ROUNDS * 2);
  const searchLoad = await concurrent(searchUrls, LOAD_SECONDS, server);
  const unfilteredLoad = await concurrent(
    [`${server.base}/api/search`],
    LOAD_SECONDS,
    server,
    UNFILTERED_CONCURRENCY,
  );
  const suggestLoad = await concurrent(suggestUrls, Math.max(5, LOAD_SECONDS / 3), server);
  await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
  const steady = await serverMemory(server, metricsToken);
  await server.stop();

  const perQuery = SEARCHES.map((query, index) => ({
    query,
    ...summarize(searchAlone.filter((sample) => sample.url === searchUrls[index])),
  })).sort((a, b) => b.p50 - a.p50);

  const slowest = perQuery.slice(0, 3);
  const rawClient =
    databaseConfig.driver === 'pglite'
      ? new modules.PGlite({ dataDir: databaseConfig.dataDir, extensions: modules.pgliteExtensions })
      : new modules.pg.Pool({ connectionString: databaseConfig.url });
  const plans = [];
  for (const { query } of slowest) {
    plans.push({ query, plans: await explain(modules, query, databaseConfig.driver, rawClient) });
  }
  await (databaseConfig.driver === 'pglite' ? rawClient.close() : rawClient.end());
  if (databaseConfig.driver !== 'pglite') await database.close();

  return {
    label,
    dealRatings,
    searchAlone: summarize(searchAlone),
    suggestAlone: summarize(suggestAlone),
    memory: { indexReadySeconds, afterBuild, steady },
    searchLoad: { ...searchLoad, ...summarize(searchLoad.samples) },
    unfilteredLoad: { ...unfilteredLoad, ...summarize(unfilteredLoad.samples) },
    suggestLoad: { ...suggestLoad, ...summarize(suggestLoad.samples) },
    perQuery,
    plans,
  };
}

const ms = (value) => `${value.toFixed(1)} ms`;

function report(results) {
  const lines = [];
  lines.push(
    `Listings: ${LISTINGS.toLocaleString('en-US')} from the demo seed; ${SEARCHES.length} searches and ${SUGGESTIONS.length} suggestion prefixes; ${CONCURRENCY} concurrent clients for ${LOAD_SECONDS} s; ${new Date().toISOString().slice(0, 10)}.`,
    '',
  );
  lines.push(
    '| database | endpoint | clients | requests | p50 | p95 | p99 | requests/s | server CPU | load generator CPU |',
    '|---|---|---|---|---|---|---|---|---|---|',
  );
  const cpu = (share) => `${(share * 100).toFixed(0)}%`;
  const alone = (label, endpoint, m) =>
    `| ${label} | ${endpoint} | 1 | ${m.n} | ${ms(m.p50)} | ${ms(m.p95)} | ${ms(m.p99)} | | | |`;
  const loaded = (label, endpoint, clients, m) =>
    `| ${label} | ${endpoint} | ${clients} | ${m.n} | ${ms(m.p50)} | ${ms(m.p95)} | ${ms(m.p99)} | ${m.rate.toFixed(0)} | ${cpu(m.serverCpu)} | ${cpu(m.clientCpu)} |`;
  for (const result of results) {
    lines.push(
      alone(result.label, 'search', result.searchAlone),
      loaded(result.label, 'search', CONCURRENCY, result.searchLoad),
      loaded(result.label, 'search, unfiltered', UNFILTERED_CONCURRENCY, result.unfilteredLoad),
      alone(result.label, 'suggestions', result.suggestAlone),
      loaded(result.label, 'suggestions', CONCURRENCY, result.suggestLoad),
    );
  }
  lines.push(
    '',
    `### Server memory (the index read at start; steady: ${SETTLE_MS / 1000} s after the load phases)`,
    '',
    '| database | index ready after start | RSS after the read | heap after the read | peak RSS | RSS steady | heap steady | heap kept after full GC | WebAssembly memory (PGlite) steady |',
    '|---|---|---|---|---|---|---|---|---|',
  );
  const mb = (value) => `${value.toFixed(0)} MB`;
  for (const { label, memory: m } of results) {
    lines.push(
      `| ${label} | ${m.indexReadySeconds.toFixed(1)} s | ${mb(m.afterBuild.rss)} | ${mb(m.afterBuild.heap)} | ${mb(m.steady.peakRss)} | ${mb(m.steady.rss)} | ${mb(m.steady.heap)} | ${mb(m.steady.heapKept)} | ${mb(m.steady.wasm)} |`,
    );
  }
  lines.push(
    '',
    `### Deal ratings (${DEAL_RATING_CHANGES} single price changes)`,
    '',
    '| database | rows read | rated | read | rate all | book heap | change p50 | change p95 | change p99 | ratings moved per change |',
    '|---|---|---|---|---|---|---|---|---|---|',
  );
  for (const { label, dealRatings: d } of results) {
    lines.push(
      `| ${label} | ${d.rows} | ${d.rated} | ${ms(d.readMs)} | ${ms(d.loadMs)} | ${d.heapMb.toFixed(0)} MB | ${ms(d.changes.p50)} | ${ms(d.changes.p95)} | ${ms(d.changes.p99)} | ${d.movedPerChange.toFixed(1)} |`,
    );
  }
  for (const result of results) {
    lines.push(
      '',
      `### ${result.label}: each search alone (1 client, ${SEQUENTIAL_ROUNDS} rounds), slowest first`,
      '',
    );
    lines.push('| query | p50 | p95 |', '|---|---|---|');
    for (const row of result.perQuery) lines.push(`| \`${row.query}\` | ${ms(row.p50)} | ${ms(row.p95)} |`);
    for (const { query, plans } of result.plans) {
      lines.push('', `#### ${result.label} plan: \`${query}\``, '');
      for (const { label, plan } of plans) lines.push(`${label}:`, '', '```', plan, '```', '');
    }
  }
  return lines.join('\n');
}

async function main() {
  await buildApi();
  const api = (file) => import(path.join(root, 'api/dist', file));
  const [
    { openDatabase },
    repository,
    listingsRepository,
    dealRatingBook,
    schemas,
    pglite,
    trgm,
    cube,
    earth,
    pg,
  ] = await Promise.all([
    api('db/client.js'),
    api('modules/search/search.repository.js'),
    api('modules/listings/listings.repository.js'),
    api('modules/deal-rating/deal-rating-book.js'),
    import('@carmarket/shared/schemas'),
    import('@electric-sql/pglite'),
    import('@electric-sql/pglite/contrib/pg_trgm'),
    import('@electric-sql/pglite/contrib/cube'),
    import('@electric-sql/pglite/contrib/earthdistance'),
    import('pg'),
  ]);
  const modules = {
    openDatabase,
    SearchRepository: repository.SearchRepository,
    ListingsRepository: listingsRepository.ListingsRepository,
    DealRatingBook: dealRatingBook.DealRatingBook,
    searchQuerySchema: schemas.searchQuerySchema,
    PGlite: pglite.PGlite,
    pgliteExtensions: { pg_trgm: trgm.pg_trgm, cube: cube.cube, earthdistance: earth.earthdistance },
    pg: pg.default,
  };

  const results = await onEachDatabase(options.only, (label, databaseConfig, serverEnv) =>
    benchDatabase(label, databaseConfig, serverEnv, modules),
  );
  console.log(`\n${report(results)}`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
