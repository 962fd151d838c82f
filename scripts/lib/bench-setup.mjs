// Shared by the benchmarks: the seeded market, the built API as a child process, PostgreSQL's URL
// and its databases, and running a benchmark on each database.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { listeningPort } from './listening-port.mjs';
import { serverEntry, serverEnvironment, serverNodeOptions } from './server.mjs';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

// drizzle-orm is a dependency of the API package only: load the ESM build the API itself uses.
const drizzleRoot = path.dirname(createRequire(path.join(root, 'api/package.json')).resolve('drizzle-orm'));
export const drizzleModule = (subpath) =>
  import(pathToFileURL(path.join(drizzleRoot, subpath, 'index.js')).href);

const SEED = 42;

/** Compiles the API (and the shared package it references) so the benchmark runs today's code. */
export async function buildApi() {
  // TypeScript 7's compiler by its path, as npm's scripts call it (`tsc` may be 5.9's: docs/architecture.md).
  const tsc = path.join(root, 'node_modules/typescript-native/bin/tsc');
  const build = spawn(process.execPath, [tsc, '-b', 'api'], { cwd: root, stdio: 'inherit' });
  if ((await new Promise((resolve) => build.once('exit', resolve))) !== 0)
    throw new Error('api build failed');
}

/**
 * Seeds `listings` demo listings through the API's own seed, the generator `npm run seed` uses
 * (sellers, prices, features, photos), with a fixed seed so every run measures the same market.
 * The demo photos are rendered once into the system's temporary directory and reused by later runs.
 */
export async function seedListings(database, listings) {
  const [{ seedDemoData }, { LocalStorage }, { sql }] = await Promise.all([
    import(path.join(root, 'api/dist/seed/seed.js')),
    import(path.join(root, 'api/dist/storage/local-storage.js')),
    drizzleModule(''),
  ]);
  const photos = new LocalStorage(path.join(tmpdir(), 'carmarket-bench-photos'));
  const report = await seedDemoData(database.db, photos, { listings, seed: SEED });
  // No saved search exists in this market: its listings are marked checked for alerts, as a live
  // market's are, or the server's alert sweep would catch up on all of them (minutes of database
  // work at 100,000 listings) while the benchmark measures.
  await database.db.execute(sql.raw(`update listings set alerts_checked_at = now() where status <> 'draft'`));
  // No dead rows and fresh statistics, so the plans the benchmarks print are a settled database's.
  await database.db.execute(sql.raw('vacuum analyze'));
  return report;
}

/** The built API as its own process; `env` adds to (or overrides) the benchmark's settings. */
export async function startServer(env) {
  const child = spawn(process.execPath, [...serverNodeOptions, serverEntry], {
    env: {
      ...serverEnvironment,
      ...process.env,
      JWT_SECRET: randomBytes(32).toString('hex'),
      ...env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: '0',
      LOG_LEVEL: 'warn',
      SEED_ON_START: 'false',
      GEOCODER_URL: '',
      RATE_LIMIT_MAX: '100000000',
    },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const base = `http://127.0.0.1:${await listeningPort(child, 120_000)}`;
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

/**
 * Runs `bench(label, databaseConfig, serverEnv)` on each database `only` ('pglite', 'postgres' or
 * neither, for both) leaves in: a throwaway PGlite in a temporary folder, then a throwaway database on
 * the PostgreSQL server (DATABASE_URL, or the local one) when it answers. Either way the server's
 * data folder (photos, their originals) is a temporary one, never the site's `./data`. Each is removed
 * afterwards. Returns the benchmarks' results in that order.
 */
export async function onEachDatabase(only, bench) {
  const results = [];
  if (only !== 'postgres') {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'carmarket-bench-'));
    try {
      results.push(
        await bench('PGlite', { driver: 'pglite', dataDir: path.join(dataDir, 'db') }, { DATA_DIR: dataDir }),
      );
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  }
  const serverUrl = only === 'pglite' ? undefined : await postgresUrl();
  if (serverUrl) {
    const name = `carmarket_bench_${randomBytes(4).toString('hex')}`;
    const { default: pg } = await import('pg');
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const url = withDatabase(serverUrl, name);
    const dataDir = await mkdtemp(path.join(tmpdir(), 'carmarket-bench-'));
    try {
      results.push(
        await bench('PostgreSQL', { driver: 'postgres', url }, { DATABASE_URL: url, DATA_DIR: dataDir }),
      );
    } finally {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
      await rm(dataDir, { recursive: true, force: true });
    }
  } else if (only !== 'pglite') {
    console.log('\nPostgreSQL: not reachable (set DATABASE_URL); skipped.');
  }
  return results;
}
