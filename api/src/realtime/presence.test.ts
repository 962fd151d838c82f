// Presence across processes on a real Redis: two sites sharing one Redis server (two deployments,
// or two test runs at once) never take each other's processes for their own.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { createClient } from 'redis';
import { REDIS_URL, redisAnswers } from '../test/local-services.js';
import { waitFor } from '../test/wait-for.js';
import { createRedisPresence, PROCESS_HEARTBEAT_MS, type Presence, type WentOffline } from './presence.js';

const redisUp = await redisAnswers();
if (!redisUp) console.warn(`presence.test.ts skipped: no Redis answers at ${REDIS_URL} (set REDIS_URL)`);

(redisUp ? describe : describe.skip)('presence of several processes on one Redis', () => {
  const redis = createClient({ url: REDIS_URL });
  const prefix = (site: string) => `presence-test-${site}-${randomBytes(4).toString('hex')}`;
  const started: Presence[] = [];

  beforeAll(async () => {
    await redis.connect();
  });

  afterAll(async () => {
    for (const presence of started) presence.close();
    await redis.quit();
  });

  function startProcess(keyPrefix: string, heard: WentOffline[] = []) {
    const presence = createRedisPresence(redis, keyPrefix, (users) => heard.push(...users));
    started.push(presence);
    return presence;
  }

  /** As a process killed without a word: no more heartbeats, and its last one has expired. */
  async function kill(presence: Presence, keyPrefix: string) {
    presence.close();
    for (const key of await redis.keys(`${keyPrefix}:presence:process-alive:*`)) await redis.del(key);
  }

  it("announces a dead process's users offline on its own site only", async () => {
    const [siteA, siteB] = [prefix('a'), prefix('b')];
    const heardOnA: WentOffline[] = [];
    const heardOnB: WentOffline[] = [];
    const dying = startProcess(siteA);
    expect(await dying.connected('seller', 'socket-1')).toBe(true);
    // The survivor registers after the dying process's last heartbeat, so it alone is alive on A.
    await new Promise((resolve) => setTimeout(resolve, 100));
    await kill(dying, siteA);
    // Site B's process first, and its first heartbeat (at its start) over before site A's survivor
    // starts: B looks at the processes it knows first.
    startProcess(siteB, heardOnB);
    await new Promise((resolve) => setTimeout(resolve, 500));
    const survivorOnA = startProcess(siteA, heardOnA);

    await waitFor(
      async () => heardOnA,
      (heard) => heard.length > 0,
    );
    expect(heardOnA).toEqual([{ userId: 'seller', lastSeen: expect.any(String) }]);
    expect(await survivorOnA.statuses(['seller'])).toEqual({
      seller: { status: 'offline', lastSeen: heardOnA[0]!.lastSeen },
    });
    // Site B's process beat at least twice meanwhile and heard nothing of site A's.
    await new Promise((resolve) => setTimeout(resolve, 2 * PROCESS_HEARTBEAT_MS));
    expect(heardOnB).toEqual([]);
  }, 20_000);

  it('counts the sockets of a user id per site: the same id comes online on each', async () => {
    const [siteA, siteB] = [prefix('a'), prefix('b')];
    expect(await startProcess(siteA).connected('buyer', 'socket-a')).toBe(true);
    expect(await startProcess(siteB).connected('buyer', 'socket-b')).toBe(true);
  });
});
