// Shared by the benchmarks: the seeded market, the built API as a child process, PostgreSQL's URL
// and its databases.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { FEATURE_CATEGORIES, FEATURE_OPTIONS } from '@carmarket/shared/constants';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

// drizzle-orm is a dependency of the API package only: load the ESM build the API itself uses.
const drizzleRoot = path.dirname(createRequire(path.join(root, 'api/package.json')).resolve('drizzle-orm'));
export const drizzleModule = (subpath) =>
  import(pathToFileURL(path.join(drizzleRoot, subpath, 'index.js')).href);

const SELLERS = 2000;

/** Compiles the API (and the shared package it references) so the benchmark runs today's code. */
export async function buildApi() {
  const build = spawn('npx', ['tsc', '-b', 'api'], { cwd: root, stdio: 'inherit' });
  if ((await new Promise((resolve) => build.once('exit', resolve))) !== 0)
    throw new Error('api build failed');
}

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
export function seedSql(zipCoordinates, listings) {
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
        from generate_series(1, ${listings}) g
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

/** Seeds `listings` active listings (one photo row each) in one transaction. */
export async function seedListings(database, sql, zipCoordinates, listings) {
  const statements = seedSql(zipCoordinates, listings)
    .split(/;\s*\n/)
    .map((statement) => statement.trim())
    .filter(Boolean);
  await database.db.transaction(async (tx) => {
    for (const statement of statements) await tx.execute(sql.raw(statement));
  });
}

export const freePort = () =>
  new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });

/** The built API as its own process; `env` adds to (or overrides) the benchmark's settings. */
export async function startServer(env) {
  const port = await freePort();
  const child = spawn(process.execPath, [path.join(root, 'api/dist/server.js')], {
    env: {
      ...process.env,
      JWT_SECRET: randomBytes(32).toString('hex'),
      ...env,
      NODE_ENV: 'production',
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
      if ((await fetch(`${base}/api/health`)).ok)
        return { base, pid: child.pid, stop: () => stopServer(child) };
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

export async function postgresUrl() {
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

/** Runs one statement on its own connection; answers the rows. */
export async function onPostgres(url, statement, params) {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  await client.connect();
  try {
    return (await client.query(statement, params)).rows;
  } finally {
    await client.end();
  }
}

/** The URL of database `name` on the server of `serverUrl`. */
export const withDatabase = (serverUrl, name) =>
  Object.assign(new URL(serverUrl), { pathname: `/${name}` }).toString();
