import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createAccessTokens } from '../modules/auth/tokens.js';
import { freePort } from '../../../scripts/lib/listening-port.mjs';
import { redisAnswers } from '../test/local-services.js';
import { openSocket, type TestSocket } from '../test/socket-client.js';
import { STARTUP_TIMEOUT_MS, startTestApp, TEST_JWT_SECRET, type TestApp } from '../test/test-app.js';
import { waitFor } from '../test/wait-for.js';

// A Redis of the test's own (the machine's is shared, and this one is killed on purpose).
const hasRedisServer = spawnSync('redis-server', ['--version']).status === 0;
if (!hasRedisServer) console.warn('Skipping the Redis outage test: no redis-server on PATH');

(hasRedisServer ? describe : describe.skip)('when Redis goes away and comes back', () => {
  let port: number;
  let dir: string;
  let redis: ChildProcess;
  let t: TestApp;
  let socket: TestSocket | undefined;

  const startRedis = () => {
    redis = spawn(
      'redis-server',
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--dir', dir],
      {
        stdio: 'ignore',
      },
    );
  };
  const redisPart = async () => (await t.request('GET', '/api/health')).body.data.parts.redis as string;

  beforeAll(async () => {
    port = await freePort();
    dir = await mkdtemp(path.join(tmpdir(), 'carmarket-redis-outage-'));
    startRedis();
    const redisUrl = `redis://127.0.0.1:${port}`;
    await waitFor(() => redisAnswers(redisUrl), Boolean);
    t = await startTestApp({ listen: true, env: { REDIS_URL: redisUrl } });
  }, STARTUP_TIMEOUT_MS);

  afterAll(async () => {
    socket?.disconnect();
    await t?.close();
    redis?.kill('SIGKILL');
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('reports Redis down, then asks live connections to reconnect (and catch up) once it is back', async () => {
    const token = await createAccessTokens(TEST_JWT_SECRET).sign(randomUUID());
    socket = await openSocket(t.baseUrl, token, { reconnection: true, reconnectionDelay: 100 });
    expect(await redisPart()).toBe('up');

    const exited = new Promise((resolve) => redis.once('exit', resolve));
    redis.kill('SIGKILL');
    await exited;
    expect(await waitFor(redisPart, (part) => part === 'down')).toBe('down');
    // The socket itself is not affected by the outage.
    expect(socket.connected).toBe(true);

    const closed = new Promise<string>((resolve) => socket!.once('disconnect', resolve));
    const reconnected = new Promise<void>((resolve) =>
      socket!.once('disconnect', () => socket!.once('connect', () => resolve())),
    );
    startRedis();
    // A transport closed under the client, which reconnects by itself and runs its catch-up.
    expect(await closed).toBe('transport close');
    await reconnected;
    expect(socket.connected).toBe(true);
    expect(await waitFor(redisPart, (part) => part === 'up')).toBe('up');
  }, 30_000);
});
