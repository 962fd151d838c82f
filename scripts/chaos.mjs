#!/usr/bin/env node
// npm run chaos — faults done for real on this machine, against the built server (`api/dist`) in its
// own processes on loopback; the figures go into docs/reliability.md (between its results markers).
//
//   database   PostgreSQL (DATABASE_URL, else 127.0.0.1:5432), a throwaway database reached through a
//              TCP relay. Mixed load (searches, listing pages, favorites, messages); every 2 s every
//              connection of the API is terminated (pg_terminate_backend); once, mid-run, the relay
//              is cut for 5 s (PostgreSQL unreachable, as during its restart). Expected: no 500, each
//              refusal a 503 with Retry-After in the envelope, every message acknowledged stored once
//              (clients resend refused ones with the same clientMessageId), normal within 5 s.
//   kill       PGlite on disk. Writers send messages; the server process is killed (SIGKILL) every few
//              seconds and started again on the same data directory. Expected: it starts every time,
//              and every message acknowledged before a kill is there, once.
//   redis      A redis-server of its own and two API processes on PostgreSQL. A socket on the first,
//              messages sent through the second; Redis is restarted mid-run. Expected: live events
//              resume without restarting the API; how long they were missing.
//
// Options: --seconds S (load per scenario, default 30), --clients N (default 50),
//          --only database|kill|redis, --no-write (print the figures, leave docs/reliability.md alone).
// Bounded: every scenario stops at its deadline; the whole run takes about 3 × S plus start-ups.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { tsImport } from 'tsx/esm/api';
import { drizzleModule, freePort, onPostgres, postgresUrl, withDatabase } from './lib/bench-setup.mjs';
import { buildStale, repoRoot } from './lib/build.mjs';

const { values: options } = parseArgs({
  options: {
    seconds: { type: 'string', default: '30' },
    clients: { type: 'string', default: '50' },
    only: { type: 'string' },
    'no-write': { type: 'boolean', default: false },
  },
});
const LOAD_MS = Number(options.seconds) * 1000;
const CLIENTS = Number(options.clients);
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
  const child = spawn(process.execPath, [path.join(repoRoot, 'api/dist/server.js')], {
    cwd: repoRoot,
    env: {
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
 * Migrates the database, adds demo listings (with their photos) and buyers, and returns what the
 * clients need: listings with their sellers, and buyers with access tokens.
 */
async function prepareData(databaseConfig, dataDir) {
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
      listings: 60,
      seed: 14,
    });
    const users = new UsersRepository(database.db);
    const tokens = createAccessTokens(JWT_SECRET);
    const buyers = [];
    for (let i = 0; i < CLIENTS; i++) {
      const row = await users.upsertVerified(`chaos-buyer-${i}@example.com`);
      buyers.push({ id: row.id, token: await tokens.sign(row.id) });
    }
    // Old enough accounts: the first-day limit on new conversations is not what is tested here.
    await database.db.execute(
      (await drizzleSql())`update users set created_at = now() - interval '30 days' where email like 'chaos-buyer-%'`,
    );
    const listings = (
      await database.db.execute(
        (await drizzleSql())`select id, seller_id from listings where status = 'active' order by id limit 40`,
      )
    ).rows.map((row) => ({ id: row.id, sellerId: row.seller_id }));
    return { buyers, listings };
  } finally {
    await database.close();
  }
}

const drizzleSql = async () => (await drizzleModule('.')).sql;

// ---------------------------------------------------------------------------------------------
// Load

const percentileMs = (values, p) => (values.length > 0 ? Math.round(percentile(values, p)) : undefined);

function percentile(values, p) {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

/** Tallies of every answer: status counts, failures that break the contract, latencies by kind. */
function newTally() {
  return { statuses: {}, broken: [], latencies: { read: [], write: [] }, networkErrors: 0, requests: 0 };
}

async function call(tally, baseUrl, { method = 'GET', url, token, json, kind = 'read' }) {
  const started = performance.now();
  tally.requests++;
  let res;
  let text;
  try {
    res = await fetch(baseUrl() + url, {
      method,
      headers: {
        ...(json ? { 'content-type': 'application/json' } : {}),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: json ? JSON.stringify(json) : undefined,
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    text = await res.text();
  } catch {
    tally.networkErrors++;
    return { status: 0 };
  }
  tally.latencies[kind].push(performance.now() - started);
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

async function databaseScenario() {
  const name = `carmarket_chaos_${randomBytes(5).toString('hex')}`;
  await onPostgres(POSTGRES_URL, `create database ${name}`);
  const dataDir = await mkdtemp(path.join(tmpdir(), 'carmarket-chaos-db-'));
  const target = new URL(POSTGRES_URL);
  const relay = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
  const direct = withDatabase(POSTGRES_URL, name);
  const throughRelay = Object.assign(new URL(direct), { host: `127.0.0.1:${relay.port}` }).toString();
  const log = [];
  let server;
  try {
    const data = await prepareData({ driver: 'postgres', url: direct }, dataDir);
    server = await startApi({ dataDir, env: { DATABASE_URL: throughRelay }, log });
    const tally = newTally();
    const sent = [];
    const deadline = Date.now() + LOAD_MS;
    const users = data.buyers.map((buyer, index) =>
      virtualUser({
        tally,
        baseUrl: () => server.url,
        buyer: { ...buyer, index },
        listings: data.listings,
        deadline,
        sent,
      }),
    );
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
          [name],
        );
        terminations++;
        terminated += rows[0].n;
      }
    })();
    await Promise.all([...users, faults]);
    const alive = server.child.exitCode === null && server.child.signalCode === null;
    const stored = await countStored((sql, params) => onPostgres(direct, sql, params), sent);
    const summary = summarise(tally);
    return {
      name: 'database',
      ok:
        alive &&
        summary.brokenCount === 0 &&
        stored.missing === 0 &&
        stored.duplicated === 0 &&
        recoveryMs <= RECOVERY_TARGET_MS,
      ...summary,
      terminations,
      connectionsTerminated: terminated,
      outageSeconds: 5,
      recoveryMs,
      alive,
      ...stored,
      serverErrorsLogged: log
        .join('')
        .split('\n')
        .filter((line) => /"level":50/.test(line)).length,
      exit: alive
        ? undefined
        : `${server.child.exitCode ?? server.child.signalCode}: ${log.join('').slice(-1500)}`,
    };
  } finally {
    if (server) await stopApi(server);
    await relay.cut();
    await onPostgres(POSTGRES_URL, `drop database if exists ${name} with (force)`);
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
  if (spawnSync('redis-server', ['--version']).status !== 0)
    return { name: 'redis', skipped: 'no redis-server' };
  const redisPort = await freePort();
  const redisDir = await mkdtemp(path.join(tmpdir(), 'carmarket-chaos-redis-'));
  const startRedis = () =>
    spawn(
      'redis-server',
      ['--port', String(redisPort), '--bind', '127.0.0.1', '--save', '', '--dir', redisDir],
      {
        stdio: 'ignore',
      },
    );
  let redis = startRedis();
  const name = `carmarket_chaos_${randomBytes(5).toString('hex')}`;
  await onPostgres(POSTGRES_URL, `create database ${name}`);
  const url = withDatabase(POSTGRES_URL, name);
  const dataDir = await mkdtemp(path.join(tmpdir(), 'carmarket-chaos-two-'));
  const servers = [];
  const { io } = await import('socket.io-client');
  let socket;
  try {
    const data = await prepareData({ driver: 'postgres', url }, dataDir);
    const env = { DATABASE_URL: url, REDIS_URL: `redis://127.0.0.1:${redisPort}` };
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
      redis.kill('SIGKILL');
      await new Promise((resolve) => redis.once('exit', resolve));
      await sleep(2000);
      redis = startRedis();
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
    redis.kill('SIGKILL');
    await onPostgres(POSTGRES_URL, `drop database if exists ${name} with (force)`);
    await rm(dataDir, { recursive: true, force: true });
    await rm(redisDir, { recursive: true, force: true });
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
  recoveryMs: 'from the relay restored to /api/ready answering 200 (ms)',
  alive: 'the server process was still running at the end',
  serverErrorsLogged: 'error-level lines in the server log',
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
  exit: "the server's exit and last log lines, when it died",
};

function markdown(results) {
  const [load1] = loadavg();
  const lines = [
    `Run of ${new Date().toISOString().slice(0, 10)}: \`npm run chaos -- --seconds ${options.seconds} --clients ${CLIENTS}\`` +
      ` (Node ${process.versions.node}, ${cpus().length} cores, load average ${load1.toFixed(1)} at the end:` +
      ' latencies are those of a shared machine, not targets).',
    '',
  ];
  for (const result of results) {
    lines.push(`### ${result.name}`, '', '| figure | value | meaning |', '| --- | --- | --- |');
    for (const [key, meaning] of Object.entries(FIGURES)) {
      if (!(key in result) || result[key] === undefined) continue;
      const value = typeof result[key] === 'object' ? JSON.stringify(result[key]) : String(result[key]);
      lines.push(`| ${key} | ${value.replaceAll('|', '\\|')} | ${meaning} |`);
    }
    lines.push('');
  }
  return lines.join('\n');
}

const START = '<!-- chaos results: start -->';
const END = '<!-- chaos results: end -->';

async function main() {
  buildStale();
  const scenarios = { database: databaseScenario, kill: killScenario, redis: redisScenario };
  const results = [];
  for (const [name, run] of Object.entries(scenarios)) {
    if (options.only && options.only !== name) continue;
    if (name !== 'kill' && !POSTGRES_URL) {
      results.push({ name, skipped: 'no PostgreSQL answers (DATABASE_URL, else 127.0.0.1:5432)' });
      continue;
    }
    console.log(`chaos: ${name} …`);
    const result = await run();
    console.log(JSON.stringify(result, null, 2));
    results.push(result);
  }
  if (!options['no-write']) {
    const file = path.join(repoRoot, 'docs/reliability.md');
    const doc = await readFile(file, 'utf8');
    const [before, rest] = doc.split(START);
    const after = rest.split(END)[1];
    const updated = `${before}${START}\n\n${markdown(results)}\n${END}${after}`;
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
