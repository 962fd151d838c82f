import { SOCKET_PATH } from '@carmarket/shared/constants';
import {
  SOCKET_AUTH_FAILED_MESSAGE,
  type ClientToServerEvents,
  type ServerToClientEvents,
} from '@carmarket/shared/contracts';
import { createAdapter } from '@socket.io/redis-adapter';
import type { FastifyBaseLogger } from 'fastify';
import { ServerResponse, type IncomingMessage, type Server as HttpServer } from 'node:http';
import { createClient } from 'redis';
import { Server } from 'socket.io';
import { failure, rawFailureAnswer } from '../http/error-handler.js';
import type { AccessTokens } from '../modules/auth/tokens.js';
import { HandshakePacer } from './handshake-pacer.js';
import { userRoom } from './rooms.js';
import { createMemoryPresence, createRedisPresence, type Presence } from './presence.js';
import { PresenceAnnouncer, type PresenceAudience } from './presence-announcer.js';

/** A client that stops reading must not hold the shutdown: its socket is dropped after this. */
const SOCKETS_CLOSE_TIMEOUT_MS = 5000;

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
  /** Whether both Redis connections are ready; undefined without Redis (one process alone). */
  redisState(): 'up' | 'down' | undefined;
  close(): Promise<void>;
}

export interface RealtimeOptions {
  accessTokens: AccessTokens;
  /** Who hears a user come online or go offline (see PresenceAnnouncer). */
  presenceAudience: PresenceAudience;
  redisUrl: string | undefined;
  /** Starts every Redis key and channel of this site (REDIS_KEY_PREFIX). */
  redisKeyPrefix: string;
  corsOrigins: string[];
  log: FastifyBaseLogger;
}

/**
 * While Redis is away, events published by other processes never reach this process's sockets (and
 * theirs miss ours), yet the sockets stay connected, and clients catch up on what they missed only
 * when they reconnect. So once the subscriber is back, every local socket's transport is closed:
 * each client reconnects after its own randomised delay and fetches what it missed.
 */
function askToReconnectAfterRedisOutage(
  io: RealtimeServer,
  subscriber: ReturnType<typeof createClient>,
  log: FastifyBaseLogger,
): void {
  let lost = false;
  subscriber.on('reconnecting', () => {
    lost = true;
  });
  subscriber.on('ready', () => {
    if (!lost) return;
    lost = false;
    const sockets = [...io.of('/').sockets.values()];
    log.warn(`redis is back: ${sockets.length} live connections asked to reconnect and catch up`);
    for (const socket of sockets) socket.conn.close();
  });
}

/** A WebSocket key as ws takes it: 16 bytes in base64. */
const WEBSOCKET_KEY = /^[+/0-9A-Za-z]{22}==$/;

/**
 * Why a request on the socket.io path is not how our clients open the live connection (a GET
 * WebSocket upgrade of engine.io protocol 4, no session id, no subprotocol), or undefined if it is.
 */
function handshakeRefusal(request: IncomingMessage, upgrade: boolean): string | undefined {
  if (!upgrade) return 'The live connection opens as a WebSocket only';
  const query = new URL(request.url ?? '/', 'http://socket.io').searchParams;
  const { upgrade: protocol, 'sec-websocket-key': key, 'sec-websocket-version': version } = request.headers;
  const handshake =
    request.method === 'GET' &&
    query.get('EIO') === '4' &&
    query.get('transport') === 'websocket' &&
    !query.has('sid') &&
    protocol?.toLowerCase() === 'websocket' &&
    WEBSOCKET_KEY.test(key ?? '') &&
    (version === '13' || version === '8') &&
    request.headers['sec-websocket-protocol'] === undefined;
  return handshake ? undefined : 'Bad request';
}

/**
 * Refuses, in the API's envelope, every request on the socket.io path that is not a real client's
 * handshake. Without this, engine.io and ws refuse it in their own shapes (`{"code":0,"message":…}`,
 * or text/html for an upgrade), refuse an old protocol (EIO=3) only after the 101 was sent, and never
 * answer a plain request naming a live session. An engine middleware runs before all of their
 * checks, after the CORS middleware, so refusals keep the CORS headers.
 */
function refuseInEnvelope(request: IncomingMessage, response: unknown, next: () => void): void {
  const refusal = handshakeRefusal(request, !(response instanceof ServerResponse));
  if (!refusal) return next();
  const body = failure(refusal, 'BAD_REQUEST');
  if (response instanceof ServerResponse) {
    response.writeHead(400, { 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify(body));
    return;
  }
  // An upgrade: the answer goes on the raw socket, which no longer has Node's error listener.
  const { socket } = request;
  socket.on('error', () => undefined);
  socket.once('finish', () => socket.destroy());
  socket.end(rawFailureAnswer(400, body));
}

/**
 * socket.io on the API's own HTTP server. WebSocket only: no long-polling fallback, which also
 * means several API processes need no sticky sessions, only the Redis adapter.
 */
export async function createRealtimeServer(
  httpServer: HttpServer,
  { accessTokens, presenceAudience, redisUrl, redisKeyPrefix, corsOrigins, log }: RealtimeOptions,
): Promise<Realtime> {
  const handshakes = new HandshakePacer();
  const io: RealtimeServer = new Server(httpServer, {
    path: SOCKET_PATH,
    serveClient: false,
    transports: ['websocket'],
    allowRequest: (_request, allow) => handshakes.admit(() => allow(null, true)),
    cors: corsOrigins.length > 0 ? { origin: corsOrigins } : undefined,
  });
  io.engine.use(refuseInEnvelope);

  // A user's conversation partners hear them come online and go offline (their dots on conversation rows).
  const announcer = new PresenceAnnouncer(io, presenceAudience, log);
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
    io.adapter(createAdapter(publisher, subscriber, { key: `${redisKeyPrefix}:socket.io` }));
    // The publisher is a normal connection (only the subscriber is in subscribe mode).
    // Users whose last socket was on a process that died go offline for their partners too.
    presence = createRedisPresence(publisher, redisKeyPrefix, (wentOffline) => {
      for (const { userId, lastSeen } of wentOffline)
        announcer.announce({ userId, status: 'offline', lastSeen });
    });
    askToReconnectAfterRedisOutage(io, subscriber, log);
  }

  io.use(async (socket, next) => {
    const token: unknown = socket.handshake.auth?.token;
    const userId = await accessTokens.verify(typeof token === 'string' ? token : undefined);
    if (!userId) return next(new Error(SOCKET_AUTH_FAILED_MESSAGE));
    socket.data.userId = userId;
    next();
  });

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
        if (first) announcer.announce({ userId, status: 'online', lastSeen: null });
      },
      (error: unknown) => log.error({ err: error }, 'presence update failed'),
    );
    socket.on('disconnect', () => {
      track(presence.disconnected(userId, socket.id)).then(
        (lastSeen) => {
          if (lastSeen) announcer.announce({ userId, status: 'offline', lastSeen });
        },
        (error: unknown) => log.warn({ err: error }, 'presence update failed'),
      );
    });
  });

  return {
    io,
    presence,
    log,
    redisState: () =>
      redisClients.length === 0 ? undefined : redisClients.every((client) => client.isReady) ? 'up' : 'down',
    async close() {
      handshakes.close();
      presence.close();
      // Drops this process's live connections (which would otherwise keep the HTTP server from
      // closing) by closing their transports, after what is queued for them is written. Not
      // socket.disconnect(): a client told 'io server disconnect' stays offline, while after a
      // 'transport close' it reconnects by itself (to the next process) and catches up.
      const sockets = [...io.of('/').sockets.values()];
      const gone = Promise.all(
        sockets.map((socket) => new Promise((resolve) => socket.once('disconnect', resolve))),
      );
      io.engine.close();
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        gone,
        new Promise((resolve) => (timer = setTimeout(resolve, SOCKETS_CLOSE_TIMEOUT_MS))),
      ]);
      clearTimeout(timer);
      // The disconnects' presence updates and their announcements, before Redis goes.
      await Promise.allSettled(pendingPresence);
      await announcer.close();
      await Promise.all(redisClients.map((client) => client.quit()));
    },
  };
}
