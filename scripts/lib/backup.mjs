// `npm run backup` and `npm run restore`: the database (embedded PGlite or PostgreSQL) and the photo
// store of the site configured by the environment, as `npm start` reads it. One directory per backup:
//   manifest.json   when, which database, its migration level, what was done with the photos
//   database.tar    PGlite's data directory (PGlite's dumpDataDir), or
//   database.pgdump pg_dump's custom format
//   photos/         the photo store: a copy of the local one, or of the S3 objects the database names
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cp, mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { backupSocketPath, SNAPSHOT_PATH } from '../../api/dist/db/backup-socket.js';
import { MIGRATIONS_FOLDER, pgliteExtensions } from '../../api/dist/db/client.js';
import { S3Storage } from '../../api/dist/storage/s3-storage.js';

export const MANIFEST_FORMAT = 1;
const DATABASE_FILES = { pglite: 'database.tar', postgres: 'database.pgdump' };

/** A refusal or failure explained in plain words (the command prints only the message). */
export class BackupError extends Error {}

const journal = JSON.parse(
  await readFile(path.join(MIGRATIONS_FOLDER, 'meta/_journal.json'), 'utf8'),
).entries;

/**
 * How far a database is migrated: how many migrations drizzle recorded and the tag of the last one
 * (drizzle stores each migration's journal time as its created_at; null when this code does not
 * know it, i.e. the database comes from a newer version).
 */
async function migrationLevel(query) {
  const [{ exists }] = await query(
    `select to_regclass('drizzle.__drizzle_migrations') is not null as "exists"`,
  );
  if (!exists) return { applied: 0, latest: null };
  const [{ applied, last }] = await query(
    'select count(*)::int as applied, max(created_at)::text as last from drizzle.__drizzle_migrations',
  );
  return { applied, latest: journal.find((entry) => String(entry.when) === last)?.tag ?? null };
}

const pgliteQuery = (client) => async (sql) => (await client.query(sql)).rows;

/** Loads a PGlite tar (into `dataDir`, or memory) and answers what `read` reads of it (its migration level). */
async function loadPglite(tar, dataDir, read = migrationLevel) {
  const client = new PGlite({ dataDir, loadDataDir: new Blob([tar]), extensions: pgliteExtensions });
  try {
    await client.waitReady;
    return await read(pgliteQuery(client));
  } finally {
    await client.close();
  }
}

/**
 * The links of the photos a database names ('processing' ones have no files yet; photos made before
 * the medium size have none of it).
 */
const photoLinks = async (query) =>
  (await query(`select url, medium, thumbnail from listing_images where status = 'ready'`)).flatMap((row) =>
    [row.url, row.medium, row.thumbnail].filter(Boolean),
  );

/** Runs `work` on every item, `parallel` at a time. */
async function eachInParallel(items, parallel, work) {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await work(items[next++]);
  };
  await Promise.all(Array.from({ length: Math.min(parallel, items.length) }, worker));
}

const S3_PARALLEL_REQUESTS = 8;

/** A key's file under `dir`; refuses a key that would leave it. */
function fileOfKey(dir, key) {
  const file = path.resolve(dir, key);
  if (!file.startsWith(`${path.resolve(dir)}${path.sep}`))
    throw new BackupError(`The photo key ${JSON.stringify(key)} leaves the photo directory`);
  return file;
}

/**
 * Copies the bucket's objects that `links` name into `dir` (one file per key). A named object the
 * bucket no longer has (a photo deleted since the database was copied) is listed in `missing`; a
 * link outside the bucket's public URL (e.g. before S3_PUBLIC_URL changed) in `elsewhere`.
 */
async function copyFromBucket(s3, links, dir) {
  const bucket = new S3Storage(s3);
  const keys = new Set();
  const elsewhere = [];
  for (const link of new Set(links)) {
    const key = bucket.keyOf(link);
    if (key === undefined) elsewhere.push(link);
    else keys.add(key);
  }
  const missing = [];
  await eachInParallel([...keys], S3_PARALLEL_REQUESTS, async (key) => {
    const body = await bucket.get(key);
    if (!body) return void missing.push(key);
    const file = fileOfKey(dir, key);
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, body);
  });
  return { missing: missing.sort(), elsewhere };
}

/** Every photo in the backup's `dir` is put back in the bucket under its key. */
async function copyToBucket(s3, dir) {
  const bucket = new S3Storage(s3);
  const files = (await readdir(dir, { withFileTypes: true, recursive: true })).filter((entry) =>
    entry.isFile(),
  );
  await eachInParallel(files, S3_PARALLEL_REQUESTS, async (entry) => {
    const file = path.join(entry.parentPath, entry.name);
    const key = path.relative(dir, file).split(path.sep).join('/');
    await bucket.put(key, await readFile(file), contentTypeOf(key));
  });
}

const CONTENT_TYPES = {
  '.webp': 'image/webp',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.png': 'image/png',
};
const contentTypeOf = (key) => CONTENT_TYPES[path.extname(key).toLowerCase()] ?? 'application/octet-stream';

async function withPostgres(url, use) {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  await client.connect();
  try {
    return await use(async (sql) => (await client.query(sql)).rows);
  } finally {
    await client.end();
  }
}

/**
 * The running server's snapshot of its embedded database, or undefined when no server answers on
 * the data directory's socket (none was started, or it was stopped or killed).
 */
function snapshotFromServer(socketPath) {
  return new Promise((resolve, reject) => {
    const call = request({ socketPath, path: SNAPSHOT_PATH }, (response) => {
      if (response.statusCode !== 200) {
        response.resume();
        reject(
          new BackupError(
            `The running server could not snapshot its database (${response.statusCode}): see its log`,
          ),
        );
        return;
      }
      const chunks = [];
      response.on('data', (chunk) => chunks.push(chunk));
      response.on('end', () => resolve(Buffer.concat(chunks)));
      response.on('error', reject);
    });
    call.on('error', (error) =>
      ['ENOENT', 'ECONNREFUSED'].includes(error.code) ? resolve(undefined) : reject(error),
    );
    call.end();
  });
}

const serverIsRunning = async (socketPath) =>
  new Promise((resolve) => {
    const call = request({ socketPath, path: '/', method: 'HEAD' }, (response) => {
      response.resume();
      resolve(true);
    });
    call.on('error', () => resolve(false));
    call.end();
  });

/** The data directory's socket; without one, whether a server has the database open cannot be told. */
function socketOf(config) {
  const socketPath = backupSocketPath(config.dataDir);
  if (!socketPath)
    throw new BackupError(
      `DATA_DIR (${config.dataDir}) is too long a path for the backup socket: point a shorter path (a symbolic link) at it`,
    );
  return socketPath;
}

async function snapshotPglite(config) {
  const online = await snapshotFromServer(socketOf(config));
  if (online) return online;
  const { dataDir } = config.database;
  if (!existsSync(dataDir)) throw new BackupError(`No embedded database at ${dataDir}: nothing to back up`);
  // No server has it open, so this process may.
  const client = new PGlite({ dataDir, extensions: pgliteExtensions });
  try {
    await client.waitReady;
    return Buffer.from(await (await client.dumpDataDir('none')).arrayBuffer());
  } finally {
    await client.close();
  }
}

/** Runs a PostgreSQL client tool with the URL's password in the environment, not on the command line. */
function runPostgresTool(tool, url, args) {
  const target = new URL(url);
  const password = decodeURIComponent(target.password);
  target.password = '';
  const env = { ...process.env, ...(password ? { PGPASSWORD: password } : {}) };
  return new Promise((resolve, reject) => {
    const child = spawn(tool, [...args, `--dbname=${target}`], { env, stdio: ['ignore', 'ignore', 'pipe'] });
    let errors = '';
    child.stderr.on('data', (chunk) => (errors += chunk));
    child.once('error', (error) =>
      reject(
        error.code === 'ENOENT'
          ? new BackupError(
              `${tool} is not installed: install PostgreSQL's client tools of the server's major version or newer (Debian: apt-get install postgresql-client)`,
            )
          : error,
      ),
    );
    child.once('close', (status) =>
      status === 0
        ? resolve()
        : reject(new BackupError(`${tool} failed (exit ${status}):\n${errors.trim()}`)),
    );
  });
}

async function countFiles(dir) {
  let files = 0;
  let bytes = 0;
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue;
    files += 1;
    bytes += (await stat(path.join(entry.parentPath, entry.name))).size;
  }
  return { files, bytes };
}

const isEmptyDir = async (dir) => (await readdir(dir).catch(() => [])).length === 0;

/**
 * Backs up the site `config` (loadConfig()) describes into a new directory under `outDir` and
 * answers its path and manifest. The server may be running.
 */
export async function backup({ config, outDir }) {
  const stamp = new Date();
  const target = path.join(path.resolve(outDir), `carmarket-${stamp.toISOString().replace(/[:.]/g, '-')}`);
  // Built under another name and renamed at the end, so a failed backup never looks complete.
  const partial = `${target}.partial`;
  await mkdir(partial, { recursive: true, mode: 0o700 });
  try {
    const kind = config.database.driver;
    const databaseFile = path.join(partial, DATABASE_FILES[kind]);
    // The migration level, and with S3 the photos' links, are read from the copy itself.
    const read = async (query) => ({
      migrations: await migrationLevel(query),
      links: config.s3 ? await photoLinks(query) : [],
    });
    let copied;
    if (kind === 'postgres') {
      copied = await withPostgres(config.database.url, async (query) => {
        // pg_dump dumps the snapshot this transaction reads: the links are those of the dump.
        await query('begin isolation level repeatable read read only');
        const [{ snapshot }] = await query('select pg_export_snapshot() as snapshot');
        const inSnapshot = await read(query);
        await runPostgresTool('pg_dump', config.database.url, [
          '--format=custom',
          '--no-owner',
          '--no-acl',
          `--snapshot=${snapshot}`,
          `--file=${databaseFile}`,
        ]);
        await query('commit');
        return inSnapshot;
      });
    } else {
      const tar = await snapshotPglite(config);
      // Loading the copy proves it opens.
      copied = await loadPglite(tar, undefined, read);
      await writeFile(databaseFile, tar);
    }
    const { migrations } = copied;
    // After the database: every photo a stored listing names was written before its row.
    let photos;
    if (config.s3) {
      const dir = path.join(partial, 'photos');
      await mkdir(dir);
      const { missing, elsewhere } = await copyFromBucket(config.s3, copied.links, dir);
      photos = {
        kind: 's3',
        bucket: config.s3.bucket,
        publicUrl: config.s3.publicUrl,
        dir: 'photos',
        ...(await countFiles(dir)),
        missing,
        elsewhere,
      };
    } else {
      const dir = path.join(partial, 'photos');
      await mkdir(dir);
      if (existsSync(config.uploadDir)) {
        await cp(config.uploadDir, dir, {
          recursive: true,
          filter: (source) => !source.endsWith('.partial'),
        });
      }
      photos = { kind: 'local', dir: 'photos', ...(await countFiles(dir)) };
    }
    const manifest = {
      format: MANIFEST_FORMAT,
      createdAt: stamp.toISOString(),
      database: { kind, file: DATABASE_FILES[kind], migrations },
      photos,
    };
    await writeFile(path.join(partial, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
    await rename(partial, target);
    return { dir: target, manifest };
  } catch (error) {
    await rm(partial, { recursive: true, force: true });
    throw error;
  }
}

async function readManifest(from) {
  const text = await readFile(path.join(from, 'manifest.json'), 'utf8').catch(() => {
    throw new BackupError(`${from} is not a backup: it has no manifest.json`);
  });
  const manifest = JSON.parse(text);
  if (manifest.format !== MANIFEST_FORMAT)
    throw new BackupError(
      `${from} has a manifest of format ${manifest.format}; this version reads ${MANIFEST_FORMAT}`,
    );
  return manifest;
}

/** Refuses a database migrated further than this code knows: its server could not run on it. */
function checkMigrationLevel({ applied, latest }) {
  if (applied > journal.length || (applied > 0 && !latest)) {
    throw new BackupError(
      `The backup's database has ${applied} migrations applied, the last unknown to this version (which has ${journal.length}, up to ${journal.at(-1).tag}): restore it with the version that made it`,
    );
  }
}

/**
 * Restores the backup in `from` into the site `config` describes. Refuses a target that holds data
 * unless `force` (which replaces it), and a running embedded server. Answers the manifest.
 */
export async function restore({ config, from, force = false }) {
  const manifest = await readManifest(from);
  const kind = config.database.driver;
  if (manifest.database.kind !== kind) {
    throw new BackupError(
      kind === 'postgres'
        ? 'The backup is of the embedded database, and DATABASE_URL is set: unset it to restore'
        : 'The backup is of a PostgreSQL database: set DATABASE_URL to the (empty) database to restore it into',
    );
  }
  checkMigrationLevel(manifest.database.migrations);
  const photosLocal = manifest.photos.kind === 'local';
  if (photosLocal && config.s3)
    throw new BackupError(
      `The backup's photos are files, and S3_BUCKET is set: unset it to restore them to disk`,
    );
  // The restored rows link their photos under the bucket's public URL of the backup.
  const photosToBucket = manifest.photos.kind === 's3' && manifest.photos.dir !== undefined;
  if (photosToBucket && config.s3?.publicUrl !== manifest.photos.publicUrl)
    throw new BackupError(
      `The backup's photos are S3 objects its listings link at ${manifest.photos.publicUrl}: set S3_BUCKET (with its keys, S3_ENDPOINT and S3_PUBLIC_URL) to the bucket served there to restore them`,
    );

  // Every refusal before anything is changed.
  const notEmpty = force ? '' : ' is not empty: restore into an empty one, or pass --force to replace it';
  if (kind === 'pglite') {
    if (await serverIsRunning(socketOf(config)))
      throw new BackupError(`A server is running on ${config.dataDir}: stop it first`);
    if (!force && !(await isEmptyDir(config.database.dataDir)))
      throw new BackupError(`The database directory ${config.database.dataDir}${notEmpty}`);
  } else {
    const [{ tables }] = await withPostgres(config.database.url, (query) =>
      query(
        `select count(*)::int as tables from information_schema.tables where table_schema not in ('pg_catalog', 'information_schema')`,
      ),
    );
    if (!force && tables > 0)
      throw new BackupError(`The database at DATABASE_URL has ${tables} tables and${notEmpty}`);
  }
  if (photosLocal && !force && !(await isEmptyDir(config.uploadDir)))
    throw new BackupError(`The photo directory ${config.uploadDir}${notEmpty}`);

  const databaseFile = path.join(from, manifest.database.file);
  let restored;
  if (kind === 'pglite') {
    await rm(config.database.dataDir, { recursive: true, force: true });
    restored = await loadPglite(await readFile(databaseFile), config.database.dataDir);
  } else {
    await runPostgresTool('pg_restore', config.database.url, [
      '--no-owner',
      '--no-acl',
      '--exit-on-error',
      '--single-transaction',
      ...(force ? ['--clean', '--if-exists'] : []),
      databaseFile,
    ]);
    restored = await withPostgres(config.database.url, migrationLevel);
  }
  if (restored.applied !== manifest.database.migrations.applied) {
    throw new BackupError(
      `The restored database has ${restored.applied} migrations applied, the manifest says ${manifest.database.migrations.applied}: the backup is damaged`,
    );
  }
  if (photosLocal) {
    await rm(config.uploadDir, { recursive: true, force: true });
    await cp(path.join(from, manifest.photos.dir), config.uploadDir, { recursive: true });
  }
  // A photo's key never changes content once written, so putting back an object the bucket has is harmless.
  if (photosToBucket) await copyToBucket(config.s3, path.join(from, manifest.photos.dir));
  return manifest;
}
