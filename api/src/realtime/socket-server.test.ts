import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { io as connect, type Socket } from 'socket.io-client';
import { createAccessTokens } from '../modules/auth/tokens.js';
import { STARTUP_TIMEOUT_MS, startTestApp, TEST_JWT_SECRET, type TestApp } from '../test/test-app.js';

let t: TestApp;
const sockets: Socket[] = [];

beforeAll(async () => {
  t = await startTestApp({ listen: true });
}, STARTUP_TIMEOUT_MS);

// The server closes first, with sockets still connected: shutting down must not wait for them.
afterAll(async () => {
  await t?.close();
  sockets.forEach((socket) => socket.close());
});

function open(auth: Record<string, unknown>): Socket {
  const socket = connect(t.baseUrl, {
    path: '/socket.io',
    transports: ['websocket'],
    auth,
    reconnection: false,
  });
  sockets.push(socket);
  return socket;
}

const outcome = (socket: Socket) =>
  new Promise<{ connected: true } | { error: string }>((resolve) => {
    socket.once('connect', () => resolve({ connected: true }));
    socket.once('connect_error', (error) => resolve({ error: error.message }));
  });

describe('the live connection handshake', () => {
  it.each([
    ['no token', {}],
    ['a malformed token', { token: 'nonsense' }],
    ['a token signed with another secret', { token: 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.c2lnbmF0dXJl' }],
  ])('rejects %s with "Authentication failed"', async (_label, auth) => {
    expect(await outcome(open(auth))).toEqual({ error: 'Authentication failed' });
  });

  it('rejects a valid token sent in the URL rather than the handshake (ASVS 3.1.1: no tokens in URLs)', async () => {
    const token = await createAccessTokens(TEST_JWT_SECRET).sign('00000000-0000-4000-8000-000000000003');
    const socket = connect(t.baseUrl, {
      path: '/socket.io',
      transports: ['websocket'],
      query: { token },
      reconnection: false,
    });
    sockets.push(socket);
    expect(await outcome(socket)).toEqual({ error: 'Authentication failed' });
  });

  it('rejects an expired token', async () => {
    const { SignJWT } = await import('jose');
    const expired = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('00000000-0000-4000-8000-000000000001')
      .setIssuer('carmarket')
      .setExpirationTime('-1s')
      .sign(new TextEncoder().encode(TEST_JWT_SECRET));
    expect(await outcome(open({ token: expired }))).toEqual({ error: 'Authentication failed' });
  });

  it("accepts a valid access token and delivers events sent to the user's room", async () => {
    const userId = '00000000-0000-4000-8000-000000000002';
    const token = await createAccessTokens(TEST_JWT_SECRET).sign(userId);
    const socket = open({ token });
    expect(await outcome(socket)).toEqual({ connected: true });

    const received = new Promise((resolve) => socket.once('user-status-changed', resolve));
    const event = { userId, status: 'online' as const, lastSeen: null };
    t.app.events.toUser(userId, 'user-status-changed', event);
    expect(await received).toEqual(event);
  });
});

// Several API processes serve one site through the Redis adapter: an event emitted by one process
// reaches a socket connected to another. Runs when REDIS_URL points at a Redis server.
(process.env.REDIS_URL ? describe : describe.skip)('with REDIS_URL', () => {
  let other: TestApp;

  beforeAll(async () => {
    other = await startTestApp({ listen: true, env: { REDIS_URL: process.env.REDIS_URL! } });
  }, STARTUP_TIMEOUT_MS);

  afterAll(() => other?.close());

  it(
    'delivers events emitted by another API process',
    async () => {
      const sender = await startTestApp({ listen: true, env: { REDIS_URL: process.env.REDIS_URL! } });
      try {
        const userId = crypto.randomUUID();
        const socket = connect(other.baseUrl, {
          path: '/socket.io',
          transports: ['websocket'],
          auth: { token: await createAccessTokens(TEST_JWT_SECRET).sign(userId) },
          reconnection: false,
        });
        sockets.push(socket);
        expect(await outcome(socket)).toEqual({ connected: true });

        const event = { userId, status: 'offline' as const, lastSeen: new Date().toISOString() };
        // The socket's own presence ('online') is announced too, and may arrive first: wait for ours.
        const received = new Promise((resolve) =>
          socket.on('user-status-changed', (change) => {
            if (change.lastSeen === event.lastSeen) resolve(change);
          }),
        );
        sender.app.events.toUser(userId, 'user-status-changed', event);
        expect(await received).toEqual(event);
      } finally {
        await sender.close();
      }
    },
    STARTUP_TIMEOUT_MS,
  );
});
