#!/usr/bin/env node
// npm run chaos — faults done for real on this machine, against the built server (`api/dist`) in its
// own processes on loopback; the figures go into docs/reliability.md (between its results markers).
//
//   database      PostgreSQL (DATABASE_URL, else 127.0.0.1:5432), a throwaway database reached through a
//                 TCP relay. Mixed load (searches, listing pages, favorites, messages); every 2 s every
//                 connection of the API is terminated (pg_terminate_backend); once, mid-run, the relay
//                 is cut for 5 s (PostgreSQL unreachable, as during its restart). Expected: no 500, each
//                 refusal a 503 with Retry-After in the envelope, every message acknowledged stored once
//                 (clients resend refused ones with the same clientMessageId), normal within 5 s.
//   pg-restart    A PostgreSQL server of its own (initdb and pg_ctl of the Debian packages, skipped
//                 without them) in a temporary directory; the same mixed load; a third of the way in
//                 the server is restarted (fast shutdown, 3 s down, started again). Expected: no crash,
//                 no 500, each refusal a 503 with Retry-After, every message acknowledged stored once,
//                 /api/ready 200 within 5 s of the server being back.
//   kill          PGlite on disk. Writers send messages; the server process is killed (SIGKILL) every few
//                 seconds and started again on the same data directory. Expected: it starts every time,
//                 and every message acknowledged before a kill is there, once.
//   redis         A redis-server of its own and two API processes on PostgreSQL. A socket on the first,
//                 messages sent through the second; Redis is restarted mid-run. Expected: live events
//                 resume without restarting the API; how long they were missing.
//   cluster-kill  Two API processes on PostgreSQL and Redis behind a TCP balancer; pairs of chat clients
//                 (real sockets, spread over both) write to each other; one process is killed (SIGKILL)
//                 a third of the way in and started again. Clients reconnect and catch up as the site's
//                 client does. Expected: every acknowledged message stored once, delivered to its
//                 recipient once and in order; unread counts and presence converge.
//   uploads       Photo uploads through the API on PostgreSQL behind the relay: the relay is cut for 5 s,
//                 later the server is killed and started again. Expected: refusals are 503 in the
//                 envelope; no photo row without its files; no file or kept original without a row
//                 once the orphan sweep has run (after the kill too); no photo processed without its
//                 original.
//   load          One API process on PostgreSQL, --load-users virtual users (default 200) for
//                 --load-seconds (default 300): searches, listing pages, favorites, sign-ins with the
//                 code from real mail, messages delivered over their sockets. Goals: error rate < 0.1 %,
//                 listing reads p99 <= 100 ms, event-loop delay p99 <= 50 ms, memory flat.
//
// Options: --seconds S (load per fault scenario, default 30), --clients N (default 50),
//          --load-seconds S and --load-users N (the load scenario), --only name[,name…],
//          --no-write (print the figures, leave docs/reliability.md alone).
// Bounded: every scenario stops at its deadline; a run of all takes about 5 × S + the load run + start-ups.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { connect, createServer } from 'node:net';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import {
  SOCKET_PATH,
  SOCKET_RECONNECTION_ATTEMPTS,
  SOCKET_RECONNECTION_DELAY_MS,
} from '@carmarket/shared/constants';
import { tsImport } from 'tsx/esm/api';
import { drizzleModule, onPostgres, postgresUrl, withDatabase } from './lib/bench-setup.mjs';
import { freePort } from './lib/listening-port.mjs';
import { buildStale, repoRoot } from './lib/build.mjs';
import { percentile } from './lib/percentile.mjs';
import { uniqueEmail } from './lib/session.mjs';
import { postgresBinDir, startPrivatePostgres } from './lib/private-postgres.mjs';
import { serverEntry, serverEnvironment, serverNodeOptions } from './lib/server.mjs';
import { Mailbox, startSmtpCatcher } from './lib/smtp-catcher.mjs';

const { values: options } = parseArgs({
  options: {
    seconds: { type: 'string', default: '30' },
    clients: { type: 'string', default: '50' },
    'load-seconds': { type: 'string', default: '300' },
    'load-users': { type: 'string', default: '200' },
    only: { type: 'string' },
    'no-write': { type: 'boolean', default: false },
  },
});
const LOAD_MS = Number(options.seconds) * 1000;
const CLIENTS = Number(options.clients);
const LOAD_RUN_MS = Number(options['load-seconds']) * 1000;
const LOAD_USERS = Number(options['load-users']);
const POSTGRES_URL = await postgresUrl();
const JWT_SECRET = randomBytes(32).toString('hex');
const REQUEST_TIMEOUT_MS = 10_000;
const RECOVERY_TARGET_MS = 5000;

const api = (file) => import(path.join(repoRoot, 'api/dist', file));
// The API tests' TCP relay (cut and restore a real network path), from its TypeScript source.
const { startTcpProxy } = await tsImport('../api/src/test/tcp-proxy.ts', import.meta.url);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

// ---------------------------------------------------------------------------------------------
// Processes and plumbing

/**
 * The built server as `npm start` runs it; resolves once it answers /api/health. Unlike the
 * benchmarks' startServer it can come back on the same port (a restart after SIGKILL) and keeps
 * the server's output for the report.
 */
async function startApi({ port, dataDir, env, log = [] }) {
  port ??= await freePort();
  const child = spawn(process.execPath, [...serverNodeOptions, serverEntry], {
    cwd: repoRoot,
    env: {
      ...serverEnvironment,
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      STATIC_ROOT: path.join(dataDir, 'no-site'),
      JWT_SECRET,
      SEED_ON_START: 'false',
      GEOCODER_URL: '',
      LOG_LEVEL: 'warn',
      RATE_LIMIT_MAX: '100000000',
      SAVED_SEARCH_ALERT_INTERVAL_MS: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // Read always: a full pipe would block the server.
  for (const stream of [child.stdout, child.stderr]) stream.on('data', (chunk) => log.push(String(chunk)));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) break;
    const up = await fetch(`${url}/api/health`).then(
      (res) => res.ok,
      () => false,
    );
    if (up) return { url, port, child };
    await sleep(100);
  }
  child.kill('SIGKILL');
  throw new Error(`the API did not start:\n${log.join('').slice(-3000)}`);
}

function stopApi({ child }, signal = 'SIGTERM') {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill(signal);
  return exited;
}

/**
 * A database of the scenario's own on the PostgreSQL server, dropped by `drop()`; with `relay`, also
 * its URL through a TCP relay the scenario can cut and restore.
 */
async function throwawayDatabase({ relay: withRelay = false } = {}) {
  const name = `carmarket_chaos_${randomBytes(5).toString('hex')}`;
  await onPostgres(POSTGRES_URL, `create database ${name}`);
  const url = withDatabase(POSTGRES_URL, name);
  const database = {
    name,
    url,
    async drop() {
      await database.relay?.cut();
      await onPostgres(POSTGRES_URL, `drop database if exists ${name} with (force)`);
    },
  };
  if (withRelay) {
    const target = new URL(POSTGRES_URL);
    database.relay = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
    database.throughRelay = Object.assign(new URL(url), {
      host: `127.0.0.1:${database.relay.port}`,
    }).toString();
  }
  return database;
}

/**
 * Migrates the database, adds demo listings (with their photos) and buyers, and returns what the
 * clients need: listings with their sellers, and buyers with access tokens. With `sellers`, that
 * many of the listings each get a seller of their own, with a token (the demo sellers own many
 * listings each, and one person only sends so many messages a minute).
 */
async function prepareData(
  databaseConfig,
  dataDir,
  { buyers: buyerCount = CLIENTS, sellers = 0, listings: listingCount = 60 } = {},
) {
  const [{ openDatabase }, { seedDemoData }, { createStorage }, { UsersRepository }, { createAccessTokens }] =
    await Promise.all([
      api('db/client.js'),
      api('seed/seed.js'),
      api('storage/storage.js'),
      api('modules/users/users.repository.js'),
      api('modules/auth/tokens.js'),
    ]);
  const database = await openDatabase(databaseConfig);
  try {
    await database.migrate();
    await seedDemoData(database.db, createStorage({ uploadDir: path.join(dataDir, 'uploads') }), {
      listings: listingCount,
      seed: 14,
    });
    const users = new UsersRepository(database.db);
    const tokens = createAccessTokens(JWT_SECRET);
    const buyers = [];
    for (let i = 0; i < buyerCount; i++) {
      const row = await users.upsertVerified(`chaos-buyer-${i}@example.com`);
      buyers.push({ id: row.id, token: await tokens.sign(row.id) });
    }
    // Old enough accounts: the first-day limit on new conversations is not what is tested here.
    await database.db.execute(
      (await drizzleSql())`update users set created_at = now() - interval '30 days' where email like 'chaos-buyer-%'`,
    );
    const listings = (
      await database.db.execute(
        (await drizzleSql())`select id, seller_id from listings where status = 'active' order by id limit ${Math.max(40, listingCount / 2)}`,
      )
    ).rows.map((row) => ({ id: row.id, sellerId: row.seller_id }));
    const sql = await drizzleSql();
    for (const [i, listing] of listings.slice(0, sellers).entries()) {
      const seller = await users.upsertVerified(`chaos-seller-${i}@example.com`);
      await database.db.execute(sql`update listings set seller_id = ${seller.id} where id = ${listing.id}`);
      Object.assign(listing, { sellerId: seller.id, sellerToken: await tokens.sign(seller.id) });
    }
    return { buyers, listings };
  } finally {
    await database.close();
  }
}

const drizzleSql = async () => (await drizzleModule('.')).sql;

// ---------------------------------------------------------------------------------------------
// Load

const percentileMs = (values, p) => (values.length > 0 ? Math.round(percentile(values, p)) : undefined);

/** Tallies of every answer: status counts, failures that break the contract, latencies by kind. */
function newTally() {
  return { statuses: {}, broken: [], latencies: { read: [], write: [] }, networkErrors: 0, requests: 0 };
}

/**
 * fetch and its body within REQUEST_TIMEOUT_MS. The abort signal alone did not do: in a run of the
 * load scenario one fetch never settled, long after its signal fired, and held the run for good.
 */
async function fetchText(url, init = {}) {
  let timer;
  const limit = new Promise((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`no answer within ${REQUEST_TIMEOUT_MS} ms`)),
      REQUEST_TIMEOUT_MS,
    );
  });
  try {
    return await Promise.race([
      limit,
      fetch(url, { ...init, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) }).then(async (res) => ({
        res,
        text: await res.text(),
      })),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/** One request; `form` sends multipart (photo uploads), `kind` names the latency list it counts in. */
async function call(tally, baseUrl, { method = 'GET', url, token, json, form, kind = 'read' }) {
  const started = performance.now();
  tally.requests++;
  let res;
  let text;
  try {
    ({ res, text } = await fetchText(baseUrl() + url, {
      method,
      headers: {
        ...(json ? { 'content-type': 'application/json' } : {}),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: form ?? (json ? JSON.stringify(json) : undefined),
    }));
  } catch {
    tally.networkErrors++;
    return { status: 0 };
  }
  (tally.latencies[kind] ??= []).push(performance.now() - started);
  tally.statuses[res.status] = (tally.statuses[res.status] ?? 0) + 1;
  let body;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  if (res.status >= 400) {
    const envelope =
      body?.success === false && typeof body.code === 'string' && typeof body.error === 'string';
    const problem = !envelope
      ? 'not the envelope'
      : res.status === 503 && !res.headers.get('retry-after')
        ? '503 without Retry-After'
        : res.status >= 500 && res.status !== 503
          ? 'server error'
          : undefined;
    if (problem) tally.broken.push(`${method} ${url} → ${res.status} (${problem}) ${text.slice(0, 120)}`);
  }
  return { status: res.status, body, retryAfter: Number(res.headers.get('retry-after') ?? 0) };
}

const SEARCHES = ['', '?make=Toyota', '?bodyType=suv&sort=price_asc', '?q=civic', '?maxPrice=15000&page=2'];

/**
 * One virtual user until `deadline`: mostly reads, some favorites, some messages. A message the
 * server refused (503, or no answer) is sent again with the same clientMessageId until it is
 * acknowledged, as the site's client does; `sent` records every acknowledged one.
 */
async function virtualUser({ tally, baseUrl, buyer, listings, deadline, sent }) {
  let n = 0;
  while (Date.now() < deadline) {
    n++;
    const listing = listings[(n * 7 + buyer.index) % listings.length];
    const roll = (n * 37 + buyer.index * 11) % 100;
    if (roll < 45) await call(tally, baseUrl, { url: `/api/search${SEARCHES[n % SEARCHES.length]}` });
    else if (roll < 80) await call(tally, baseUrl, { url: `/api/listings/${listing.id}` });
    else if (roll < 90) {
      await call(tally, baseUrl, {
        method: 'POST',
        url: `/api/listings/${listing.id}/favorite`,
        token: buyer.token,
        kind: 'write',
      });
    } else {
      // Few conversations per buyer (the per-day limit of new ones), many messages in them.
      const about = listings[buyer.index % listings.length];
      const clientMessageId = randomUUID();
      const payload = {
        listingId: about.id,
        recipientId: about.sellerId,
        content: `Is it still available? (${clientMessageId.slice(0, 8)})`,
        clientMessageId,
      };
      for (let attempt = 0; attempt < 20; attempt++) {
        const res = await call(tally, baseUrl, {
          method: 'POST',
          url: '/api/messages',
          token: buyer.token,
          json: payload,
          kind: 'write',
        });
        if (res.status === 201 || res.status === 200) {
          sent.push({ senderId: buyer.id, clientMessageId, id: res.body.data._id });
          break;
        }
        if (res.status !== 0 && res.status !== 503) break;
        await sleep(Math.min((res.retryAfter || 0.2) * 1000, 1000));
      }
    }
  }
}

function summarise(tally) {
  const total = Object.values(tally.statuses).reduce((a, b) => a + b, 0);
  return {
    requests: tally.requests,
    answered: total,
    noAnswer: tally.networkErrors,
    statuses: tally.statuses,
    status500: Object.entries(tally.statuses)
      .filter(([status]) => Number(status) >= 500 && Number(status) !== 503)
      .reduce((sum, [, count]) => sum + count, 0),
    broken: tally.broken.slice(0, 5),
    brokenCount: tally.broken.length,
    // Undefined (left out of the report) where a scenario made no such requests.
    readP50: percentileMs(tally.latencies.read, 50),
    readP99: percentileMs(tally.latencies.read, 99),
    writeP99: percentileMs(tally.latencies.write, 99),
  };
}

/** Messages stored per (sender, clientMessageId) among those acknowledged: each must be exactly 1. */
async function countStored(query, sent) {
  const rows = await query(
    `select sender_id, client_message_id, count(*)::int as n from messages
     where client_message_id = any($1) group by sender_id, client_message_id`,
    [sent.map((message) => message.clientMessageId)],
  );
  const stored = new Map(rows.map((row) => [`${row.sender_id}/${row.client_message_id}`, row.n]));
  const missing = sent.filter((m) => !stored.has(`${m.senderId}/${m.clientMessageId}`)).length;
  const duplicated = rows.filter((row) => row.n > 1).length;
  return { acknowledged: sent.length, missing, duplicated };
}

/** Error-level lines in a server's log. */
const errorLines = (log) =>
  log
    .join('')
    .split('\n')
    .filter((line) => /"level":50/.test(line));

/** The count of those, and the first of them (its message) for the report. */
const serverErrors = (log) => {
  const lines = errorLines(log);
  return { serverErrorsLogged: lines.length, firstServerError: lines[0]?.slice(0, 300) };
};

/** Polls /api/ready until it answers 200; the time that took. */
async function timeToReady(baseUrl, limitMs = 30_000) {
  const started = Date.now();
  while (Date.now() - started < limitMs) {
    const ok = await fetch(`${baseUrl}/api/ready`, { signal: AbortSignal.timeout(3000) }).then(
      (res) => res.ok,
      () => false,
    );
    if (ok) return Date.now() - started;
    await sleep(50);
  }
  return Infinity;
}

// ---------------------------------------------------------------------------------------------
// Scenarios

/** A redis-server of the script's own on a free port, without persistence; start() again after a kill. */
async function ownRedis() {
  const port = await freePort();
  const dir = await mkdtemp(path.join(tmpdir(), 'carmarket-chaos-redis-'));
  const redis = {
    url: `redis://127.0.0.1:${port}`,
    start() {
      redis.process = spawn(
        'redis-server',
        ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--dir', dir],
        { stdio: 'ignore' },
      );
    },
    async kill() {
      const exited = new Promise((resolve) => redis.process.once('exit', resolve));
      redis.process.kill('SIGKILL');
      await exited;
    },
    async close() {
      redis.process.kill('SIGKILL');
      await rm(dir, { recursive: true, force: true });
    },
  };
  redis.start();
  return redis;
}

const hasRedisServer = () => spawnSync('redis-server', ['--version']).status === 0;

/**
 * A TCP balancer on one port in front of API processes, as a load balancer is: each new connection
 * goes to the next process in turn, or to another one when that one refuses (it is down).
 */
async function startBalancer(ports) {
  const open = new Set();
  let next = 0;
  const server = createServer((client) => {
    client.on('error', () => client.destroy());
    const attempt = (triesLeft) => {
      const upstream = connect(ports[next++ % ports.length], '127.0.0.1');
      const refused = () => (triesLeft > 1 ? attempt(triesLeft - 1) : client.destroy());
      upstream.once('error', refused);
      upstream.once('connect', () => {
        upstream.off('error', refused);
        for (const [from, to] of [
          [client, upstream],
          [upstream, client],
        ]) {
          open.add(from);
          from.on('error', () => to.destroy());
          from.on('close', () => {
            open.delete(from);
            to.destroy();
          });
          from.pipe(to);
        }
      });
    };
    attempt(ports.length);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${server.address().port}`,
    close() {
      for (const socket of open) socket.destroy();
      return new Promise((resolve) => server.close(resolve));
    },
  };
}

const METRICS_TOKEN = randomBytes(16).toString('hex');

/** The server's /metrics (METRICS_TOKEN in its env): the value of each series without labels. */
async function scrapeMetrics(baseUrl) {
  const { text } = await fetchText(`${baseUrl}/metrics`, {
    headers: { authorization: `Bearer ${METRICS_TOKEN}` },
  });
  const values = {};
  for (const line of text.split('\n')) {
    const match = /^([a-z0-9_]+) ([0-9.e+-]+)$/.exec(line);
    if (match) values[match[1]] = Number(match[2]);
  }
  return values;
}

/** Waits (polling) until `ready()` holds or `limitMs` passes; the time it took, or undefined. */
async function timeUntil(ready, limitMs) {
  const started = Date.now();
  while (Date.now() - started < limitMs) {
    if (await ready()) return Date.now() - started;
    await sleep(200);
  }
  return undefined;
}

async function databaseScenario() {
  const database = await throwawayDatabase({ relay: true });
  const { relay, url: direct, throughRelay } = database;
  const dataDir = await mkdtemp(path.join(tmpdir(), 'carmarket-chaos-db-'));
  const log = [];
  let server;
  try {
    const data = await prepareData({ driver: 'postgres', url: direct }, dataDir);
    server = await startApi({ dataDir, env: { DATABASE_URL: throughRelay }, log });
    const tally = newTally();
    const sent = [];
    const deadline = Date.now() + LOAD_MS;
    const users = virtualUsers({ tally, server, data, deadline, sent });
    // Terminations every 2 s; one outage of 5 s a third of the way in.
    let terminations = 0;
    let terminated = 0;
    let recoveryMs;
    const faults = (async () => {
      const outageAt = Date.now() + LOAD_MS / 3;
      let outageDone = false;
      while (Date.now() < deadline - 2000) {
        await sleep(2000);
        if (!outageDone && Date.now() >= outageAt) {
          outageDone = true;
          await relay.cut();
          await sleep(5000);
          await relay.restore();
          recoveryMs = await timeToReady(server.url);
          continue;
        }
        const rows = await onPostgres(
          POSTGRES_URL,
          'select count(*)::int as n from (select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()) t',
          [database.name],
        );
        terminations++;
        terminated += rows[0].n;
      }
    })();
    await Promise.all([...users, faults]);
    const outcome = await outageOutcome({ server, log, tally, sent, url: direct, recoveryMs });
    return {
      name: 'database',
      ...outcome,
      terminations,
      connectionsTerminated: terminated,
      outageSeconds: 5,
    };
  } finally {
    if (server) await stopApi(server);
    await database.drop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

/**
 * What a database outage scenario checks once its load is over: the process still up, no answer
 * breaking the contract, every acknowledged message stored once (in the database at `url`), and
 * ready again within RECOVERY_TARGET_MS of the database returning. Answers `ok` and the figures.
 */
async function outageOutcome({ server, log, tally, sent, url, recoveryMs }) {
  const alive = server.child.exitCode === null && server.child.signalCode === null;
  const stored = await countStored((sql, params) => onPostgres(url, sql, params), sent);
  const summary = summarise(tally);
  return {
    ok:
      alive &&
      summary.brokenCount === 0 &&
      stored.missing === 0 &&
      stored.duplicated === 0 &&
      recoveryMs <= RECOVERY_TARGET_MS,
    ...summary,
    recoveryMs,
    alive,
    ...stored,
    ...serverErrors(log),
    exit: alive
      ? undefined
      : `${server.child.exitCode ?? server.child.signalCode}: ${log.join('').slice(-1500)}`,
  };
}

/** Every buyer of `data` as a virtualUser on `server` until `deadline`. */
const virtualUsers = ({ tally, server, data, deadline, sent }) =>
  data.buyers.map((buyer, index) =>
    virtualUser({
      tally,
      baseUrl: () => server.url,
      buyer: { ...buyer, index },
      listings: data.listings,
      deadline,
      sent,
    }),
  );

/** How long the private PostgreSQL server stays stopped during its restart. */
const POSTGRES_DOWN_MS = 3000;

async function postgresRestartScenario() {
  const binDir = postgresBinDir();
  if (!binDir)
    return {
      name: 'pg-restart',
      skipped: `no PostgreSQL server binaries (/usr/lib/postgresql/<version>/bin/initdb and pg_ctl): install the postgresql package`,
    };
  const postgres = await startPrivatePostgres(binDir);
  const dataDir = await mkdtemp(path.join(tmpdir(), 'carmarket-chaos-pg-restart-'));
  const url = withDatabase(postgres.url, 'carmarket');
  const log = [];
  let server;
  try {
    await onPostgres(postgres.url, 'create database carmarket');
    const data = await prepareData({ driver: 'postgres', url }, dataDir);
    server = await startApi({ dataDir, env: { DATABASE_URL: url }, log });
    const tally = newTally();
    const sent = [];
    const deadline = Date.now() + LOAD_MS;
    const users = virtualUsers({ tally, server, data, deadline, sent });
    let restartMs;
    let recoveryMs;
    const restart = (async () => {
      await sleep(LOAD_MS / 3);
      const stopping = Date.now();
      await postgres.restart({ downMs: POSTGRES_DOWN_MS });
      restartMs = Date.now() - stopping;
      recoveryMs = await timeToReady(server.url);
    })();
    await Promise.all([...users, restart]);
    const outcome = await outageOutcome({ server, log, tally, sent, url, recoveryMs });
    return {
      name: 'pg-restart',
      ...outcome,
      // The restart was seen: some requests were refused meanwhile.
      ok: outcome.ok && (outcome.statuses[503] ?? 0) > 0,
      postgresVersion: path.basename(path.dirname(binDir)),
      postgresRestartMs: restartMs,
    };
  } finally {
    if (server) await stopApi(server);
    await postgres.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

async function killScenario() {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'carmarket-chaos-kill-'));
  const databaseConfig = { driver: 'pglite', dataDir: path.join(dataDir, 'db') };
  const log = [];
  try {
    const data = await prepareData(databaseConfig, dataDir);
    const port = await freePort();
    let server = await startApi({ port, dataDir, log });
    const tally = newTally();
    const sent = [];
    const deadline = Date.now() + LOAD_MS;
    // Writers only: message sends (reads would not show a lost write).
    const writers = data.buyers.slice(0, Math.min(20, data.buyers.length)).map(async (buyer, index) => {
      const about = data.listings[index % data.listings.length];
      while (Date.now() < deadline) {
        const clientMessageId = randomUUID();
        const json = {
          listingId: about.id,
          recipientId: about.sellerId,
          content: `Still for sale? ${clientMessageId}`,
          clientMessageId,
        };
        for (let attempt = 0; attempt < 200 && Date.now() < deadline + 60_000; attempt++) {
          const res = await call(tally, () => server.url, {
            method: 'POST',
            url: '/api/messages',
            token: buyer.token,
            json,
            kind: 'write',
          });
          if (res.status === 201 || res.status === 200) {
            sent.push({ senderId: buyer.id, clientMessageId });
            break;
          }
          await sleep(100);
        }
      }
    });
    const kills = [];
    const faults = (async () => {
      while (Date.now() < deadline - 3000) {
        await sleep(3000);
        await stopApi(server, 'SIGKILL');
        const started = Date.now();
        server = await startApi({ port, dataDir, log });
        kills.push(Date.now() - started);
      }
    })();
    await Promise.all([...writers, faults]);
    await stopApi(server);
    const { openDatabase } = await api('db/client.js');
    const database = await openDatabase(databaseConfig);
    let stored;
    try {
      const sql = await drizzleSql();
      stored = await countStored(async (_statement, [ids]) => {
        const result = await database.db.execute(
          sql`select sender_id, client_message_id, count(*)::int as n from messages
              where client_message_id in ${ids.length ? ids : ['-']} group by sender_id, client_message_id`,
        );
        return result.rows;
      }, sent);
    } finally {
      await database.close();
    }
    return {
      name: 'kill',
      ok: stored.missing === 0 && stored.duplicated === 0 && tally.broken.length === 0,
      ...summarise(tally),
      kills: kills.length,
      restartP50Ms: percentile(kills, 50),
      restartMaxMs: Math.max(0, ...kills),
      ...stored,
    };
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

async function redisScenario() {
  if (!hasRedisServer()) return { name: 'redis', skipped: 'no redis-server' };
  const redis = await ownRedis();
  const database = await throwawayDatabase();
  const { url } = database;
  const dataDir = await mkdtemp(path.join(tmpdir(), 'carmarket-chaos-two-'));
  const servers = [];
  const { io } = await import('socket.io-client');
  let socket;
  try {
    const data = await prepareData({ driver: 'postgres', url }, dataDir);
    const env = { DATABASE_URL: url, REDIS_URL: redis.url };
    servers.push(await startApi({ dataDir: path.join(dataDir, 'a'), env }));
    servers.push(await startApi({ dataDir: path.join(dataDir, 'b'), env }));
    const [first, second] = servers;
    const about = data.listings[0];
    // The seller listens on the first process; the buyer sends through the second.
    const { createAccessTokens } = await api('modules/auth/tokens.js');
    const sellerToken = await createAccessTokens(JWT_SECRET).sign(about.sellerId);
    socket = io(first.url, { path: '/socket.io', transports: ['websocket'], auth: { token: sellerToken } });
    await new Promise((resolve, reject) => {
      socket.once('connect', resolve);
      socket.once('connect_error', reject);
    });
    const received = new Map();
    socket.on('new-message', (event) => received.set(event.message._id, Date.now()));
    let connects = 1;
    socket.on('connect', () => connects++);
    const deadline = Date.now() + Math.min(LOAD_MS, 30_000);
    const sends = [];
    const tally = newTally();
    let restartedAt;
    let redisBackAt;
    const restart = (async () => {
      await sleep((deadline - Date.now()) / 3);
      restartedAt = Date.now();
      await redis.kill();
      await sleep(2000);
      redis.start();
      redisBackAt = Date.now();
    })();
    // Round robin over the buyers: each stays under the per-sender limit of messages a minute.
    for (let n = 0; Date.now() < deadline; n++) {
      const buyer = data.buyers[n % data.buyers.length];
      const res = await call(tally, () => second.url, {
        method: 'POST',
        url: '/api/messages',
        token: buyer.token,
        json: {
          listingId: about.id,
          recipientId: about.sellerId,
          content: `Live message ${n}`,
          clientMessageId: randomUUID(),
        },
        kind: 'write',
      });
      if (res.status === 201 || res.status === 200) sends.push({ id: res.body.data._id, at: Date.now() });
      await sleep(250);
    }
    await restart;
    await sleep(1000);
    const afterRestart = sends.filter((send) => send.at > redisBackAt);
    const firstLive = afterRestart.find((send) => received.has(send.id));
    const liveAfter = afterRestart.filter((send) => send.at >= (firstLive?.at ?? Infinity));
    const health = await fetch(`${first.url}/api/health`).then((res) => res.json());
    return {
      name: 'redis',
      ok:
        firstLive !== undefined &&
        connects > 1 &&
        tally.broken.length === 0 &&
        health.data?.parts?.redis === 'up',
      ...summarise(tally),
      sent: sends.length,
      deliveredLive: sends.filter((send) => received.has(send.id)).length,
      missedWhileDown: sends.filter((send) => send.at >= restartedAt && !received.has(send.id)).length,
      resumedAfterRedisBackMs: firstLive ? firstLive.at - redisBackAt : undefined,
      deliveredAfterResume: `${liveAfter.filter((send) => received.has(send.id)).length}/${liveAfter.length}`,
      redisPartAfter: health.data?.parts?.redis,
      socketReconnected: connects > 1,
    };
  } finally {
    socket?.close();
    await Promise.all(servers.map((server) => stopApi(server)));
    await redis.close();
    await database.drop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

/** Sends until acknowledged: refused (503) or unanswered attempts go again with the same clientMessageId. */
async function sendUntilAcknowledged(tally, baseUrl, token, json, giveUpAt) {
  while (Date.now() < giveUpAt) {
    const res = await call(tally, baseUrl, {
      method: 'POST',
      url: '/api/messages',
      token,
      json,
      kind: 'write',
    });
    if (res.status === 200 || res.status === 201) return res.body.data;
    if (res.status !== 0 && res.status !== 503) return undefined;
    await sleep(250);
  }
  return undefined;
}

/** A GET retried until answered 200 (the process behind may be restarting); its data. */
async function getUntilAnswered(tally, baseUrl, token, url) {
  for (let attempt = 0; attempt < 40; attempt++) {
    const res = await call(tally, baseUrl, { url, token, kind: 'catch-up' });
    if (res.status === 200) return res.body.data;
    await sleep(250);
  }
  throw new Error(`GET ${url} never answered 200`);
}

const byCreatedAt = (a, b) => Date.parse(a.createdAt) - Date.parse(b.createdAt);

/**
 * One side of a conversation, kept as the site's client keeps it (mfe-messaging's live events): the
 * thread from live new-message events and the sender's own acknowledged sends; after a dropped
 * connection, the conversation joined again and the messages after its last one before the drop
 * fetched; the unread badge counts each live incoming message up at once, and follows the count
 * fetched from the server after it and after a reconnection (the latest fetch started wins, as
 * with the site's query cache). It reads nothing, so every message it receives stays unread.
 */
async function chatClient({ io, tally, baseUrl, user, peerId, listingId, conversationId }) {
  const client = {
    user,
    peerId,
    thread: new Map(),
    liveReceipts: new Map(),
    badge: 0,
    counted: new Set(),
    acknowledged: [],
    reconnects: 0,
    caughtUp: 0,
    catchingUp: Promise.resolve(),
    badgeFetched: Promise.resolve(),
  };
  let badgeFetches = 0;
  const fetchBadge = () => {
    const started = ++badgeFetches;
    client.badgeFetched = getUntilAnswered(
      tally,
      () => baseUrl,
      user.token,
      '/api/messages/unread-count',
    ).then((data) => {
      if (started === badgeFetches) client.badge = data.unreadCount;
    });
    return client.badgeFetched;
  };
  const url = `/api/messages/conversations/${conversationId}`;
  const page = await getUntilAnswered(tally, () => baseUrl, user.token, url);
  for (const message of page) client.thread.set(message._id, message);
  client.badge = (
    await getUntilAnswered(tally, () => baseUrl, user.token, '/api/messages/unread-count')
  ).unreadCount;
  const socket = io(baseUrl, {
    path: SOCKET_PATH,
    transports: ['websocket'],
    auth: { token: user.token },
    reconnectionAttempts: SOCKET_RECONNECTION_ATTEMPTS,
    reconnectionDelay: SOCKET_RECONNECTION_DELAY_MS,
  });
  client.socket = socket;
  socket.on('new-message', ({ message }) => {
    if (message.recipient._id !== user.id) return;
    client.liveReceipts.set(message._id, (client.liveReceipts.get(message._id) ?? 0) + 1);
    client.thread.set(message._id, message);
    if (!client.counted.has(message._id)) {
      client.counted.add(message._id);
      client.badge++;
      fetchBadge();
    }
  });
  let dropped = false;
  let lastBeforeDrop;
  socket.on('disconnect', () => {
    dropped = true;
    lastBeforeDrop = [...client.thread.values()].sort(byCreatedAt).at(-1);
  });
  socket.on('connect', () => {
    if (!dropped) return;
    dropped = false;
    client.reconnects++;
    socket.emit('join-conversation', conversationId);
    client.catchingUp = Promise.all([
      fetchBadge(),
      getUntilAnswered(tally, () => baseUrl, user.token, `${url}?after=${lastBeforeDrop._id}&limit=100`).then(
        (missed) => {
          for (const message of missed) {
            if (client.thread.has(message._id)) continue;
            client.thread.set(message._id, message);
            client.caughtUp++;
          }
        },
      ),
    ]);
  });
  await new Promise((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('connect_error', reject);
  });
  socket.emit('join-conversation', conversationId);
  client.send = async (content, giveUpAt) => {
    const clientMessageId = randomUUID();
    const json = { listingId, recipientId: peerId, content, clientMessageId };
    const message = await sendUntilAcknowledged(tally, () => baseUrl, user.token, json, giveUpAt);
    if (!message) return;
    client.thread.set(message._id, message);
    client.acknowledged.push({ id: message._id, senderId: user.id, recipientId: peerId, clientMessageId });
  };
  return client;
}

/** Asks the server (through `socket`) who of `userIds` is online; the number who are. */
async function onlineCount(socket, userIds) {
  const answer = new Promise((resolve) => socket.once('user-status-response', resolve));
  socket.emit('request-user-status', userIds);
  const statuses = await answer;
  return userIds.filter((id) => statuses[id]?.status === 'online').length;
}

async function clusterKillScenario() {
  if (!hasRedisServer()) return { name: 'cluster-kill', skipped: 'no redis-server' };
  const redis = await ownRedis();
  const database = await throwawayDatabase();
  const { url } = database;
  const dataDir = await mkdtemp(path.join(tmpdir(), 'carmarket-chaos-cluster-'));
  const { io } = await import('socket.io-client');
  const { PROCESS_ALIVE_TTL_MS } = await api('realtime/presence.js');
  const log = [];
  const servers = [];
  const clients = [];
  let balancer;
  let observer;
  try {
    const pairCount = Math.min(Math.floor(CLIENTS / 2), 40);
    const data = await prepareData({ driver: 'postgres', url }, dataDir, { sellers: pairCount });
    const env = { DATABASE_URL: url, REDIS_URL: redis.url, METRICS_TOKEN };
    const ports = [await freePort(), await freePort()];
    const start = (index) =>
      startApi({ port: ports[index], dataDir: path.join(dataDir, String(index)), env, log });
    servers.push(...(await Promise.all([start(0), start(1)])));
    balancer = await startBalancer(ports);
    const tally = newTally();
    const deadline = Date.now() + LOAD_MS;
    // Each pair: a buyer and the seller of a listing of their own; the buyer writes first.
    const pairs = await Promise.all(
      data.listings.slice(0, pairCount).map(async (listing, index) => {
        const buyer = data.buyers[index];
        const clientMessageId = randomUUID();
        const opening = await sendUntilAcknowledged(
          tally,
          () => balancer.url,
          buyer.token,
          {
            listingId: listing.id,
            recipientId: listing.sellerId,
            content: `Hello, is car ${index} still for sale?`,
            clientMessageId,
          },
          deadline,
        );
        const common = { io, tally, baseUrl: balancer.url, listingId: listing.id };
        const { conversationId } = opening;
        const [buyerClient, sellerClient] = await Promise.all([
          chatClient({ ...common, user: buyer, peerId: listing.sellerId, conversationId }),
          chatClient({
            ...common,
            user: { id: listing.sellerId, token: listing.sellerToken },
            peerId: buyer.id,
            conversationId,
          }),
        ]);
        buyerClient.acknowledged.push({
          id: opening._id,
          senderId: buyer.id,
          recipientId: listing.sellerId,
          clientMessageId,
        });
        return [buyerClient, sellerClient];
      }),
    );
    clients.push(...pairs.flat());
    const socketsBefore = await Promise.all(
      servers.map(async (server) => (await scrapeMetrics(server.url)).carmarket_sockets_connected),
    );
    // Under the per-sender limit of messages a minute: one every 3 to 4.5 s.
    const senders = clients.map(async (client) => {
      for (let n = 1; Date.now() < deadline; n++) {
        await sleep(3000 + Math.random() * 1500);
        if (Date.now() >= deadline) break;
        await client.send(`${client.user.id.slice(0, 8)} says ${n}`, deadline + 30_000);
      }
    });
    let restartMs;
    let reconnectedMs;
    const fault = (async () => {
      await sleep(LOAD_MS / 3);
      const killedAt = Date.now();
      await stopApi(servers[1], 'SIGKILL');
      // Meanwhile every client connects again (through the balancer) and catches up.
      const reconnected = timeUntil(async () => {
        if (!clients.every((client) => client.socket.connected)) return false;
        await Promise.all(clients.map((client) => client.catchingUp));
        return true;
      }, 30_000).then((ms) => (ms === undefined ? undefined : Date.now() - killedAt));
      servers[1] = await start(1);
      restartMs = Date.now() - killedAt;
      reconnectedMs = await reconnected;
    })();
    await Promise.all([...senders, fault]);
    const acknowledged = clients.flatMap((client) => client.acknowledged);
    const recipientOf = new Map(clients.map((client) => [client.user.id, client]));
    const delivered = (ack) => recipientOf.get(ack.recipientId).thread.has(ack.id);
    // Live events still on their way when the senders stop.
    const settleMs = await timeUntil(async () => {
      await Promise.all(clients.map((client) => client.catchingUp));
      return acknowledged.every(delivered);
    }, 20_000);
    const undelivered = acknowledged.filter((ack) => !delivered(ack)).length;
    const deliveredTwice = clients.reduce(
      (sum, client) => sum + [...client.liveReceipts.values()].filter((count) => count > 1).length,
      0,
    );
    // Each recipient's thread, in the order the site shows it, against the order its peer sent in.
    const outOfOrder = clients.filter((client) => {
      const shown = [...client.thread.values()]
        .sort(byCreatedAt)
        .filter((message) => message.sender._id === client.peerId)
        .map((message) => message._id);
      const sent = recipientOf.get(client.peerId).acknowledged.map((ack) => ack.id);
      return shown.join() !== sent.join();
    }).length;
    const caughtUp = clients.reduce((sum, client) => sum + client.caughtUp, 0);
    const stored = await countStored((sql, params) => onPostgres(url, sql, params), acknowledged);
    // Nobody reads: each one's unread count is what they were sent, on the server and on the badge.
    let serverUnreadWrong = 0;
    const badgeOff = {};
    await Promise.all(clients.map((client) => client.badgeFetched));
    for (const client of clients) {
      const expected = acknowledged.filter((ack) => ack.recipientId === client.user.id).length;
      const { unreadCount } = await getUntilAnswered(
        tally,
        () => balancer.url,
        client.user.token,
        '/api/messages/unread-count',
      );
      if (unreadCount !== expected) serverUnreadWrong++;
      const off = client.badge - expected;
      const key = off > 0 ? `+${off}` : String(off);
      if (off !== 0) badgeOff[key] = (badgeOff[key] ?? 0) + 1;
    }
    // Presence, asked of the process that was not killed by a user who is in no conversation.
    const userIds = clients.map((client) => client.user.id);
    const watcher = data.buyers[pairCount];
    observer = io(servers[0].url, {
      path: SOCKET_PATH,
      transports: ['websocket'],
      auth: { token: watcher.token },
    });
    await new Promise((resolve) => observer.once('connect', resolve));
    const onlineAtEnd = await onlineCount(observer, userIds);
    for (const client of clients) client.socket.close();
    const offlineAfterCloseMs = await timeUntil(
      async () => (await onlineCount(observer, userIds)) === 0,
      PROCESS_ALIVE_TTL_MS,
    );
    const summary = summarise(tally);
    return {
      name: 'cluster-kill',
      ok:
        summary.brokenCount === 0 &&
        stored.missing === 0 &&
        stored.duplicated === 0 &&
        undelivered === 0 &&
        deliveredTwice === 0 &&
        outOfOrder === 0 &&
        serverUnreadWrong === 0 &&
        Object.keys(badgeOff).length === 0 &&
        onlineAtEnd === userIds.length &&
        offlineAfterCloseMs !== undefined &&
        reconnectedMs !== undefined,
      ...summary,
      clients: clients.length,
      socketsPerProcess: socketsBefore.join(' + '),
      restartMs,
      reconnectedMs,
      reconnects: clients.reduce((sum, client) => sum + client.reconnects, 0),
      ...stored,
      caughtUp,
      undelivered,
      deliveredTwice,
      outOfOrder,
      settleMs,
      serverUnreadWrong,
      badgeOff,
      onlineAtEnd: `${onlineAtEnd}/${userIds.length}`,
      offlineAfterCloseMs,
      ...serverErrors(log),
    };
  } finally {
    for (const client of clients) client.socket?.close();
    observer?.close();
    await balancer?.close();
    await Promise.all(servers.map((server) => stopApi(server)));
    await redis.close();
    await database.drop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

/** A camera-like JPEG (800 × 600 of noise): the server decodes and re-encodes it like any photo. */
async function testPhoto() {
  const { default: sharp } = await import('sharp');
  const noise = { width: 800, height: 600, channels: 3, noise: { type: 'gaussian', mean: 128, sigma: 30 } };
  return sharp({ create: noise }).jpeg({ quality: 85 }).toBuffer();
}

/**
 * Uploaded photos' rows against the files: a photo is 'processing' while the server holds its
 * original (DATA_DIR/photo-originals) and 'ready' once its display, medium and thumbnail files are in the
 * photo store. Counted: ready rows missing a file, rows still processing, and files no row owns
 * (demo photos are shared files under demo/, which no row owns alone).
 */
async function photoConsistency(databaseUrl, dataDir) {
  const { photoKeys } = await api('modules/uploads/photo-files.js');
  const rows = await onPostgres(
    databaseUrl,
    `select public_id, status from listing_images where url like '%/photos/%'`,
  );
  const withRow = new Set(rows.map((row) => row.public_id));
  const files = new Set(
    (await readdir(path.join(dataDir, 'uploads/photos'), { recursive: true }).catch(() => []))
      .filter((file) => file.endsWith('.webp'))
      .map((file) => path.join('photos', file)),
  );
  const photosWithFiles = new Set(
    [...files].map((file) => path.basename(file).replace(/(-thumb|-800)?\.webp$/, '')),
  );
  const originals = await readdir(path.join(dataDir, 'photo-originals')).catch(() => []);
  return {
    rows: rows.length,
    rowsWithoutFiles: rows.filter(
      (row) =>
        row.status === 'ready' && !Object.values(photoKeys(row.public_id)).every((key) => files.has(key)),
    ).length,
    stillProcessing: rows.filter((row) => row.status === 'processing').length,
    orphanPhotos: [...photosWithFiles].filter((id) => !withRow.has(id)).length,
    orphanOriginals: originals.filter((id) => !withRow.has(id)).length,
  };
}

/**
 * A seller uploading photos to their listing until `until`, one at a time; once it has 12, each
 * upload is followed by deleting the oldest uploaded one, so it never reaches the 20-photo limit.
 */
async function uploader({ tally, baseUrl, listing, photo, until, inFlight }) {
  const request = async (options) => {
    inFlight.count++;
    try {
      return await call(tally, baseUrl, { token: listing.sellerToken, ...options });
    } finally {
      inFlight.count--;
    }
  };
  while (Date.now() < until) {
    const form = new FormData();
    form.append('images', new Blob([photo], { type: 'image/jpeg' }), 'car.jpg');
    const res = await request({
      method: 'POST',
      url: `/api/upload/listing/${listing.id}`,
      form,
      kind: 'upload',
    });
    if (res.status !== 200) {
      await sleep(250);
      continue;
    }
    const uploaded = res.body.data.filter((image) => image.url.includes('/photos/'));
    if (res.body.data.length >= 12 && uploaded.length > 0) {
      await request({
        method: 'DELETE',
        url: `/api/upload/image/${uploaded[0].publicId}`,
        json: { listingId: listing.id },
        kind: 'write',
      });
    }
  }
}

async function uploadsScenario() {
  const database = await throwawayDatabase({ relay: true });
  const { relay, url: direct, throughRelay } = database;
  const dataDir = await mkdtemp(path.join(tmpdir(), 'carmarket-chaos-uploads-'));
  const log = [];
  let server;
  try {
    const uploaders = Math.min(8, CLIENTS);
    const data = await prepareData({ driver: 'postgres', url: direct }, dataDir, { sellers: uploaders });
    const port = await freePort();
    // Files older than 10 s that no row names are swept (every 5 s): longer than any upload here.
    const env = { DATABASE_URL: throughRelay, PHOTO_ORPHAN_AGE_MS: '10000' };
    server = await startApi({ port, dataDir, env, log });
    const photo = await testPhoto();
    const tally = newTally();
    const inFlight = { count: 0 };
    /**
     * Uploads for `ms` with `fault` done meanwhile; then, once nothing is in flight, no photo is
     * processing any more and the sweep has removed the files no row names (or 60 s have passed),
     * the rows and files.
     */
    const phase = async (ms, fault) => {
      const until = Date.now() + ms;
      await Promise.all([
        ...data.listings
          .slice(0, uploaders)
          .map((listing) => uploader({ tally, baseUrl: () => server.url, listing, photo, until, inFlight })),
        fault(),
      ]);
      await timeUntil(async () => {
        const now = await photoConsistency(direct, dataDir);
        return now.stillProcessing + now.orphanPhotos + now.orphanOriginals === 0;
      }, 60_000);
      return photoConsistency(direct, dataDir);
    };
    let recoveryMs;
    const afterCut = await phase(LOAD_MS / 2, async () => {
      await sleep(LOAD_MS / 6);
      await relay.cut();
      await sleep(5000);
      await relay.restore();
      recoveryMs = await timeToReady(server.url);
    });
    let interruptedAtKill;
    const afterKill = await phase(LOAD_MS / 2, async () => {
      await sleep(LOAD_MS / 6);
      interruptedAtKill = inFlight.count;
      await stopApi(server, 'SIGKILL');
      server = await startApi({ port, dataDir, env, log });
    });
    const summary = summarise(tally);
    // A photo processed without its original: one deleted while it waited is not that.
    const originalMissing = errorLines(log).filter((line) =>
      line.includes('original of the photo is missing'),
    );
    return {
      name: 'uploads',
      ok:
        summary.brokenCount === 0 &&
        (tally.statuses[503] ?? 0) > 0 &&
        afterCut.rowsWithoutFiles === 0 &&
        afterCut.stillProcessing === 0 &&
        afterCut.orphanPhotos + afterCut.orphanOriginals === 0 &&
        afterKill.rowsWithoutFiles === 0 &&
        afterKill.stillProcessing === 0 &&
        afterKill.orphanPhotos + afterKill.orphanOriginals === 0 &&
        originalMissing.length === 0,
      ...summary,
      uploadP99: percentileMs(tally.latencies.upload ?? [], 99),
      outageSeconds: 5,
      recoveryMs,
      photoRowsAfterCut: afterCut.rows,
      rowsWithoutFilesAfterCut: afterCut.rowsWithoutFiles,
      stillProcessingAfterCut: afterCut.stillProcessing,
      orphanPhotosAfterCut: afterCut.orphanPhotos,
      orphanOriginalsAfterCut: afterCut.orphanOriginals,
      interruptedAtKill,
      photoRowsAfterKill: afterKill.rows,
      rowsWithoutFilesAfterKill: afterKill.rowsWithoutFiles,
      stillProcessingAfterKill: afterKill.stillProcessing,
      orphanPhotosAfterKill: afterKill.orphanPhotos,
      orphanOriginalsAfterKill: afterKill.orphanOriginals,
      originalMissingLogged: originalMissing.length,
      ...serverErrors(log),
    };
  } finally {
    if (server) await stopApi(server);
    await database.drop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

/** Least-squares slope of `points` ([x, y] pairs): y per unit of x. */
function slope(points) {
  const n = points.length;
  if (n < 2) return 0;
  const meanX = points.reduce((sum, [x]) => sum + x, 0) / n;
  const meanY = points.reduce((sum, [, y]) => sum + y, 0) / n;
  const covariance = points.reduce((sum, [x, y]) => sum + (x - meanX) * (y - meanY), 0);
  const variance = points.reduce((sum, [x]) => sum + (x - meanX) ** 2, 0);
  return covariance / variance;
}

/** A memory floor rising more than this over the run fails the load scenario (memory flat). */
const MEMORY_RISE_LIMIT_PCT = 5;

/**
 * One memory series of the samples (bytes): first, last and highest value, least-squares trend in
 * MB per minute and that trend over the sampled time as a share of the mean (%), and how much the
 * floor rose: the lowest value of the last third of the samples over that of the first third (%).
 * The floor is what a leak raises; the samples above it are work in flight (requests waiting on a
 * busy machine hold their objects) and memory not yet handed back, which a trend line follows too.
 */
function memoryTrend(samples, series) {
  const points = samples
    .filter((sample) => Number.isFinite(sample[series]))
    .map((sample) => [sample.at / 60_000, sample[series] / 2 ** 20]);
  const values = points.map(([, mb]) => mb);
  const minutes = points.length > 1 ? points.at(-1)[0] - points[0][0] : 0;
  const mean = values.reduce((a, b) => a + b, 0) / (values.length || 1);
  const slopeMbPerMin = slope(points);
  const third = Math.max(1, Math.floor(values.length / 3));
  const firstFloor = Math.min(...values.slice(0, third));
  const lastFloor = Math.min(...values.slice(-third));
  return {
    startMb: Math.round(values[0] ?? 0),
    endMb: Math.round(values.at(-1) ?? 0),
    maxMb: Math.round(Math.max(0, ...values)),
    slopeMbPerMin: Number(slopeMbPerMin.toFixed(2)),
    trendPct: mean > 0 ? Number(((100 * slopeMbPerMin * minutes) / mean).toFixed(1)) : 0,
    floorRisePct: values.length > 0 ? Number(((100 * (lastFloor - firstFloor)) / firstFloor).toFixed(1)) : 0,
  };
}

/** Signs up with a new address and the code the mail catcher received, as a person does. */
async function signIn(tally, baseUrl, mailbox) {
  const email = uniqueEmail('chaos');
  const sent = await call(tally, baseUrl, {
    method: 'POST',
    url: '/api/auth/register',
    json: { email },
    kind: 'sign-in',
  });
  if (sent.status !== 200) return;
  const otp = await mailbox.waitForCode(email).catch(() => undefined);
  if (!otp) {
    tally.failedSignIns++;
    return;
  }
  const verified = await call(tally, baseUrl, {
    method: 'POST',
    url: '/api/auth/verify',
    json: { email, otp },
    kind: 'sign-in',
  });
  if (verified.status === 200) tally.signIns++;
}

/**
 * A person browsing until `deadline`, with their socket open as the site keeps it: between actions
 * 0.5 to 1.5 s of thinking; searches, listing pages, favorites, a message now and then to a seller
 * (delivered over the seller's socket), and now and then someone new signing up.
 */
async function browsingUser({ tally, baseUrl, buyer, listings, sellersListings, mailbox, deadline, sent }) {
  for (let n = 0; Date.now() < deadline; n++) {
    await sleep(500 + Math.random() * 1000);
    const roll = Math.random() * 100;
    const listing = listings[Math.floor(Math.random() * listings.length)];
    if (roll < 40)
      await call(tally, baseUrl, { url: `/api/search${SEARCHES[n % SEARCHES.length]}`, kind: 'search' });
    else if (roll < 75) await call(tally, baseUrl, { url: `/api/listings/${listing.id}`, kind: 'listing' });
    else if (roll < 87) {
      await call(tally, baseUrl, {
        method: 'POST',
        url: `/api/listings/${listing.id}/favorite`,
        token: buyer.token,
        kind: 'write',
      });
    } else if (roll < 97) {
      const about = sellersListings[buyer.index % sellersListings.length];
      const clientMessageId = randomUUID();
      const res = await call(tally, baseUrl, {
        method: 'POST',
        url: '/api/messages',
        token: buyer.token,
        json: {
          listingId: about.id,
          recipientId: about.sellerId,
          content: `Still for sale? ${clientMessageId}`,
          clientMessageId,
        },
        kind: 'write',
      });
      if (res.status === 200 || res.status === 201) sent.push(res.body.data._id);
    } else await signIn(tally, baseUrl, mailbox);
  }
}

async function loadScenario() {
  const database = await throwawayDatabase();
  const { url } = database;
  const dataDir = await mkdtemp(path.join(tmpdir(), 'carmarket-chaos-load-'));
  const { io } = await import('socket.io-client');
  const catcher = await startSmtpCatcher({ mailDir: path.join(dataDir, 'mail') });
  const mailbox = new Mailbox(path.join(dataDir, 'mail'));
  const sockets = [];
  const log = [];
  let server;
  try {
    const sellers = 20;
    const data = await prepareData({ driver: 'postgres', url }, dataDir, {
      buyers: LOAD_USERS,
      sellers,
      listings: 1000,
    });
    server = await startApi({
      dataDir,
      env: {
        DATABASE_URL: url,
        METRICS_TOKEN,
        SMTP_URL: catcher.url,
        // Every virtual user comes from 127.0.0.1: the per-address sign-in limit is not under test.
        AUTH_RATE_LIMIT_IP_MAX: '100000000',
      },
      log,
    });
    const openSocket = async (token) => {
      const socket = io(server.url, { path: SOCKET_PATH, transports: ['websocket'], auth: { token } });
      sockets.push(socket);
      await new Promise((resolve, reject) => {
        socket.once('connect', resolve);
        socket.once('connect_error', reject);
      });
      return socket;
    };
    const sellersListings = data.listings.slice(0, sellers);
    const delivered = new Set();
    for (const listing of sellersListings) {
      const socket = await openSocket(listing.sellerToken);
      socket.on('new-message', ({ message }) => delivered.add(message._id));
    }
    for (const buyer of data.buyers) await openSocket(buyer.token);

    const tally = { ...newTally(), signIns: 0, failedSignIns: 0 };
    const sent = [];
    const samples = [];
    const startedAt = Date.now();
    const deadline = startedAt + LOAD_RUN_MS;
    const loadBefore = loadavg()[0];
    await scrapeMetrics(server.url); // starts the event-loop histogram's first interval now
    const sampler = (async () => {
      while (Date.now() < deadline) {
        await sleep(5000);
        const metrics = await scrapeMetrics(server.url).catch(() => undefined);
        if (metrics)
          samples.push({
            at: Date.now() - startedAt,
            rss: metrics.process_resident_memory_bytes,
            heapAfterGc: metrics.carmarket_heap_used_after_full_gc_bytes,
            heapTotal: metrics.nodejs_heap_size_total_bytes,
            external: metrics.nodejs_external_memory_bytes,
            lagP99: metrics.nodejs_eventloop_lag_p99_seconds * 1000,
          });
      }
    })();
    await Promise.all([
      ...data.buyers.map((buyer, index) =>
        browsingUser({
          tally,
          baseUrl: () => server.url,
          buyer: { ...buyer, index },
          listings: data.listings,
          sellersListings,
          mailbox,
          deadline,
          sent,
        }),
      ),
      sampler,
    ]);
    await timeUntil(() => sent.every((id) => delivered.has(id)), 10_000);
    const summary = summarise(tally);
    const failed =
      tally.networkErrors +
      tally.failedSignIns +
      Object.entries(tally.statuses)
        .filter(([status]) => Number(status) >= 400)
        .reduce((sum, [, count]) => sum + count, 0);
    const errorRatePct = (100 * failed) / tally.requests;
    // Memory after the warm-up (caches, pools and JIT filling up): its trend over the rest.
    const warmUpMs = Math.min(60_000, LOAD_RUN_MS / 5);
    const steady = samples.filter((sample) => sample.at >= warmUpMs);
    const rss = memoryTrend(steady, 'rss');
    const heapAfterGc = memoryTrend(steady, 'heapAfterGc');
    const heapTotal = memoryTrend(steady, 'heapTotal');
    const external = memoryTrend(steady, 'external');
    const lags = samples.map((sample) => sample.lagP99);
    const listingP99 = percentileMs(tally.latencies.listing ?? [], 99);
    const eventLoopP99MaxMs = Math.round(Math.max(0, ...lags));
    return {
      name: 'load',
      ok:
        errorRatePct < 0.1 &&
        listingP99 <= 100 &&
        eventLoopP99MaxMs <= 50 &&
        heapAfterGc.floorRisePct < MEMORY_RISE_LIMIT_PCT &&
        rss.floorRisePct < MEMORY_RISE_LIMIT_PCT &&
        summary.brokenCount === 0,
      ...summary,
      virtualUsers: LOAD_USERS,
      seconds: LOAD_RUN_MS / 1000,
      requestsPerSecond: Math.round(tally.requests / (LOAD_RUN_MS / 1000)),
      errorRatePct: Number(errorRatePct.toFixed(3)),
      failedSignIns: tally.failedSignIns,
      signIns: tally.signIns,
      listingP50: percentileMs(tally.latencies.listing ?? [], 50),
      listingP99,
      searchP99: percentileMs(tally.latencies.search ?? [], 99),
      signInP99: percentileMs(tally.latencies['sign-in'] ?? [], 99),
      messagesDelivered: `${sent.filter((id) => delivered.has(id)).length}/${sent.length}`,
      eventLoopP99MaxMs,
      eventLoopP99MedianMs: Math.round(percentile(lags, 50)),
      heapAfterGcStartMb: heapAfterGc.startMb,
      heapAfterGcEndMb: heapAfterGc.endMb,
      heapAfterGcSlopeMbPerMin: heapAfterGc.slopeMbPerMin,
      heapAfterGcTrendPct: heapAfterGc.trendPct,
      heapAfterGcFloorRisePct: heapAfterGc.floorRisePct,
      heapTotalStartMb: heapTotal.startMb,
      heapTotalEndMb: heapTotal.endMb,
      heapTotalFloorRisePct: heapTotal.floorRisePct,
      externalStartMb: external.startMb,
      externalEndMb: external.endMb,
      rssStartMb: rss.startMb,
      rssEndMb: rss.endMb,
      rssMaxMb: rss.maxMb,
      rssSlopeMbPerMin: rss.slopeMbPerMin,
      rssTrendPct: rss.trendPct,
      rssFloorRisePct: rss.floorRisePct,
      loadAverage: `${loadBefore.toFixed(1)} → ${loadavg()[0].toFixed(1)}`,
      ...serverErrors(log),
    };
  } finally {
    for (const socket of sockets) socket.close();
    if (server) await stopApi(server);
    await catcher.stop();
    await database.drop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

// ---------------------------------------------------------------------------------------------

// What each figure of a scenario means, in the order the report lists them.
const FIGURES = {
  ok: 'every expectation of the scenario held',
  skipped: 'why the scenario did not run',
  requests: 'requests sent, resends included',
  answered: 'requests the server answered',
  noAnswer: 'connections refused or timed out (the process was down)',
  statuses: 'answers by status',
  brokenCount:
    'answers breaking the contract: a 5xx other than 503, a 503 without Retry-After, an error not in the envelope',
  broken: 'the first of those',
  readP50: 'read latency p50 (ms), faults included',
  readP99: 'read latency p99 (ms), faults included',
  writeP99: 'write latency p99 (ms), faults included',
  terminations: 'rounds of pg_terminate_backend',
  connectionsTerminated: 'connections those rounds ended',
  outageSeconds: 'seconds PostgreSQL was unreachable (relay cut)',
  recoveryMs:
    'from the database reachable again (relay restored, or server started) to /api/ready answering 200 (ms)',
  postgresVersion: 'the private PostgreSQL server’s major version',
  postgresRestartMs:
    'from the fast shutdown to the server accepting connections again (ms; 3 s of it stopped)',
  alive: 'the server process was still running at the end',
  serverErrorsLogged: 'error-level lines in the server log',
  firstServerError: 'the first of them',
  kills: 'SIGKILLs of the server process',
  restartP50Ms: 'from SIGKILL to /api/health answering again, p50 (ms)',
  restartMaxMs: 'the same, slowest (ms)',
  acknowledged: 'messages the server acknowledged',
  missing: 'of those, not stored',
  duplicated: 'of those, stored more than once',
  sent: 'messages sent and acknowledged',
  deliveredLive: 'of those, received live by the socket on the other process',
  missedWhileDown:
    "sent after Redis was killed and not received live (stored; the site's client fetches them when it reconnects)",
  resumedAfterRedisBackMs: 'from Redis started again to the first live delivery (ms)',
  deliveredAfterResume: 'live deliveries after that, of those sent',
  redisPartAfter: "/api/health's redis part at the end",
  socketReconnected: 'the server asked the socket to reconnect once Redis was back, and it did',
  clients:
    'chat clients (pairs of buyer and seller), each a real socket and its HTTP calls, through the balancer',
  socketsPerProcess: 'live sockets on each process just before the kill (from /metrics)',
  restartMs: 'from SIGKILL to the process answering /api/health again (ms)',
  reconnectedMs: 'from SIGKILL to every client connected again and done catching up (ms)',
  reconnects: 'client reconnections (each followed by the catch-up fetch)',
  caughtUp: 'messages a client got from its catch-up fetch, not live',
  undelivered: "acknowledged messages missing from their recipient's thread at the end",
  deliveredTwice: 'messages whose live event reached their recipient more than once',
  outOfOrder:
    "threads where the peer's messages, as the site orders them, differ from the order they were sent",
  settleMs: "from the last send to every acknowledged message in its recipient's thread (ms)",
  serverUnreadWrong:
    'clients whose /api/messages/unread-count differs from the messages they were sent (nobody reads)',
  badgeOff:
    "clients whose unread badge, kept as the site's client keeps it, is off from that, by how much (none: {})",
  onlineAtEnd: 'clients the surviving process reports online at the end, of all',
  offlineAfterCloseMs:
    'from closing every client to the surviving process reporting them all offline (ms; the killed process’s sockets are purged once its heartbeat expires)',
  uploadP99: 'upload latency p99 (ms), faults included',
  photoRowsAfterCut: 'uploaded photo rows once the uploads after the relay cut were done',
  rowsWithoutFilesAfterCut: "of those, 'ready' rows missing a file",
  stillProcessingAfterCut: "of those, still 'processing' 60 s after the uploads ended",
  orphanPhotosAfterCut: 'photos with files but no row at that point (the sweep had 60 s)',
  orphanOriginalsAfterCut: 'kept originals with no row at that point',
  interruptedAtKill: 'uploads and deletions in flight when the server was killed',
  photoRowsAfterKill: 'uploaded photo rows once the uploads after the kill were done',
  rowsWithoutFilesAfterKill: "of those, 'ready' rows missing a file",
  stillProcessingAfterKill: "of those, still 'processing' 60 s after the uploads ended",
  orphanPhotosAfterKill: 'photos with files but no row (the sweep had 60 s)',
  orphanOriginalsAfterKill: 'kept originals with no row',
  originalMissingLogged: "error lines 'The original of the photo is missing'",
  virtualUsers: 'virtual users, each with its socket open',
  seconds: 'length of the run (s)',
  requestsPerSecond: 'requests per second, all kinds',
  errorRatePct:
    'requests unanswered or answered >= 400, and sign-ins whose code never came, of all requests (%)',
  signIns: 'sign-ups completed with the code from the mail catcher',
  failedSignIns: 'sign-ups whose code mail never came',
  listingP50: 'GET /api/listings/:id latency p50 (ms)',
  listingP99: 'GET /api/listings/:id latency p99 (ms)',
  searchP99: 'GET /api/search latency p99 (ms)',
  signInP99: 'register and verify requests latency p99 (ms)',
  messagesDelivered: "messages delivered live to the seller's socket, of those acknowledged",
  eventLoopP99MaxMs: "the server's event-loop delay p99, highest of its 5-s intervals (ms, /metrics)",
  eventLoopP99MedianMs: 'the same, median interval (ms)',
  heapAfterGcStartMb:
    'JS heap in use after the latest full collection, first sample after the warm-up (MB, /metrics)',
  heapAfterGcEndMb: 'the same, last sample (MB)',
  heapAfterGcSlopeMbPerMin:
    'its least-squares trend after the warm-up (MB per minute): what the process holds on to',
  heapAfterGcTrendPct: 'that trend over the sampled time, as a share of the mean (%)',
  heapAfterGcFloorRisePct:
    'lowest sample of the last third of the run over that of the first third (%; the scenario fails at 5: a leak)',
  heapTotalStartMb:
    "V8's heap as reserved from the system (used and free pages), first sample after the warm-up (MB)",
  heapTotalEndMb: 'the same, last sample (MB)',
  heapTotalFloorRisePct: 'the same floor comparison for the heap V8 reserves (%)',
  externalStartMb:
    "memory of buffers and native objects V8's heap points at, first sample after the warm-up (MB)",
  externalEndMb: 'the same, last sample (MB)',
  rssStartMb: "the server's resident memory after the warm-up (MB)",
  rssEndMb: 'at the end (MB)',
  rssMaxMb: 'highest sample (MB)',
  rssSlopeMbPerMin: 'least-squares trend of the samples after the warm-up (MB per minute)',
  rssTrendPct: 'that trend over the sampled time, as a share of the mean (%)',
  rssFloorRisePct: 'the same floor comparison for the resident memory (%; the scenario fails at 5)',
  loadAverage: "the machine's 1-minute load average at the start and the end",
  exit: "the server's exit and last log lines, when it died",
};

/** One scenario's section of the results: how and where it ran, then its figures. */
function section(result) {
  const command = ['npm run chaos', ...(process.argv.length > 2 ? ['--', ...process.argv.slice(2)] : [])];
  const lines = [
    `### ${result.name}`,
    '',
    `Run of ${new Date().toISOString().slice(0, 10)}: \`${command.join(' ')}\`` +
      ` (Node ${process.versions.node}, ${cpus().length} cores, load average ${result.loadAverageAtEnd} at its end:` +
      ' latencies are those of a shared machine, not targets).',
    '',
    '| figure | value | meaning |',
    '| --- | --- | --- |',
  ];
  for (const [key, meaning] of Object.entries(FIGURES)) {
    if (!(key in result) || result[key] === undefined) continue;
    const value = typeof result[key] === 'object' ? JSON.stringify(result[key]) : String(result[key]);
    lines.push(`| ${key} | ${value.replaceAll('|', '\\|')} | ${meaning} |`);
  }
  return lines.join('\n');
}

/** The results with the sections of this run's scenarios replaced or added, the others kept as they were. */
function mergeSections(previous, results) {
  const sections = new Map(
    previous
      .split(/^(?=### )/m)
      .filter((part) => part.startsWith('### '))
      .map((part) => [part.slice(4, part.indexOf('\n')).trim(), part.trim()]),
  );
  for (const result of results) sections.set(result.name, section(result));
  const order = Object.keys(SCENARIOS);
  return [...sections]
    .sort(([a], [b]) => order.indexOf(a) - order.indexOf(b))
    .map(([, text]) => text)
    .join('\n\n');
}

const START = '<!-- chaos results: start -->';
const END = '<!-- chaos results: end -->';

const SCENARIOS = {
  database: databaseScenario,
  'pg-restart': postgresRestartScenario,
  kill: killScenario,
  redis: redisScenario,
  'cluster-kill': clusterKillScenario,
  uploads: uploadsScenario,
  load: loadScenario,
};

async function main() {
  const only = options.only?.split(',');
  const unknown = only?.filter((name) => !(name in SCENARIOS)) ?? [];
  if (unknown.length > 0)
    throw new Error(`unknown scenario ${unknown.join(', ')}: ${Object.keys(SCENARIOS).join(', ')}`);
  buildStale();
  const results = [];
  for (const [name, run] of Object.entries(SCENARIOS)) {
    if (only && !only.includes(name)) continue;
    // kill runs on PGlite, pg-restart on a PostgreSQL server of its own.
    if (!['kill', 'pg-restart'].includes(name) && !POSTGRES_URL) {
      results.push({ name, skipped: 'no PostgreSQL answers (DATABASE_URL, else 127.0.0.1:5432)' });
      continue;
    }
    console.log(`chaos: ${name} …`);
    const result = await run();
    console.log(JSON.stringify(result, null, 2));
    results.push({ ...result, loadAverageAtEnd: loadavg()[0].toFixed(1) });
  }
  if (!options['no-write']) {
    const file = path.join(repoRoot, 'docs/reliability.md');
    const doc = await readFile(file, 'utf8');
    const [before, rest] = doc.split(START);
    const [previous, after] = rest.split(END);
    const updated = `${before}${START}\n\n${mergeSections(previous, results)}\n\n${END}${after}`;
    // Written as `npm run format` would write it, so the format check stays green.
    const prettier = await import('prettier');
    const config = await prettier.resolveConfig(file);
    await writeFile(file, await prettier.format(updated, { ...config, filepath: file }));
    console.log('chaos: figures written to docs/reliability.md');
  }
  const failed = results.filter((result) => result.ok === false).map((result) => result.name);
  if (failed.length > 0) {
    console.error(`chaos: expectations not met in ${failed.join(', ')}`);
    process.exitCode = 1;
  }
}

await main();
