import { SOCKET_PATH } from '@carmarket/shared/constants';
import {
  SOCKET_AUTH_FAILED_MESSAGE,
  type ClientToServerEvents,
  type ServerToClientEvents,
} from '@carmarket/shared/contracts';
import { createAdapter } from '@socket.io/redis-adapter';
import type { FastifyBaseLogger } from 'fastify';
import type { Server as HttpServer } from 'node:http';
import { createClient } from 'redis';
import { Server } from 'socket.io';
import type { AccessTokens } from '../modules/auth/tokens.js';
import { userRoom } from './event-bus.js';
import { createMemoryPresence, createRedisPresence, type Presence } from './presence.js';

export interface SocketData {
  userId: string;
}

export type RealtimeServer = Server<
  ClientToServerEvents,
  ServerToClientEvents,
  Record<string, never>,
  SocketData
>;

export interface Realtime {
  io: RealtimeServer;
  presence: Presence;
  log: FastifyBaseLogger;
  close(): Promise<void>;
}

export interface RealtimeOptions {
  accessTokens: AccessTokens;
  redisUrl: string | undefined;
  corsOrigins: string[];
  log: FastifyBaseLogger;
}

/**
 * socket.io on the API's own HTTP server. WebSocket only: no long-polling fallback, which also
 * means several API processes need no sticky sessions, only the Redis adapter.
 */
export async function createRealtimeServer(
  httpServer: HttpServer,
  { accessTokens, redisUrl, corsOrigins, log }: RealtimeOptions,
): Promise<Realtime> {
  const io: RealtimeServer = new Server(httpServer, {
    path: SOCKET_PATH,
    serveClient: false,
    transports: ['websocket'],
    cors: corsOrigins.length > 0 ? { origin: corsOrigins } : undefined,
  });

  const redisClients: ReturnType<typeof createClient>[] = [];
  let presence = createMemoryPresence();
  if (redisUrl) {
    const publisher = createClient({ url: redisUrl });
    const subscriber = publisher.duplicate();
    for (const client of [publisher, subscriber]) {
      // node-redis reconnects by itself; without a listener an error event would crash the process.
      client.on('error', (error: Error) => log.error({ err: error }, 'redis connection error'));
      redisClients.push(client);
    }
    await Promise.all([publisher.connect(), subscriber.connect()]);
    io.adapter(createAdapter(publisher, subscriber));
    // The publisher is a normal connection (only the subscriber is in subscribe mode).
    presence = createRedisPresence(publisher);
  }

  io.use(async (socket, next) => {
    const token: unknown = socket.handshake.auth?.token;
    const userId = await accessTokens.verify(typeof token === 'string' ? token : undefined);
    if (!userId) return next(new Error(SOCKET_AUTH_FAILED_MESSAGE));
    socket.data.userId = userId;
    next();
  });

  // Everyone hears who comes online and goes offline: presence dots show on any conversation row.
  // Presence writes still running; closing waits for them before quitting Redis.
  const pendingPresence = new Set<Promise<unknown>>();
  const track = <T>(update: Promise<T>): Promise<T> => {
    pendingPresence.add(update);
    void update.finally(() => pendingPresence.delete(update)).catch(() => undefined);
    return update;
  };

  io.on('connection', (socket) => {
    const { userId } = socket.data;
    void socket.join(userRoom(userId));
    track(presence.connected(userId, socket.id)).then(
      (first) => {
        if (first) io.emit('user-status-changed', { userId, status: 'online', lastSeen: null });
      },
      (error: unknown) => log.error({ err: error }, 'presence update failed'),
    );
    socket.on('disconnect', () => {
      track(presence.disconnected(userId, socket.id)).then(
        (lastSeen) => {
          if (lastSeen) io.emit('user-status-changed', { userId, status: 'offline', lastSeen });
        },
        (error: unknown) => log.warn({ err: error }, 'presence update failed'),
      );
    });
  });

  return {
    io,
    presence,
    log,
    async close() {
      presence.close();
      // Drops live connections (which would otherwise keep the HTTP server from closing) and
      // detaches from the server that Fastify closes itself.
      // `local`: with the Redis adapter a plain disconnectSockets would close every process's sockets.
      io.local.disconnectSockets(true);
      await Promise.allSettled(pendingPresence);
      io.engine.close();
      await Promise.all(redisClients.map((client) => client.quit()));
    },
  };
}
