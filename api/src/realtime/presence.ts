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
const LAST_SEEN_TTL_SECONDS = 30 * 24 * 60 * 60;

const socketsKey = (userId: string) => `presence:sockets:${userId}`;
const lastSeenKey = (userId: string) => `presence:last-seen:${userId}`;

/**
 * Several processes: each user's sockets are a Redis sorted set scored by expiry time. Each process
 * renews the scores of its own sockets; entries of a process that died expire after PRESENCE_TTL_MS
 * and the keys themselves expire when nobody renews them, so nothing piles up.
 */
export function createRedisPresence(redis: RedisClient): Presence {
  const local = new Map<string, string>(); // socketId → userId, held by this process
  const renew = setInterval(() => {
    const expiry = Date.now() + PRESENCE_TTL_MS;
    const batch = redis.multi();
    for (const [socketId, userId] of local) {
      batch.zAdd(socketsKey(userId), { score: expiry, value: socketId });
      batch.pExpire(socketsKey(userId), PRESENCE_TTL_MS);
    }
    if (local.size > 0) batch.exec().catch(() => undefined);
  }, PRESENCE_TTL_MS / 3);
  renew.unref();

  return {
    async connected(userId, socketId) {
      local.set(socketId, userId);
      const now = Date.now();
      const key = socketsKey(userId);
      // One transaction: of two sockets connecting at once on two processes, exactly one sees 1.
      const [, , live] = await redis
        .multi()
        .zRemRangeByScore(key, '-inf', now)
        .zAdd(key, { score: now + PRESENCE_TTL_MS, value: socketId })
        .zCard(key)
        .pExpire(key, PRESENCE_TTL_MS)
        .exec();
      return Number(live) === 1;
    },
    async disconnected(userId, socketId) {
      local.delete(socketId);
      const key = socketsKey(userId);
      const [removed, , live] = await redis
        .multi()
        .zRem(key, socketId)
        .zRemRangeByScore(key, '-inf', Date.now())
        .zCard(key)
        .exec();
      if (Number(removed) === 0 || Number(live) > 0) return null;
      const at = new Date().toISOString();
      await redis.set(lastSeenKey(userId), at, { EX: LAST_SEEN_TTL_SECONDS });
      return at;
    },
    async statuses(userIds) {
      if (userIds.length === 0) return {};
      const batch = redis.multi();
      for (const id of userIds) {
        batch.zCount(socketsKey(id), Date.now(), '+inf');
        batch.get(lastSeenKey(id));
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
    },
  };
}
