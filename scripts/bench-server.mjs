#!/usr/bin/env node
// npm run bench:server — the API under load, each figure beside a floor measured in the same minute.
//
// For each database (a throwaway PGlite on disk; a throwaway PostgreSQL database when DATABASE_URL is
// set or PostgreSQL answers on 127.0.0.1:5432): migrate, seed the listings of bench:search plus
// users paired by conversations, then
//   1. the listing page's statement through the raw driver, 10 at a time (the database's floor);
//   2. GET /api/listings/:id as a guest over 1,000 listings, 50 connections (wrk), then the pages a
//      guest opens rendered on the server (home, and /listing/:id over the same listings), between
//      two runs of a bare Fastify hello-world (the HTTP floor of one process on these cores), and
//      a photo's file from a folder of PHOTO_FOLDER_FILES files, as each of the 256 photo folders
//      holds at 100,000 listings;
//   3. --sockets users connecting at once (100 handshakes in flight, from a worker thread): wall
//      time, the API's CPU seconds, and the presence frames the clients received (each user has one
//      conversation partner); and messages sent meanwhile, 25 a second, timed to their recipient's
//      socket (p50, p90, p99), beside the same without the burst (after a second of them to warm
//      up), with the p99 delay of the timing thread's own event loop (what the timing itself adds).
//   4. 12 MP JPEG uploads, two at a time: photos processed/s (until none is 'processing') with no
//      other requests, beside sharp alone (the API's encoder in this process, two at a time); then
//      the same uploads while 10 connections read listings: uploads answered/s, photos processed/s,
//      and the reads' p99 beside their p99 with no uploads.
// wrk must be installed (Debian: apt-get install wrk); without it the HTTP rows are skipped.
// Options: --listings N (default 100000), --seconds S per load run (default 8), --sockets N
// (default 2000), --only pglite|postgres.
import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { Agent as HttpAgent, request as httpRequest } from 'node:http';
import { cpus, loadavg, tmpdir } from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { Worker } from 'node:worker_threads';
import { io as connectSocket } from 'socket.io-client';
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
    seconds: { type: 'string', default: '8' },
    sockets: { type: 'string', default: '2000' },
    only: { type: 'string' },
  },
});
const LISTINGS = Number(options.listings);
const LOAD_SECONDS = Number(options.seconds);
const SOCKET_USERS = Number(options.sockets);
const CONNECTIONS = 50;
const LISTING_IDS = 1000;
const HANDSHAKES_IN_FLIGHT = 100;
// Messages during the presence burst: 100 buyers take turns, 25 a second in all, so each sends one
// every 4 s (15 a minute, under the 20-a-minute limit).
const MESSAGE_SENDERS = 100;
const MESSAGE_INTERVAL_MS = 40;
const QUIET_DELIVERY_MS = 4000;
const WARM_UP_DELIVERY_MS = 1000;
const JWT_SECRET = randomBytes(32).toString('hex');
const METRICS_TOKEN = randomBytes(16).toString('hex');

const hasWrk = (() => {
  try {
    execFileSync('wrk', ['--version'], { stdio: 'ignore' });
    return true;
  } catch (error) {
    // wrk prints its version and exits 1; only a missing binary is ENOENT.
    return error.code !== 'ENOENT';
  }
})();

// ---- the floors ----------------------------------------------------------------------------
const HELLO_WORLD = `
  import Fastify from 'fastify';
  const app = Fastify();
  app.get('/', async () => ({ hello: 'world' }));
  await app.listen({ port: 0, host: '127.0.0.1' });
  console.log(app.server.address().port);`;

async function startHelloWorld() {
  const child = spawn(process.execPath, ['--input-type=module', '-e', HELLO_WORLD], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  // The port it listens on, as it prints it (one it chose: none probed free beforehand).
  const port = await new Promise((resolve, reject) => {
    child.stdout.once('data', (data) => resolve(Number.parseInt(String(data), 10)));
    child.once('exit', () => reject(new Error('the hello-world server exited')));
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  return {
    url: `http://127.0.0.1:${port}/`,
    stop: () => (child.kill('SIGTERM'), exited),
  };
}

/** One wrk run: requests per second and latency percentiles (wrk --latency). */
function wrk(url, script) {
  const args = [
    '-t1',
    `-c${CONNECTIONS}`,
    `-d${LOAD_SECONDS}s`,
    '--latency',
    ...(script ? ['-s', script] : []),
  ];
  return parseWrk(execFileSync('wrk', [...args, url], { encoding: 'utf8' }));
}

function parseWrk(output) {
  const latency = (percent) => {
    const match = output.match(new RegExp(`^\\s+${percent}%\\s+([\\d.]+)(us|ms|s)`, 'm'));
    if (!match) return NaN;
    return Number(match[1]) * { us: 0.001, ms: 1, s: 1000 }[match[2]];
  };
  const errors = output.match(/Non-2xx or 3xx responses: (\d+)/);
  return {
    rate: Number(output.match(/Requests\/sec:\s+([\d.]+)/)[1]),
    p50: latency(50),
    p99: latency(99),
    errors: errors ? Number(errors[1]) : 0,
  };
}

/** The listing page's statement, captured from the repository, run through the raw client. */
async function rawStatementRate(modules, driver, rawClient, listingIds) {
  const captured = [];
  const { drizzle } = await drizzleModule(driver === 'pglite' ? 'pglite' : 'node-postgres');
  const db = drizzle({ client: rawClient, logger: { logQuery: (query) => captured.push(query) } });
  await new modules.ListingsRepository(db).findForPage(listingIds[0], null);
  const text = captured[0];
  let done = 0;
  const deadline = performance.now() + LOAD_SECONDS * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: 10 }, async () => {
      while (performance.now() < deadline) {
        await rawClient.query(text, [null, listingIds[done % listingIds.length]]);
        done += 1;
      }
    }),
  );
  return done / ((performance.now() - started) / 1000);
}

// ---- presence ----------------------------------------------------------------------------
/** Users bench-presence-1…N, paired two by two by a conversation about one listing. */
async function seedPresenceUsers(database, sql, count) {
  await database.db.execute(
    sql.raw(`insert into users (email)
      select 'bench-presence-' || lpad(g::text, 6, '0') || '@example.com' from generate_series(1, ${count}) g`),
  );
  await database.db.execute(
    sql.raw(`with numbered as (
        select id, row_number() over (order by email) as n from users where email like 'bench-presence-%')
      insert into conversations (listing_id, listing_title, buyer_id, seller_id)
      select (select id from listings limit 1), 'Bench car', b.id, s.id
      from numbered b join numbered s on s.n = b.n + 1
      where b.n % 2 = 1`),
  );
  const { rows } = await database.db.execute(
    sql.raw(`select id from users where email like 'bench-presence-%' order by email`),
  );
  return rows.map((row) => row.id);
}

/** CPU seconds (user + system) the process has used so far, from /proc. */
async function cpuSeconds(pid) {
  const fields = (await readFile(`/proc/${pid}/stat`, 'utf8')).split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** Waits (2 min at most) until the process uses under a tenth of a core over half a second. */
async function settled(pid) {
  const deadline = performance.now() + 120_000;
  let before = await cpuSeconds(pid);
  while (performance.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    const now = await cpuSeconds(pid);
    if (now - before < 0.05) return;
    before = now;
  }
}

/**
 * Every token's socket connecting at once, in a worker thread (lib/socket-burst.mjs): resolves when
 * all are connected, with the seconds that took and a `close` that closes them and answers the
 * presence frames they received.
 */
function connectAll(base, tokens) {
  const worker = new Worker(new URL('./lib/socket-burst.mjs', import.meta.url), {
    workerData: { base, tokens, handshakes: HANDSHAKES_IN_FLIGHT },
  });
  const nextMessage = () =>
    new Promise((resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', reject);
    });
  return nextMessage().then(({ seconds }) => ({
    seconds,
    close: async () => {
      const closed = nextMessage();
      worker.postMessage('close');
      return (await closed).frames;
    },
  }));
}

/**
 * Messages sent over HTTP by `senders` (round robin, one every MESSAGE_INTERVAL_MS, within the
 * 20-a-minute limit of each) to a seller about their listing, until `done` settles; each one's time
 * from the request to the seller's socket receiving its `new-message` event.
 */
async function deliveryLatencies(server, chat, done) {
  const latencies = [];
  const sentAt = new Map();
  const onMessage = ({ message }) => {
    const started = sentAt.get(message.content);
    if (started !== undefined) latencies.push(performance.now() - started);
  };
  chat.sellerSocket.on('new-message', onMessage);
  let finished = false;
  void done.finally(() => (finished = true));
  const posts = [];
  while (!finished) {
    const sequence = chat.sequence++;
    const content = `Is the car still for sale? (bench ${sequence})`;
    sentAt.set(content, performance.now());
    posts.push(
      fetch(`${server.base}/api/messages`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${chat.senderTokens[sequence % chat.senderTokens.length]}`,
          'content-type': 'application/json',
        },
        body: JSON.stringify({ listingId: chat.listingId, recipientId: chat.sellerId, content }),
      }).then(async (response) => {
        if (!response.ok) throw new Error(`message refused: ${response.status} ${await response.text()}`);
      }),
    );
    await new Promise((resolve) => setTimeout(resolve, MESSAGE_INTERVAL_MS));
  }
  await Promise.all(posts);
  // The last events are on their way: wait for them, briefly.
  const deadline = performance.now() + 5000;
  while (latencies.length < posts.length && performance.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  chat.sellerSocket.off('new-message', onMessage);
  // With about a hundred messages a run, p99 is the slowest one or two: p50 and p90 show the rest.
  const [p50, p90, p99] = [50, 90, 99].map((p) => percentile(latencies, p));
  return { sent: posts.length, delivered: latencies.length, p50, p90, p99 };
}

async function presenceBurst(server, tokens, chat) {
  // Warm-up: the first message after the server settled took 35–40 ms where the next ones took at
  // most 18 (its statements prepared, its code compiled), and was the quiet run's p99 on its own.
  await deliveryLatencies(server, chat, new Promise((resolve) => setTimeout(resolve, WARM_UP_DELIVERY_MS)));
  const quietDelivery = await deliveryLatencies(
    server,
    chat,
    new Promise((resolve) => setTimeout(resolve, QUIET_DELIVERY_MS)),
  );
  const cpuBefore = await cpuSeconds(server.pid);
  const connecting = connectAll(server.base, tokens);
  const ownLoop = monitorEventLoopDelay({ resolution: 10 });
  ownLoop.enable();
  const burstDelivery = await deliveryLatencies(server, chat, connecting);
  ownLoop.disable();
  burstDelivery.ownLoopP99 = ownLoop.percentile(99) / 1e6;
  const burst = await connecting;
  // Let the last coalescing window go out before counting.
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const cpu = (await cpuSeconds(server.pid)) - cpuBefore;
  const frames = await burst.close();
  return { users: tokens.length, seconds: burst.seconds, cpu, frames, quietDelivery, burstDelivery };
}

/** The seller of `listing` with their socket open, and the buyers who will write to them about it. */
async function openChat(server, modules, listing, tokens) {
  const sellerSocket = connectSocket(server.base, {
    path: '/socket.io',
    transports: ['websocket'],
    auth: { token: await modules.accessTokens.sign(listing.sellerId) },
    reconnection: false,
  });
  await new Promise((resolve, reject) => {
    sellerSocket.once('connect', resolve);
    sellerSocket.once('connect_error', reject);
  });
  return {
    sellerSocket,
    sellerId: listing.sellerId,
    listingId: listing.listingId,
    senderTokens: tokens.slice(0, MESSAGE_SENDERS),
    sequence: 0,
  };
}

// ---- photos ------------------------------------------------------------------------------
const PHOTOS = 32;
/** Photos are kept in 256 folders, three files each: at 100,000 listings of four photos, this many a folder. */
const PHOTO_FOLDER_FILES = 4_700;

/**
 * Fills one photo folder of the server's data directory with PHOTO_FOLDER_FILES small files and
 * answers the URL of one of them, as a search card's thumbnail is asked for.
 */
async function fullPhotoFolder(server, dataDir) {
  const folder = path.join(dataDir, 'uploads', 'photos', 'zz');
  await mkdir(folder, { recursive: true });
  const thumbnail = randomBytes(2048);
  const names = Array.from(
    { length: PHOTO_FOLDER_FILES },
    (_, index) => `zz${randomBytes(15).toString('hex')}-${index}-thumb.webp`,
  );
  for (let start = 0; start < names.length; start += 200) {
    await Promise.all(
      names.slice(start, start + 200).map((name) => writeFile(path.join(folder, name), thumbnail)),
    );
  }
  return `${server.base}/uploads/photos/zz/${names[PHOTO_FOLDER_FILES / 2]}`;
}

/** A 12 MP JPEG with camera-like grain (about 3.5 MB). */
async function twelveMegapixelPhoto(sharp) {
  const [width, height] = [4000, 3000];
  const noise = (sigma) => ({
    create: { width, height, channels: 3, noise: { type: 'gaussian', mean: 128, sigma } },
  });
  const scene = await sharp(noise(40)).blur(6).raw().toBuffer();
  const grain = await sharp(noise(25)).raw().toBuffer();
  return sharp(scene, { raw: { width, height, channels: 3 } })
    .composite([{ input: grain, raw: { width, height, channels: 3 }, blend: 'overlay' }])
    .jpeg({ quality: 90 })
    .toBuffer();
}

/** `count` tasks, `parallel` at a time: tasks per second. */
async function rate(count, parallel, task) {
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      while (next < count) await task(next++);
    }),
  );
  return count / ((performance.now() - started) / 1000);
}

/** Listing reads with 10 connections in the background while `work` runs: their p99. */
async function readsDuring(server, script, work) {
  const reads = new Promise((resolve, reject) => {
    const child = spawn('wrk', ['-t1', '-c10', `-d${LOAD_SECONDS}s`, '--latency', '-s', script, server.base]);
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.once('exit', () => resolve(parseWrk(output)));
    child.once('error', reject);
  });
  const result = await work();
  return { result, reads: await reads };
}

/**
 * The request body of an upload of `photo` (multipart, the API's field), built once: a FormData sent
 * through fetch cost the benchmark's own process about 30 ms of CPU an upload on the cores the API
 * and its encoders share, where one prepared buffer costs a few.
 */
function uploadBody(photo) {
  const boundary = `bench-${randomBytes(12).toString('hex')}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="images"; filename="car.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`;
  return {
    contentType: `multipart/form-data; boundary=${boundary}`,
    body: Buffer.concat([Buffer.from(head), photo, Buffer.from(`\r\n--${boundary}--\r\n`)]),
  };
}

/** POSTs `body` and resolves with the answer's status and text. */
function post(url, headers, body, agent) {
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      url,
      { method: 'POST', agent, headers: { ...headers, 'content-length': body.length } },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk) => (text += chunk));
        response.on('end', () => resolve({ status: response.statusCode, text }));
      },
    );
    request.once('error', reject);
    request.end(body);
  });
}

/** The server's count of photos whose files were made (its metrics' carmarket_photos_processed_total). */
async function photosProcessed(server) {
  const response = await fetch(`${server.base}/metrics`, {
    headers: { authorization: `Bearer ${METRICS_TOKEN}` },
  });
  if (!response.ok) throw new Error(`GET /metrics: ${response.status}`);
  const line = (await response.text()).match(/^carmarket_photos_processed_total (\d+)/m);
  if (!line) throw new Error('GET /metrics has no carmarket_photos_processed_total');
  return Number(line[1]);
}

async function photoUploads(server, script, modules, photo, targets) {
  // The encoder's own function on the photo kept in a file, as the API's encoders read it.
  const file = path.join(await mkdtemp(path.join(tmpdir(), 'carmarket-photo-')), 'original');
  await writeFile(file, photo);
  const alone = await rate(PHOTOS, modules.photoEncoders, () => modules.encodeUploadedPhoto(file));
  await rm(path.dirname(file), { recursive: true, force: true });
  const { body, contentType } = uploadBody(photo);
  const uploads = await Promise.all(
    targets.map(async ({ listingId, sellerId }) => ({
      url: `${server.base}/api/upload/listing/${listingId}`,
      headers: {
        authorization: `Bearer ${await modules.accessTokens.sign(sellerId)}`,
        'content-type': contentType,
      },
    })),
  );
  const agent = new HttpAgent({ keepAlive: true });
  const upload = async (index) => {
    const { url, headers } = uploads[index % uploads.length];
    const { status, text } = await post(url, headers, body, agent);
    if (status < 200 || status >= 300) throw new Error(`upload: ${status} ${text}`);
  };
  // Uploads are answered before their photos are encoded: they are done once the server has counted
  // them processed. Its metrics are one request a look, where reading each listing for photos still
  // 'processing' every 50 ms took about a tenth of the API's and the benchmark's CPU an upload.
  const processedBy = async (count) => {
    while ((await photosProcessed(server)) < count) await new Promise((resolve) => setTimeout(resolve, 50));
  };
  const uploadAll = async () => {
    const done = (await photosProcessed(server)) + PHOTOS;
    const started = performance.now();
    const answered = await rate(PHOTOS, 2, upload);
    await processedBy(done);
    return { answered, processed: PHOTOS / ((performance.now() - started) / 1000) };
  };
  // Warm up: the API starts an encoder process for each photo it encodes at once, on first use (as
  // the listing reads' first run warms their statements), so one photo per process goes at once to
  // start them all: with one photo the second process started inside the timed run. The rates below
  // are the steady ones.
  const warmedUp = (await photosProcessed(server)) + modules.photoEncoders;
  await Promise.all(Array.from({ length: modules.photoEncoders }, (_, index) => upload(index)));
  await processedBy(warmedUp);
  // The same uploads with no reads running: what the API's encoders do when the cores are theirs.
  const alonePerApi = await uploadAll();
  const quiet = await readsDuring(server, script, async () => undefined);
  const busy = await readsDuring(server, script, uploadAll);
  agent.destroy();
  return {
    alone,
    apiAlone: alonePerApi,
    api: busy.result,
    readsQuiet: quiet.reads,
    readsDuringUploads: busy.reads,
  };
}

// ---- one database -------------------------------------------------------------------------
async function benchDatabase(label, databaseConfig, serverEnv, modules) {
  console.log(`\n## ${label}: seeding ${LISTINGS.toLocaleString('en-US')} listings`);
  const database = await modules.openDatabase(databaseConfig);
  await database.migrate();
  await seedListings(database, LISTINGS);
  const userIds = await seedPresenceUsers(database, modules.sql, SOCKET_USERS);
  const { rows } = await database.db.execute(
    modules.sql.raw(`select id from listings where status = 'active' order by random() limit ${LISTING_IDS}`),
  );
  const listingIds = rows.map((row) => row.id);
  // The photos go to listings of different sellers, each uploaded by its own seller: a listing
  // takes 20 photos, and each of these gets one in the warm-up and one in each timed run.
  const { rows: owned } = await database.db.execute(
    modules.sql.raw(`select id, seller_id from listings where status = 'active' order by id limit ${PHOTOS}`),
  );
  const photoTargets = owned.map((row) => ({ listingId: row.id, sellerId: row.seller_id }));
  await database.close();

  const rawClient =
    databaseConfig.driver === 'pglite'
      ? new modules.PGlite({ dataDir: databaseConfig.dataDir, extensions: modules.pgliteExtensions })
      : new modules.pg.Pool({ connectionString: databaseConfig.url, max: 10 });
  const rawRate = await rawStatementRate(modules, databaseConfig.driver, rawClient, listingIds);
  await (databaseConfig.driver === 'pglite' ? rawClient.close() : rawClient.end());

  const server = await startServer({ ...serverEnv, JWT_SECRET, METRICS_TOKEN });
  // Once listening, the server reads its search index (the first search waits for it) and rates
  // every car in the background: the figures are taken once it has settled.
  await fetch(`${server.base}/api/search`);
  await settled(server.pid);
  const result = { label, rawRate };
  try {
    if (hasWrk) {
      const scripts = await mkdtemp(path.join(tmpdir(), 'carmarket-wrk-'));
      // Requests for `prefix` + each of the 1,000 listings in turn, as a browser asks (compressed).
      const listingsScript = async (name, prefix) => {
        const file = path.join(scripts, name);
        await writeFile(
          file,
          `local ids = { ${listingIds.map((id) => `"${id}"`).join(', ')} }
local n = 0
request = function()
  n = n + 1
  return wrk.format("GET", "${prefix}" .. ids[(n % #ids) + 1], { ["Accept-Encoding"] = "gzip, br" })
end
`,
        );
        return file;
      };
      const script = await listingsScript('listings.lua', '/api/listings/');
      const compressed = path.join(scripts, 'compressed.lua');
      await writeFile(compressed, 'wrk.headers["Accept-Encoding"] = "gzip, br"\n');
      const hello = await startHelloWorld();
      try {
        const floorBefore = await wrk(hello.url);
        // Warm up: the statement is prepared on each pooled connection, the JIT settles, the guests'
        // pages are kept; right before the run, or they end (5 s) while the floor runs, and the run
        // measures 1,000 pages read from the database at once (p99 about 28 ms, not the steady state).
        await wrk(server.base, script);
        const listing = await wrk(server.base, script);
        // Pages rendered on the server, kept for the guest staleness (PAGE_GUEST_STALENESS_MS): the
        // home page, the same for everyone, and the listings' pages, each asked for about once every
        // 1,000 requests. Each run after a warm-up, as the listing reads.
        await wrk(`${server.base}/`, compressed);
        result.homePage = await wrk(`${server.base}/`, compressed);
        const listingPages = await listingsScript('listing-pages.lua', '/listing/');
        await wrk(server.base, listingPages);
        result.listingPages = await wrk(server.base, listingPages);
        result.photoFile = await wrk(await fullPhotoFolder(server, serverEnv.DATA_DIR));
        const floorAfter = await wrk(hello.url);
        result.listing = listing;
        result.floor = {
          rate: (floorBefore.rate + floorAfter.rate) / 2,
          p99: Math.max(floorBefore.p99, floorAfter.p99),
        };
        await hello.stop();
        result.photos = await photoUploads(server, script, modules, modules.photo, photoTargets);
      } finally {
        await hello.stop();
        await rm(scripts, { recursive: true, force: true });
      }
    }
    const tokens = await Promise.all(userIds.map((id) => modules.accessTokens.sign(id)));
    const chat = await openChat(server, modules, photoTargets[0], tokens);
    try {
      result.presence = await presenceBurst(server, tokens, chat);
    } finally {
      chat.sellerSocket.close();
    }
  } finally {
    await server.stop();
  }
  return result;
}

const number = (value) => Math.round(value).toLocaleString('en-US');
const ms = (value) => `${value.toFixed(1)} ms`;

function report(results) {
  const lines = [
    `${new Date().toISOString().slice(0, 10)}, ${cpus().length} cores (${cpus()[0]?.model ?? 'unknown'}), load average at the end ${loadavg()[0].toFixed(1)}; ${LISTINGS.toLocaleString('en-US')} listings; wrk: 1 thread, ${CONNECTIONS} connections, ${LOAD_SECONDS} s a run, on the same cores as the server.`,
    '',
    '| database | what | rate | p50 | p99 | floor in the same minute | share of the floor |',
    '|---|---|---:|---:|---:|---|---:|',
  ];
  for (const result of results) {
    if (result.listing) {
      lines.push(
        `| ${result.label} | GET /api/listings/:id, guest | ${number(result.listing.rate)}/s | ${ms(result.listing.p50)} | ${ms(result.listing.p99)} | hello-world ${number(result.floor.rate)}/s, p99 ${ms(result.floor.p99)} | ${((100 * result.listing.rate) / result.floor.rate).toFixed(1)} % |`,
      );
      lines.push(
        `| ${result.label} | the same | | | | its statement through the raw driver, 10 at a time: ${number(result.rawRate)}/s | ${((100 * result.listing.rate) / result.rawRate).toFixed(0)} % |`,
      );
      for (const [what, run] of [
        ['GET / (home, rendered on the server), guest', result.homePage],
        ['GET /listing/:id (rendered on the server), guest', result.listingPages],
        [`a photo's file (/uploads/…) in a folder of ${number(PHOTO_FOLDER_FILES)}`, result.photoFile],
      ]) {
        lines.push(
          `| ${result.label} | ${what}${run.errors ? ` (${number(run.errors)} answers not 2xx)` : ''} | ${number(run.rate)}/s | ${ms(run.p50)} | ${ms(run.p99)} | hello-world ${number(result.floor.rate)}/s | ${((100 * run.rate) / result.floor.rate).toFixed(1)} % |`,
        );
      }
    } else {
      lines.push(
        `| ${result.label} | listing page statement, raw driver | ${number(result.rawRate)}/s | | | (wrk not installed) | |`,
      );
    }
    if (result.photos) {
      const { alone, apiAlone, api, readsQuiet, readsDuringUploads } = result.photos;
      lines.push(
        `| ${result.label} | 12 MP photo uploads, 2 at a time, no other requests: processed | ${apiAlone.processed.toFixed(1)}/s | | | sharp alone, 2 at a time: ${alone.toFixed(1)}/s | ${((100 * apiAlone.processed) / alone).toFixed(0)} % |`,
        `| ${result.label} | the same while 10 connections read listings: answered | ${api.answered.toFixed(1)}/s | | | | |`,
        `| ${result.label} | the same: processed (display, medium and thumbnail made) | ${api.processed.toFixed(1)}/s | | | sharp alone, 2 at a time: ${alone.toFixed(1)}/s | ${((100 * api.processed) / alone).toFixed(0)} % |`,
        `| ${result.label} | listing reads (10 connections) meanwhile | ${number(readsDuringUploads.rate)}/s | ${ms(readsDuringUploads.p50)} | ${ms(readsDuringUploads.p99)} | with no uploads: ${number(readsQuiet.rate)}/s, p99 ${ms(readsQuiet.p99)} | |`,
      );
    }
    const { users, seconds, cpu, frames, quietDelivery, burstDelivery } = result.presence;
    lines.push(
      `| ${result.label} | ${number(users)} users connecting, 100 at a time | ${seconds.toFixed(1)} s | | | API CPU ${cpu.toFixed(1)} s; ${number(frames)} presence frames (${(frames / users).toFixed(2)} a user; announcing to everyone: ${number((users * (users - 1)) / 2)}) | |`,
      `| ${result.label} | message delivery (HTTP send → recipient's socket) during that burst, ${burstDelivery.delivered}/${burstDelivery.sent} delivered, p90 ${ms(burstDelivery.p90)} | | ${ms(burstDelivery.p50)} | ${ms(burstDelivery.p99)} | the timing thread's own event-loop delay meanwhile: p99 ${ms(burstDelivery.ownLoopP99)}; with no burst: p50 ${ms(quietDelivery.p50)}, p90 ${ms(quietDelivery.p90)}, p99 ${ms(quietDelivery.p99)}, ${quietDelivery.delivered}/${quietDelivery.sent} delivered | |`,
    );
  }
  return lines.join('\n');
}

async function main() {
  await buildApi();
  const api = (file) => import(path.join(root, 'api/dist', file));
  const [
    { openDatabase },
    listings,
    tokens,
    photoFiles,
    encoderPool,
    drizzle,
    pglite,
    trgm,
    cube,
    earth,
    pg,
    sharp,
  ] = await Promise.all([
    api('db/client.js'),
    api('modules/listings/listings.repository.js'),
    api('modules/auth/tokens.js'),
    api('modules/uploads/photo-files.js'),
    api('modules/uploads/photo-encoder-pool.js'),
    drizzleModule(''),
    import('@electric-sql/pglite'),
    import('@electric-sql/pglite/contrib/pg_trgm'),
    import('@electric-sql/pglite/contrib/cube'),
    import('@electric-sql/pglite/contrib/earthdistance'),
    import('pg'),
    import('sharp'),
  ]);
  const modules = {
    openDatabase,
    sql: drizzle.sql,
    ListingsRepository: listings.ListingsRepository,
    accessTokens: tokens.createAccessTokens(JWT_SECRET),
    PGlite: pglite.PGlite,
    pgliteExtensions: { pg_trgm: trgm.pg_trgm, cube: cube.cube, earthdistance: earth.earthdistance },
    pg: pg.default,
    sharp: sharp.default,
    encodeUploadedPhoto: photoFiles.encodeUploadedPhoto,
    photoEncoders: encoderPool.PHOTO_ENCODERS,
    photo: await twelveMegapixelPhoto(sharp.default),
  };
  if (!hasWrk) console.log('wrk is not installed: the HTTP rows are skipped (Debian: apt-get install wrk).');

  const results = await onEachDatabase(options.only, (label, databaseConfig, serverEnv) =>
    benchDatabase(label, databaseConfig, serverEnv, modules),
  );
  console.log(`\n${report(results)}`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
