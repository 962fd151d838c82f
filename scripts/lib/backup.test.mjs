// `npm run backup` and `npm run restore` end to end: a real server's listings, photos (on disk, or
// in an S3 bucket) and a conversation are backed up while it runs, restored into an empty data
// directory (and an empty PostgreSQL database when DATABASE_URL is set), and a server started on the
// restored data answers the same through the HTTP API. Needs the built API (`npm run build`, as `npm test` does).
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cp, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { onPostgres, withDatabase } from './bench-setup.mjs';
import { repoRoot } from './build.mjs';
import { startS3StandIn } from './s3-stand-in.mjs';
import { siteCodeResendIntervalMs, startServer } from './server.mjs';
import { signUpViaApi } from './session.mjs';
import { Mailbox, startSmtpCatcher } from './smtp-catcher.mjs';

const runFile = promisify(execFile);
const TIMEOUT_MS = 300_000;

/** Runs `node <file> args` (`file` in the repository) with `env`; answers its exit status and output. */
async function runNode(file, args, env) {
  try {
    const { stdout } = await runFile(process.execPath, [path.join(repoRoot, file), ...args], {
      cwd: repoRoot,
      env: { ...process.env, ...env },
    });
    return { status: 0, output: stdout };
  } catch (error) {
    return { status: error.code, output: `${error.stdout}${error.stderr}` };
  }
}

async function call(baseUrl, route, { token, method = 'GET', json, form } = {}) {
  const response = await fetch(`${baseUrl}/api${route}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(json ? { 'content-type': 'application/json' } : {}),
    },
    body: json ? JSON.stringify(json) : form,
  });
  const body = await response.json();
  if (!response.ok)
    throw new Error(`${method} /api${route} answered ${response.status}: ${JSON.stringify(body)}`);
  return body;
}

async function photoBytes(baseUrl, listing) {
  return Promise.all(
    listing.vehicle.images.map(async (image) => {
      const response = await fetch(new URL(image.url, baseUrl));
      if (!response.ok) throw new Error(`${image.url} answered ${response.status}`);
      return Buffer.from(await response.arrayBuffer()).toString('base64');
    }),
  );
}

/** What a client sees of the site: every listing with its photos' bytes, and the buyer's conversations. */
async function siteView(baseUrl, buyer) {
  const found = await call(baseUrl, '/search');
  const listings = await Promise.all(
    found.data.map(async ({ _id }) => {
      const { data } = await call(baseUrl, `/listings/${_id}`);
      // The view counter moves with every read; everything else must not.
      const { views: _views, ...listing } = data;
      return { listing, photos: await photoBytes(baseUrl, data) };
    }),
  );
  const conversations = await call(baseUrl, '/messages/conversations', { token: buyer.accessToken });
  const messages = await Promise.all(
    conversations.data.map(
      async ({ conversationId }) =>
        (await call(baseUrl, `/messages/conversations/${conversationId}`, { token: buyer.accessToken })).data,
    ),
  );
  return { listings, conversations: conversations.data, messages };
}

/** Fresh access tokens after a restore (the new data directory signs with a new key): the refresh path. */
async function refreshed(baseUrl, session) {
  const { data } = await call(baseUrl, '/auth/refresh', {
    method: 'POST',
    json: { refreshToken: session.refreshToken },
  });
  return { ...session, ...data.tokens };
}

// As the API's tests: on PostgreSQL when DATABASE_URL is set (`npm test` runs this file once more
// with it), else on the embedded database.
const kinds = process.env.DATABASE_URL
  ? [['PostgreSQL', process.env.DATABASE_URL]]
  : [['the embedded database', undefined]];

describe.each(kinds)('backup and restore of %s', (_kind, serverUrl) => {
  let workDir;
  let catcher;
  let mailbox;
  const databases = [];

  beforeAll(async () => {
    workDir = await mkdtemp(path.join(tmpdir(), 'carmarket-backup-'));
    catcher = await startSmtpCatcher({ mailDir: path.join(workDir, 'mail') });
    mailbox = new Mailbox(path.join(workDir, 'mail'));
  });

  afterAll(async () => {
    await catcher?.stop();
    for (const url of databases)
      await onPostgres(serverUrl, `drop database if exists "${new URL(url).pathname.slice(1)}" with (force)`);
    await rm(workDir, { recursive: true, force: true });
  });

  /** An empty data directory, with an empty PostgreSQL database of its own when testing PostgreSQL. */
  async function freshSite(name) {
    const dataDir = path.join(workDir, name);
    if (!serverUrl) return { dataDir, env: { DATA_DIR: dataDir, DATABASE_URL: undefined } };
    const url = withDatabase(serverUrl, `backup_${name}_${randomBytes(4).toString('hex')}`);
    await onPostgres(serverUrl, `create database "${new URL(url).pathname.slice(1)}"`);
    databases.push(url);
    return { dataDir, env: { DATA_DIR: dataDir, DATABASE_URL: url } };
  }

  const start = (site) =>
    startServer({
      dataDir: site.dataDir,
      staticRoot: path.join(workDir, 'static'),
      logFile: path.join(workDir, 'server.log'),
      env: {
        ...site.env,
        SMTP_URL: catcher.url,
        REDIS_URL: undefined,
        SEED_ON_START: 'false',
        HOST: '127.0.0.1',
        AUTH_CODE_RESEND_INTERVAL_MS: String(siteCodeResendIntervalMs),
      },
    });

  /** A fresh site (with `env` added) holding demo listings and their photos, and a server on it. */
  async function seededSite(name, listings, env = {}) {
    const fresh = await freshSite(name);
    const site = { ...fresh, env: { ...fresh.env, ...env } };
    // As `npm run seed` writes them, before the server opens the database.
    expect(
      await runNode('api/dist/seed/cli.js', ['--listings', String(listings), '--seed', '7'], site.env),
    ).toMatchObject({ status: 0 });
    return { site, server: await start(site) };
  }

  /** `npm run backup` of `site` into a folder `out` of the work directory: the backup's directory and manifest. */
  async function backUp(site, out) {
    const made = await runNode('scripts/backup.mjs', ['--out', path.join(workDir, out)], site.env);
    expect(made).toMatchObject({ status: 0 });
    const dir = /to (\S+)$/m.exec(made.output)[1];
    return { dir, manifest: JSON.parse(await readFile(path.join(dir, 'manifest.json'), 'utf8')) };
  }

  /** Restores `backupDir` into `target` and answers what `buyer` (session refreshed) sees on a server there. */
  async function restoredView(backupDir, target, buyer) {
    expect(await runNode('scripts/restore.mjs', [backupDir], target.env)).toMatchObject({ status: 0 });
    const restored = await start(target);
    try {
      return await siteView(restored.url, await refreshed(restored.url, buyer));
    } finally {
      await restored.stop();
    }
  }

  it(
    'restores listings, photo bytes and conversations into an empty site, and refuses what would lose data',
    async () => {
      await mkdir(path.join(workDir, 'static'));
      const { site: source, server } = await seededSite('source', 3);
      let before;
      let backupDir;
      let manifest;
      try {
        const buyer = await signUpViaApi({ baseURL: server.url, mailbox });
        const { data: found } = await call(server.url, '/search');
        for (const content of ['Is it still available?', 'Could I see it on Saturday?']) {
          await call(server.url, '/messages', {
            method: 'POST',
            token: buyer.accessToken,
            json: { recipientId: found[0].seller._id, listingId: found[0]._id, content },
          });
        }
        before = { buyer, view: await siteView(server.url, buyer) };
        expect(before.view.listings).toHaveLength(3);
        expect(before.view.listings.every(({ photos }) => photos.length >= 4)).toBe(true);
        expect(before.view.messages[0].map((message) => message.content)).toEqual([
          'Is it still available?',
          'Could I see it on Saturday?',
        ]);

        // While the server runs.
        ({ dir: backupDir, manifest } = await backUp(source, 'backups'));
      } finally {
        await server.stop();
      }
      expect(manifest).toMatchObject({
        database: { kind: serverUrl ? 'postgres' : 'pglite', migrations: { latest: expect.any(String) } },
        photos: { kind: 'local', files: expect.any(Number) },
      });
      expect(manifest.database.migrations.applied).toBeGreaterThan(0);

      const target = await freshSite('restored');
      expect(await restoredView(backupDir, target, before.buyer)).toEqual(before.view);

      // A second restore into the same site would overwrite it: refused, and the photos are untouched.
      const photosBefore = await readdir(path.join(target.dataDir, 'uploads'), { recursive: true });
      const again = await runNode('scripts/restore.mjs', [backupDir], target.env);
      expect(again.status).toBe(1);
      expect(again.output).toMatch(/not empty: restore into an empty one, or pass --force to replace it/);
      expect(await readdir(path.join(target.dataDir, 'uploads'), { recursive: true })).toEqual(photosBefore);
      expect(await runNode('scripts/restore.mjs', [backupDir, '--force'], target.env)).toMatchObject({
        status: 0,
      });

      // A backup from a newer version (a migration this code does not know) is refused.
      const newer = path.join(workDir, 'newer');
      await cp(backupDir, newer, { recursive: true });
      manifest.database.migrations = { applied: manifest.database.migrations.applied + 1, latest: null };
      await writeFile(path.join(newer, 'manifest.json'), JSON.stringify(manifest));
      const refused = await runNode('scripts/restore.mjs', [newer], (await freshSite('newer')).env);
      expect(refused.status).toBe(1);
      expect(refused.output).toMatch(/restore it with the version that made it/);
    },
    TIMEOUT_MS,
  );

  it(
    'copies the S3 photos the database names and puts them back into a bucket that lost them',
    async () => {
      await mkdir(path.join(workDir, 'static'), { recursive: true });
      const bucket = await startS3StandIn();
      try {
        const inBucket = (site) => ({ ...site, env: { ...site.env, ...bucket.env } });
        const { site: source, server } = await seededSite('s3-source', 2, bucket.env);
        let before;
        let backupDir;
        let manifest;
        try {
          const buyer = await signUpViaApi({ baseURL: server.url, mailbox });
          before = { buyer, view: await siteView(server.url, buyer) };
          const images = before.view.listings.flatMap(({ listing }) => listing.vehicle.images);
          expect(images.length).toBeGreaterThanOrEqual(8);
          expect(images.every((image) => image.url.startsWith(`${bucket.endpoint}/`))).toBe(true);
          ({ dir: backupDir, manifest } = await backUp(source, 's3-backups'));
        } finally {
          await server.stop();
        }
        expect(manifest.photos).toMatchObject({ kind: 's3', dir: 'photos', missing: [], elsewhere: [] });
        expect(manifest.photos.files).toBeGreaterThanOrEqual(8);

        // The bucket loses everything; a site restored without it configured is refused.
        bucket.objects.clear();
        const withoutBucket = await runNode(
          'scripts/restore.mjs',
          [backupDir],
          (await freshSite('s3-none')).env,
        );
        expect(withoutBucket.status).toBe(1);
        expect(withoutBucket.output).toMatch(/set S3_BUCKET .* to the bucket served there/);

        const target = inBucket(await freshSite('s3-restored'));
        expect(await restoredView(backupDir, target, before.buyer)).toEqual(before.view);
        expect(bucket.objects.size).toBe(manifest.photos.files);
      } finally {
        await bucket.stop();
      }
    },
    TIMEOUT_MS,
  );
});
