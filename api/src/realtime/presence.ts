import { randomUUID } from 'node:crypto';
import type { PresenceMap } from '@carmarket/shared/contracts';
import type { createClient } from 'redis';

type RedisClient = ReturnType<typeof createClient>;

/**
 * Who is online (spec §3 "User presence"): a user is online while at least one of their sockets
 * is connected, to any API process; lastSeen is when their last socket went away.
 */
export interface Presence {
  /** Records a socket; true when it is the user's first (they just came online). */
  connected(userId: string, socketId: string): Promise<boolean>;
  /** Forgets a socket; when it was the user's last, returns their lastSeen time. */
  disconnected(userId: string, socketId: string): Promise<string | null>;
  statuses(userIds: string[]): Promise<PresenceMap>;
  close(): void;
}

/** One process alone: its own sockets are all there is. */
export function createMemoryPresence(): Presence {
  const sockets = new Map<string, Set<string>>();
  const lastSeen = new Map<string, string>();
  return {
    async connected(userId, socketId) {
      const own = sockets.get(userId) ?? new Set();
      own.add(socketId);
      sockets.set(userId, own);
      return own.size === 1;
    },
    async disconnected(userId, socketId) {
      const own = sockets.get(userId);
      if (!own?.delete(socketId) || own.size > 0) return null;
      sockets.delete(userId);
      const at = new Date().toISOString();
      lastSeen.set(userId, at);
      return at;
    },
    async statuses(userIds) {
      return Object.fromEntries(
        userIds.map((id) => [
          id,
          sockets.has(id)
            ? { status: 'online' as const, lastSeen: null }
            : { status: 'offline' as const, lastSeen: lastSeen.get(id) ?? null },
        ]),
      );
    },
    close() {},
  };
}

/** How long a socket counts as connected without its process renewing it (a crashed process). */
export const PRESENCE_TTL_MS = 60_000;
/**
 * Each process says it is alive this often, and is taken for dead when it has not for
 * PROCESS_ALIVE_TTL_MS: its sockets are then removed by another process, which announces the users
 * who went offline with them, instead of their entries lingering until PRESENCE_TTL_MS with nobody
 * told. Longer than any event-loop stall seen under load, so a slow process is not purged alive.
 */
export const PROCESS_HEARTBEAT_MS = 3000;
export const PROCESS_ALIVE_TTL_MS = 10_000;
const LAST_SEEN_TTL_SECONDS = 30 * 24 * 60 * 60;

/** The Redis keys of one site's presence, under its key prefix. */
function presenceKeys(prefix: string) {
  return {
    sockets: (userId: string) => `${prefix}:presence:sockets:${userId}`,
    lastSeen: (userId: string) => `${prefix}:presence:last-seen:${userId}`,
    processes: `${prefix}:presence:processes`,
    alive: (processId: string) => `${prefix}:presence:process-alive:${processId}`,
    processSockets: (processId: string) => `${prefix}:presence:process-sockets:${processId}`,
    purgeClaim: (processId: string) => `${prefix}:presence:process-purge:${processId}`,
  };
}

/** A user whose last socket was on a process that died. */
export interface WentOffline {
  userId: string;
  lastSeen: string;
}

/**
 * Several processes: each user's sockets are a Redis sorted set scored by expiry time. Each process
 * renews the scores of its own sockets; entries of a process that died expire after PRESENCE_TTL_MS
 * and the keys themselves expire when nobody renews them, so nothing piles up. Each process also
 * keeps a heartbeat key and a hash of its sockets (socketId → userId): when a process's heartbeat
 * expires, one survivor removes its sockets from their users' sets at once and passes the users left
 * with none to `onWentOffline`. Every key starts with `keyPrefix`: processes of another site on the
 * same Redis (another deployment, a test run beside this one) are never taken for this site's.
 */
export function createRedisPresence(
  redis: RedisClient,
  keyPrefix: string,
  onWentOffline: (users: WentOffline[]) => void = () => undefined,
): Presence {
  const keys = presenceKeys(keyPrefix);
  const processId = randomUUID();
  const ownSockets = keys.processSockets(processId);
  const local = new Map<string, string>(); // socketId → userId, held by this process
  const renew = setInterval(() => {
    const expiry = Date.now() + PRESENCE_TTL_MS;
    const batch = redis.multi();
    for (const [socketId, userId] of local) {
      batch.zAdd(keys.sockets(userId), { score: expiry, value: socketId });
      batch.pExpire(keys.sockets(userId), PRESENCE_TTL_MS);
      batch.hSet(ownSockets, socketId, userId);
    }
    batch.pExpire(ownSockets, PRESENCE_TTL_MS);
    if (local.size > 0) batch.exec().catch(() => undefined);
  }, PRESENCE_TTL_MS / 3);
  renew.unref();

  /** Removes a socket from its user's set; when it was their last live one, answers their lastSeen. */
  const removeSocket = async (userId: string, socketId: string): Promise<string | null> => {
    const key = keys.sockets(userId);
    const [removed, , live] = await redis
      .multi()
      .zRem(key, socketId)
      .zRemRangeByScore(key, '-inf', Date.now())
      .zCard(key)
      .exec();
    if (Number(removed) === 0 || Number(live) > 0) return null;
    const at = new Date().toISOString();
    await redis.set(keys.lastSeen(userId), at, { EX: LAST_SEEN_TTL_SECONDS });
    return at;
  };

  /** Removes a dead process's sockets; answers the users it left with no live socket. */
  const purge = async (deadId: string): Promise<WentOffline[]> => {
    const gone: WentOffline[] = [];
    for (const [socketId, userId] of Object.entries(await redis.hGetAll(keys.processSockets(deadId)))) {
      const lastSeen = await removeSocket(userId, socketId);
      if (lastSeen) gone.push({ userId, lastSeen });
    }
    await redis.multi().del(keys.processSockets(deadId)).sRem(keys.processes, deadId).exec();
    return gone;
  };

  const heartbeat = async () => {
    await redis
      .multi()
      .set(keys.alive(processId), '1', { PX: PROCESS_ALIVE_TTL_MS })
      .sAdd(keys.processes, processId)
      .exec();
    for (const other of await redis.sMembers(keys.processes)) {
      if (other === processId || (await redis.exists(keys.alive(other))) > 0) continue;
      // One survivor purges: whoever claims the dead process first (the claim outlives the purge).
      const claimed = await redis.set(keys.purgeClaim(other), processId, { NX: true, PX: PRESENCE_TTL_MS });
      if (claimed !== 'OK') continue;
      const gone = await purge(other);
      if (gone.length > 0) onWentOffline(gone);
    }
  };
  let beating: Promise<void> = Promise.resolve();
  const beat = () => {
    // One heartbeat at a time; a failed one (Redis away) is simply followed by the next.
    beating = beating.then(heartbeat).catch(() => undefined);
  };
  beat();
  const heartbeatTimer = setInterval(beat, PROCESS_HEARTBEAT_MS);
  heartbeatTimer.unref();

  return {
    async connected(userId, socketId) {
      local.set(socketId, userId);
      const now = Date.now();
      const key = keys.sockets(userId);
      // One transaction: of two sockets connecting at once on two processes, exactly one sees 1.
      const [, , live] = await redis
        .multi()
        .zRemRangeByScore(key, '-inf', now)
        .zAdd(key, { score: now + PRESENCE_TTL_MS, value: socketId })
        .zCard(key)
        .pExpire(key, PRESENCE_TTL_MS)
        .hSet(ownSockets, socketId, userId)
        .pExpire(ownSockets, PRESENCE_TTL_MS)
        .exec();
      return Number(live) === 1;
    },
    async disconnected(userId, socketId) {
      local.delete(socketId);
      const [lastSeen] = await Promise.all([
        removeSocket(userId, socketId),
        redis.hDel(ownSockets, socketId),
      ]);
      return lastSeen;
    },
    async statuses(userIds) {
      if (userIds.length === 0) return {};
      const batch = redis.multi();
      for (const id of userIds) {
        batch.zCount(keys.sockets(id), Date.now(), '+inf');
        batch.get(keys.lastSeen(id));
      }
      const replies = await batch.exec();
      return Object.fromEntries(
        userIds.map((id, index) => {
          const live = Number(replies[index * 2]);
          const lastSeen = replies[index * 2 + 1];
          return [
            id,
            live > 0
              ? { status: 'online' as const, lastSeen: null }
              : { status: 'offline' as const, lastSeen: typeof lastSeen === 'string' ? lastSeen : null },
          ];
        }),
      );
    },
    close() {
      clearInterval(renew);
      clearInterval(heartbeatTimer);
    },
  };
}
