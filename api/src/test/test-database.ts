import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import type { DatabaseConfig } from '../config/env.js';
import { MIGRATIONS_FOLDER, openDatabase, pgliteExtensions } from '../db/client.js';

export interface TestDatabase {
  config: DatabaseConfig;
  drop(): Promise<void>;
}

/**
 * Where the API project's globalSetup (global-setup.ts) left a migrated database for test apps to
 * start from: a PGlite data-directory dump, or a template database on the PostgreSQL server.
 */
export const PGLITE_TEMPLATE_ENV = 'CARMARKET_TEST_PGLITE_TEMPLATE';
/** The same PGlite before any migration: an empty database without paying initdb again. */
export const PGLITE_EMPTY_TEMPLATE_ENV = 'CARMARKET_TEST_PGLITE_EMPTY_TEMPLATE';
export const POSTGRES_TEMPLATE_ENV = 'CARMARKET_TEST_POSTGRES_TEMPLATE';

/** A random name for a database of a test's own. */
export const testDatabaseName = (prefix = 'carmarket_test') => `${prefix}_${randomBytes(6).toString('hex')}`;

/** Runs one statement on the server's maintenance connection (CREATE/DROP DATABASE). */
export async function onServer(serverUrl: string, statement: string): Promise<void> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

export function databaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * A database of the test's own. Without DATABASE_URL: an in-memory PGlite. With it: a fresh,
 * randomly named database on that PostgreSQL server, dropped afterwards, so tests never see data
 * left by anyone else. `migrated` starts it from the migrated copy globalSetup made, when there is
 * one; otherwise it is empty (on PGlite, a copy globalSetup made before migrating, when there is one).
 */
export async function createTestDatabase(
  serverUrl: string | undefined = process.env.DATABASE_URL,
  { migrated = false }: { migrated?: boolean } = {},
): Promise<TestDatabase> {
  if (!serverUrl) {
    if (migrated && process.env[PGLITE_TEMPLATE_ENV]) {
      const client = await migratedPglite(process.env[PGLITE_TEMPLATE_ENV]);
      return {
        config: { driver: 'pglite', dataDir: undefined, client },
        drop: () => giveBackPglite(client),
      };
    }
    const loadFrom = process.env[PGLITE_EMPTY_TEMPLATE_ENV];
    return { config: { driver: 'pglite', dataDir: undefined, loadFrom }, drop: async () => undefined };
  }

  const name = testDatabaseName();
  const template = migrated && serverUrl === process.env.DATABASE_URL && process.env[POSTGRES_TEMPLATE_ENV];
  await onServer(serverUrl, `CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
  return {
    config: { driver: 'postgres', url: databaseUrl(serverUrl, name) },
    drop: () => onServer(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}

/**
 * Loading the migrated dump is most of a test app's start (about 0.9 of 1.2 CPU s), so a worker keeps
 * the PGlite databases its finished apps used and gives the next apps one of those, emptied.
 */
const idlePglites: PGlite[] = [];
/** The migrated schema's fingerprint (schemaFingerprint), taken from the first database loaded. */
let migratedSchema: string | undefined;

/** Every relation, column, constraint, trigger and function of the public schema, hashed. */
async function schemaFingerprint(client: PGlite): Promise<string> {
  const { rows } = await client.query<{ fingerprint: string }>(`
    select md5(string_agg(item, ',' order by item)) as fingerprint from (
      select c.relname || ':' || c.relkind::text || ':' || coalesce(a.attname || ':' || a.atttypid::regtype, '') as item
        from pg_class c join pg_namespace n on n.oid = c.relnamespace
        left join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
        where n.nspname = 'public'
      union all select conname from pg_constraint where connamespace = 'public'::regnamespace
      union all select tgname from pg_trigger where not tgisinternal
      union all select proname from pg_proc where pronamespace = 'public'::regnamespace
    ) as items`);
  return rows[0]!.fingerprint;
}

async function migratedPglite(dump: string): Promise<PGlite> {
  const idle = idlePglites.pop();
  if (idle) return idle;
  const client = new PGlite({ loadDataDir: new Blob([await readFile(dump)]), extensions: pgliteExtensions });
  await client.waitReady;
  migratedSchema ??= await schemaFingerprint(client);
  return client;
}

/**
 * Back to the migrated state for the worker's next test app: the session reset, every table
 * emptied (the migrations add no rows). One whose schema a test changed, or that a test closed or
 * broke, is closed instead.
 */
async function giveBackPglite(client: PGlite): Promise<void> {
  try {
    await client.exec('DISCARD ALL');
    const { rows } = await client.query<{ name: string }>(
      `select format('%I', tablename) as name from pg_tables where schemaname = 'public'`,
    );
    await client.exec(`TRUNCATE ${rows.map((row) => row.name).join(', ')} RESTART IDENTITY CASCADE`);
    if ((await schemaFingerprint(client)) !== migratedSchema) throw new Error('schema changed');
    idlePglites.push(client);
  } catch {
    await client.close().catch(() => undefined);
  }
}

/**
 * Creating and migrating a database takes seconds; every test app would pay that. So the API project's
 * globalSetup does it once per run, and each test app starts from a copy (createTestDatabase with
 * `migrated`): a PGlite data-directory dump loaded in memory, or `CREATE DATABASE … TEMPLATE` on
 * PostgreSQL. The variables set here reach the workers, which start after this.
 */
export async function createMigratedTemplate(): Promise<void> {
  const serverUrl = process.env.DATABASE_URL;
  if (serverUrl) {
    const name = testDatabaseName('carmarket_template');
    await onServer(serverUrl, `CREATE DATABASE ${name}`);
    const database = await openDatabase({ driver: 'postgres', url: databaseUrl(serverUrl, name) });
    try {
      await database.migrate();
    } finally {
      // A template must have no connections when it is copied.
      await database.close();
    }
    process.env[POSTGRES_TEMPLATE_ENV] = name;
    return;
  }
  const client = new PGlite({ extensions: pgliteExtensions });
  const dir = await mkdtemp(path.join(tmpdir(), 'carmarket-api-template-'));
  const dumpTo = async (name: string) => {
    const file = path.join(dir, name);
    await writeFile(file, Buffer.from(await (await client.dumpDataDir('none')).arrayBuffer()));
    return file;
  };
  try {
    // initdb is most of a fresh PGlite's start (seconds); the migration test starts from this copy.
    await client.waitReady;
    process.env[PGLITE_EMPTY_TEMPLATE_ENV] = await dumpTo('empty.tar');
    await migrate(drizzle({ client }), { migrationsFolder: MIGRATIONS_FOLDER });
    process.env[PGLITE_TEMPLATE_ENV] = await dumpTo('migrated.tar');
  } catch (error) {
    await rm(dir, { recursive: true, force: true });
    throw error;
  } finally {
    await client.close();
  }
}

/**
 * Fills the PGlite data directory `dir` from the migrated copy, as a server that ran before finds
 * its own: a server process then skips initdb, most of a first start (over ten seconds on a busy
 * machine).
 */
export async function loadMigratedPgliteDir(dir: string): Promise<void> {
  const database = await openDatabase({
    driver: 'pglite',
    dataDir: dir,
    loadFrom: process.env[PGLITE_TEMPLATE_ENV],
  });
  await database.close();
}

/** Removes the copy createMigratedTemplate made. */
export async function dropMigratedTemplate(): Promise<void> {
  const serverUrl = process.env.DATABASE_URL;
  const template = process.env[POSTGRES_TEMPLATE_ENV];
  if (serverUrl && template) await onServer(serverUrl, `DROP DATABASE IF EXISTS ${template} WITH (FORCE)`);
  const dump = process.env[PGLITE_TEMPLATE_ENV];
  if (dump) await rm(path.dirname(dump), { recursive: true, force: true });
}
