#!/usr/bin/env node
// npm run bench:search — search latency at 100,000 active listings.
//
// For each database (a throwaway PGlite on disk; and a throwaway PostgreSQL database when
// DATABASE_URL is set or PostgreSQL answers on 127.0.0.1:5432): migrate, seed the listings with one
// set-based INSERT, start the built API as its own process on loopback, then
//   1. one client: every query of a fixed mix of realistic searches, several rounds (latency alone);
//   2. 32 concurrent clients for a fixed time (latency under load and requests per second);
// the same for suggestions; then EXPLAIN ANALYZE of the slowest searches' SQL.
// Options: --listings N (default 100000), --seconds S per load phase (default 15), --only pglite|postgres.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { FEATURE_CATEGORIES, FEATURE_OPTIONS } from '@carmarket/shared/constants';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { values: options } = parseArgs({
  options: {
    listings: { type: 'string', default: '100000' },
    seconds: { type: 'string', default: '15' },
    only: { type: 'string' },
  },
});
const LISTINGS = Number(options.listings);

// drizzle-orm is a dependency of the API package only: load the ESM build the API itself uses.
const drizzleRoot = path.dirname(createRequire(path.join(root, 'api/package.json')).resolve('drizzle-orm'));
const drizzleModule = (subpath) => import(pathToFileURL(path.join(drizzleRoot, subpath, 'index.js')).href);
const LOAD_SECONDS = Number(options.seconds);
const CONCURRENCY = 32;
const SEQUENTIAL_ROUNDS = 5;
const SELLERS = 2000;

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
  'sellerType=dealer&financingAvailable=true&minPrice=10000&maxPrice=25000&sort=price_asc',
  'acceptsTradeIn=true&bodyType=sedan,coupe&transmission=manual&sort=year_desc',
  'q=toyta corola&maxPrice=12000&sort=price_asc',
  'bodyType=sedan&sort=price_asc&page=200',
  'sort=mileage_desc&page=1000',
  'q=reliable commuter&fuelType=gasoline&cityMpgMin=28&sort=mileage_asc',
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

// ---- seed data ----------------------------------------------------------------------------
const MODELS = {
  Toyota: ['Camry', 'Corolla', 'RAV4', 'Tacoma', 'Prius', 'Highlander'],
  Honda: ['Civic', 'Accord', 'CR-V', 'Pilot', 'Odyssey', 'Fit'],
  Ford: ['F-150', 'Escape', 'Focus', 'Fusion', 'Explorer', 'Mustang'],
  Chevrolet: ['Silverado', 'Malibu', 'Equinox', 'Cruze', 'Tahoe', 'Impala'],
  Nissan: ['Altima', 'Sentra', 'Rogue', 'Frontier', 'Maxima', 'Leaf'],
  Hyundai: ['Elantra', 'Sonata', 'Tucson', 'Santa Fe'],
  Kia: ['Optima', 'Soul', 'Sorento', 'Forte'],
  Subaru: ['Outback', 'Forester', 'Impreza', 'Legacy'],
  Mazda: ['Mazda3', 'Mazda6', 'CX-5', 'Miata'],
  Volkswagen: ['Jetta', 'Passat', 'Golf', 'Tiguan'],
  Jeep: ['Wrangler', 'Cherokee', 'Grand Cherokee', 'Compass'],
  Dodge: ['Ram 1500', 'Charger', 'Grand Caravan', 'Durango'],
  BMW: ['3 Series', '5 Series', 'X3', 'X5'],
  'Mercedes-Benz': ['C-Class', 'E-Class', 'GLC'],
  Lexus: ['RX', 'ES', 'IS'],
  GMC: ['Sierra', 'Acadia', 'Terrain'],
  Buick: ['Enclave', 'LaCrosse', 'Encore'],
  Chrysler: ['200', '300', 'Pacifica'],
  Acura: ['TL', 'MDX', 'RDX'],
  Volvo: ['S60', 'XC60', 'XC90'],
};
const CITIES = [
  ['Austin', 'TX', '78701'],
  ['Houston', 'TX', '77002'],
  ['Dallas', 'TX', '75201'],
  ['San Antonio', 'TX', '78205'],
  ['New York', 'NY', '10001'],
  ['Brooklyn', 'NY', '11201'],
  ['Los Angeles', 'CA', '90012'],
  ['San Francisco', 'CA', '94103'],
  ['San Diego', 'CA', '92101'],
  ['San Jose', 'CA', '95113'],
  ['Chicago', 'IL', '60601'],
  ['Phoenix', 'AZ', '85004'],
  ['Philadelphia', 'PA', '19103'],
  ['Denver', 'CO', '80202'],
  ['Seattle', 'WA', '98101'],
  ['Portland', 'OR', '97205'],
  ['Miami', 'FL', '33130'],
  ['Orlando', 'FL', '32801'],
  ['Tampa', 'FL', '33602'],
  ['Atlanta', 'GA', '30303'],
  ['Boston', 'MA', '02108'],
  ['Detroit', 'MI', '48226'],
  ['Minneapolis', 'MN', '55401'],
  ['Nashville', 'TN', '37203'],
  ['Charlotte', 'NC', '28202'],
  ['Columbus', 'OH', '43215'],
  ['Las Vegas', 'NV', '89101'],
  ['Kansas City', 'MO', '64106'],
  ['Salt Lake City', 'UT', '84111'],
  ['Raleigh', 'NC', '27601'],
  ['Oklahoma City', 'OK', '73102'],
  ['Albuquerque', 'NM', '87102'],
];
const COLORS = [
  'Black',
  'White',
  'Silver',
  'Gray',
  'Blue',
  'Red',
  'Green',
  'Brown',
  'Beige',
  'Gold',
  'Orange',
  'Yellow',
  'Purple',
  'Maroon',
];
const INTERIOR = ['Black', 'Gray', 'Beige', 'Tan', 'Brown', 'White', 'Red'];
// Features are the names sellers tick (the shared list), each on a share of the cars: as SQL over
// the listing's model year where the era decides it, otherwise DEFAULT_FEATURE_SHARE.
const FEATURE_SHARES = {
  ABS: 'case when r.year >= 2000 then 0.95 else 0.6 end',
  'Stability Control': 'case when r.year >= 2012 then 1 else 0.4 end',
  'Backup Camera': 'case when r.year >= 2018 then 1 when r.year >= 2012 then 0.55 else 0 end',
  'Blind Spot Monitoring': 'case when r.year >= 2014 then 0.35 else 0 end',
  'Automatic Emergency Braking': 'case when r.year >= 2017 then 0.45 else 0 end',
  'Adaptive Cruise Control': 'case when r.year >= 2016 then 0.3 else 0 end',
  'Third Row Seating': '0.12',
  Bluetooth: 'case when r.year >= 2015 then 0.95 when r.year >= 2009 then 0.6 else 0 end',
  'Apple CarPlay': 'case when r.year >= 2017 then 0.75 else 0 end',
  'Android Auto': 'case when r.year >= 2017 then 0.7 else 0 end',
  'Wireless Charging': 'case when r.year >= 2019 then 0.3 else 0 end',
  'Bed Liner': '0.1',
};
const DEFAULT_FEATURE_SHARE = 0.3;
const WORDS = [
  'clean title',
  'one owner',
  'reliable commuter',
  'well maintained',
  'no accidents',
  'new brakes',
  'garage kept',
  'highway miles',
  'runs great',
  'cold AC',
];

const sqlText = (value) => `'${String(value).replaceAll("'", "''")}'`;
const sqlArray = (values) =>
  `array[${values.map((value) => (typeof value === 'number' ? value : sqlText(value))).join(',')}]`;

/** One INSERT … SELECT over generate_series: the same pseudo-random listings on every run (setseed). */
function seedSql(zipCoordinates) {
  const pairs = Object.entries(MODELS).flatMap(([make, models]) => models.map((model) => [make, model]));
  const cities = CITIES.map(([city, state, zip]) => {
    const { latitude, longitude } = zipCoordinates(zip);
    return `(${sqlText(city)}, ${sqlText(state)}, ${sqlText(zip)}, ${latitude}, ${longitude})`;
  });
  const pick = (array) => `(${sqlArray(array)})[1 + floor(random() * ${array.length})::int]`;
  // One random() per feature and listing; the names that lose drop out of the array.
  const featureList = (category) =>
    `to_jsonb(array_remove(array[${FEATURE_OPTIONS[category]
      .map(
        (name) =>
          `case when random() < ${FEATURE_SHARES[name] ?? DEFAULT_FEATURE_SHARE} then ${sqlText(name)} end`,
      )
      .join(', ')}], null))`;
  const features = `jsonb_build_object(${FEATURE_CATEGORIES.map((category) => `${sqlText(category)}, ${featureList(category)}`).join(', ')})`;
  return `
    select setseed(0.42);
    insert into users (email, role)
      select 'bench-seller-' || g || '@example.com', case when g % 5 = 0 then 'dealer' else 'private' end
      from generate_series(1, ${SELLERS}) g;
    create temporary table bench_pairs (n serial, make text, model text);
    insert into bench_pairs (make, model) values ${pairs.map(([make, model]) => `(${sqlText(make)}, ${sqlText(model)})`).join(',')};
    create temporary table bench_cities (n serial, city text, state text, zip text, lat float8, lon float8);
    insert into bench_cities (city, state, zip, lat, lon) values ${cities.join(',')};
    create temporary table bench_sellers as select row_number() over (order by id) n, id from users;
    insert into listings (seller_id, status, title, description, price_amount, make, model, year, trim, mileage,
      body_type, fuel_type, transmission, drivetrain, exterior_color, interior_color, doors, condition, title_status,
      features, city_mpg, highway_mpg, combined_mpg, has_warranty, accepts_trade_in, financing_available,
      city, state, zip_code, latitude, longitude, created_at)
    select s.id, 'active',
      r.year || ' ' || p.make || ' ' || p.model || ' ' || r.word,
      'A ' || r.word || ' ' || p.make || ' ' || p.model || ' with ' || r.word2 || ', ' || r.mileage || ' miles, serviced regularly and ready to drive home today.',
      greatest(500, (30000 - (2024 - r.year) * 1400 - r.mileage / 20 + random() * 4000)::int),
      p.make, p.model, r.year, ${pick(['LE', 'SE', 'XLE', 'LX', 'EX', 'Sport', 'Limited', 'Base'])},
      r.mileage,
      ${pick(['sedan', 'sedan', 'sedan', 'suv', 'suv', 'truck', 'coupe', 'convertible', 'van', 'wagon', 'hatchback'])},
      r.fuel,
      ${pick(['automatic', 'automatic', 'automatic', 'automatic', 'manual', 'cvt'])},
      ${pick(['fwd', 'fwd', 'rwd', 'awd', '4wd'])},
      ${pick(COLORS)}, ${pick(INTERIOR)}, ${pick([2, 4, 4, 4, 5])},
      ${pick(['excellent', 'good', 'good', 'fair', 'poor'])},
      ${pick(['clean', 'clean', 'clean', 'clean', 'clean', 'clean', 'salvage', 'rebuilt', 'lemon'])},
      ${features},
      -- MPGe for electric cars: they and hybrids do better in town than on the highway.
      r.city_mpg,
      r.city_mpg + case when r.fuel = 'electric' then -18 when r.fuel in ('hybrid', 'plugin_hybrid') then -3 else 7 end,
      r.city_mpg + case when r.fuel = 'electric' then -8 when r.fuel in ('hybrid', 'plugin_hybrid') then -1 else 3 end,
      -- Dealers take trades, finance and often give a warranty, private sellers of newer cars pass on the factory one.
      random() < case when u.role = 'dealer' then case when r.year >= 2019 then 0.6 else 0.25 end
                      else case when r.year >= 2021 then 0.45 else 0.02 end end,
      random() < case when u.role = 'dealer' then 0.85 else 0.1 end,
      u.role = 'dealer' and random() < 0.75,
      c.city, c.state, c.zip, c.lat + (random() - 0.5) * 0.2, c.lon + (random() - 0.5) * 0.2,
      now() - (random() * interval '120 days')
    from (
      -- The city figure by fuel, none for one listing in ten (the seller left it out).
      select q.*,
        case when q.mpg_roll < 0.1 then null
             when q.fuel = 'electric' then 100 + floor(q.mpg_roll * 35)::int
             when q.fuel in ('hybrid', 'plugin_hybrid') then 38 + floor(q.mpg_roll * 18)::int
             when q.fuel = 'diesel' then 20 + floor(q.mpg_roll * 12)::int
             else 15 + floor(q.mpg_roll * 20)::int end as city_mpg
      from (
        select g,
          2000 + floor(random() * 25)::int as year,
          (5000 + random() * 200000)::int as mileage,
          ${pick(['gasoline', 'gasoline', 'gasoline', 'gasoline', 'gasoline', 'diesel', 'electric', 'hybrid', 'plugin_hybrid'])} as fuel,
          random() as mpg_roll,
          ${pick(WORDS)} as word, ${pick(WORDS)} as word2,
          1 + floor(random() * ${pairs.length})::int as pair,
          1 + floor(random() * ${cities.length})::int as city,
          1 + floor(random() * ${SELLERS})::int as seller
        from generate_series(1, ${LISTINGS}) g
      ) q
    ) r
    join bench_pairs p on p.n = r.pair
    join bench_cities c on c.n = r.city
    join bench_sellers s on s.n = r.seller
    join users u on u.id = s.id;
    insert into listing_images (listing_id, public_id, url, thumbnail, alt, position, is_primary)
      select id, 'bench-' || id, '/uploads/bench.webp', '/uploads/bench-thumb.webp', title, 0, true from listings;
    analyze;`;
}

// ---- measuring ----------------------------------------------------------------------------
const percentile = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
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

/** CONCURRENCY clients, each walking the mix from its own offset until the time is up. */
async function concurrent(urls, seconds) {
  const samples = [];
  const deadline = performance.now() + seconds * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async (_, client) => {
      for (let index = client; performance.now() < deadline; index += 1) {
        const url = urls[index % urls.length];
        samples.push({ url, ms: (await timed(url)).ms });
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  return { samples, rate: samples.length / elapsed };
}

const freePort = () =>
  new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });

async function startServer(env) {
  const port = await freePort();
  const child = spawn(process.execPath, [path.join(root, 'api/dist/server.js')], {
    env: {
      ...process.env,
      ...env,
      NODE_ENV: 'production',
      JWT_SECRET: randomBytes(32).toString('hex'),
      HOST: '127.0.0.1',
      PORT: String(port),
      LOG_LEVEL: 'warn',
      SEED_ON_START: 'false',
      GEOCODER_URL: '',
      RATE_LIMIT_MAX: '100000000',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  for (let attempt = 0; attempt < 600; attempt += 1) {
    if (child.exitCode !== null) throw new Error('the API exited during start-up');
    try {
      if ((await fetch(`${base}/api/health`)).ok) return { base, stop: () => stopServer(child) };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the API did not start');
}

function stopServer(child) {
  return new Promise((resolve) => {
    child.once('exit', resolve);
    child.kill('SIGTERM');
  });
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

// ---- one database -------------------------------------------------------------------------
async function benchDatabase(label, databaseConfig, serverEnv, modules) {
  console.log(`\n## ${label}: seeding ${LISTINGS.toLocaleString('en-US')} listings`);
  const database = await modules.openDatabase(databaseConfig);
  await database.migrate();
  const seedStarted = performance.now();
  const statements = seedSql(modules.zipCoordinates)
    .split(/;\s*\n/)
    .map((statement) => statement.trim())
    .filter(Boolean);
  await database.db.transaction(async (tx) => {
    for (const statement of statements) await tx.execute(modules.sql.raw(statement));
  });
  console.log(`seeded in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s`);
  // PGlite allows one process: hand the data directory to the server.
  if (databaseConfig.driver === 'pglite') await database.close();

  const server = await startServer(serverEnv);
  const searchUrls = SEARCHES.map((query) => `${server.base}/api/search?${new URLSearchParams(query)}`);
  const suggestUrls = SUGGESTIONS.map(
    (q) => `${server.base}/api/search/suggestions?${new URLSearchParams({ q })}`,
  );
  // Warm up: the suggestion counts and the database caches.
  await sequential([...searchUrls, ...suggestUrls], 1);

  const searchAlone = await sequential(searchUrls, SEQUENTIAL_ROUNDS);
  const suggestAlone = await sequential(suggestUrls, SEQUENTIAL_ROUNDS * 2);
  const searchLoad = await concurrent(searchUrls, LOAD_SECONDS);
  const suggestLoad = await concurrent(suggestUrls, Math.max(5, LOAD_SECONDS / 3));
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
    searchAlone: summarize(searchAlone),
    suggestAlone: summarize(suggestAlone),
    searchLoad: { ...summarize(searchLoad.samples), rate: searchLoad.rate },
    suggestLoad: { ...summarize(suggestLoad.samples), rate: suggestLoad.rate },
    perQuery,
    plans,
  };
}

async function postgresUrl() {
  const url = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.end();
    return url;
  } catch {
    return undefined;
  }
}

const ms = (value) => `${value.toFixed(1)} ms`;

function report(results) {
  const lines = [];
  lines.push(
    `Listings: ${LISTINGS.toLocaleString('en-US')} active; ${SEARCHES.length} searches and ${SUGGESTIONS.length} suggestion prefixes; ${CONCURRENCY} concurrent clients for ${LOAD_SECONDS} s; ${new Date().toISOString().slice(0, 10)}.`,
    '',
  );
  lines.push(
    '| database | endpoint | clients | requests | p50 | p95 | p99 | requests/s |',
    '|---|---|---|---|---|---|---|---|',
  );
  for (const result of results) {
    lines.push(
      `| ${result.label} | search | 1 | ${result.searchAlone.n} | ${ms(result.searchAlone.p50)} | ${ms(result.searchAlone.p95)} | ${ms(result.searchAlone.p99)} | |`,
    );
    lines.push(
      `| ${result.label} | search | ${CONCURRENCY} | ${result.searchLoad.n} | ${ms(result.searchLoad.p50)} | ${ms(result.searchLoad.p95)} | ${ms(result.searchLoad.p99)} | ${result.searchLoad.rate.toFixed(0)} |`,
    );
    lines.push(
      `| ${result.label} | suggestions | 1 | ${result.suggestAlone.n} | ${ms(result.suggestAlone.p50)} | ${ms(result.suggestAlone.p95)} | ${ms(result.suggestAlone.p99)} | |`,
    );
    lines.push(
      `| ${result.label} | suggestions | ${CONCURRENCY} | ${result.suggestLoad.n} | ${ms(result.suggestLoad.p50)} | ${ms(result.suggestLoad.p95)} | ${ms(result.suggestLoad.p99)} | ${result.suggestLoad.rate.toFixed(0)} |`,
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
  const build = spawn('npx', ['tsc', '-b', 'api'], { cwd: root, stdio: 'inherit' });
  if ((await new Promise((resolve) => build.once('exit', resolve))) !== 0)
    throw new Error('api build failed');
  const api = (file) => import(path.join(root, 'api/dist', file));
  const [
    { openDatabase },
    repository,
    listingsRepository,
    geocoding,
    schemas,
    drizzle,
    pglite,
    trgm,
    cube,
    earth,
    pg,
  ] = await Promise.all([
    api('db/client.js'),
    api('modules/search/search.repository.js'),
    api('modules/listings/listings.repository.js'),
    api('modules/geocoding/zip-coordinates.js'),
    import('@carmarket/shared/schemas'),
    drizzleModule(''),
    import('@electric-sql/pglite'),
    import('@electric-sql/pglite/contrib/pg_trgm'),
    import('@electric-sql/pglite/contrib/cube'),
    import('@electric-sql/pglite/contrib/earthdistance'),
    import('pg'),
  ]);
  const modules = {
    openDatabase,
    sql: drizzle.sql,
    SearchRepository: repository.SearchRepository,
    ListingsRepository: listingsRepository.ListingsRepository,
    zipCoordinates: geocoding.zipCoordinates,
    searchQuerySchema: schemas.searchQuerySchema,
    PGlite: pglite.PGlite,
    pgliteExtensions: { pg_trgm: trgm.pg_trgm, cube: cube.cube, earthdistance: earth.earthdistance },
    pg: pg.default,
  };

  const results = [];
  if (options.only !== 'postgres') {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'carmarket-bench-'));
    try {
      results.push(
        await benchDatabase(
          'PGlite',
          { driver: 'pglite', dataDir: path.join(dataDir, 'db') },
          { DATA_DIR: dataDir },
          modules,
        ),
      );
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  }
  const serverUrl = options.only === 'pglite' ? undefined : await postgresUrl();
  if (serverUrl) {
    const name = `carmarket_bench_${randomBytes(4).toString('hex')}`;
    const admin = new modules.pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    try {
      results.push(
        await benchDatabase(
          'PostgreSQL',
          { driver: 'postgres', url: url.toString() },
          { DATABASE_URL: url.toString() },
          modules,
        ),
      );
    } finally {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  } else if (options.only !== 'pglite') {
    console.log('\nPostgreSQL: not reachable (set DATABASE_URL); skipped.');
  }
  console.log(`\n${report(results)}`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
