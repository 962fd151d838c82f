import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { request as httpRequest } from 'node:http';
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

const WEBSOCKET_HEADERS = {
  connection: 'Upgrade',
  upgrade: 'websocket',
  'sec-websocket-key': 'dGhlIHNhbXBsZSBub25jZQ==',
  'sec-websocket-version': '13',
};

/** A raw WebSocket upgrade request: the status, type and body it is answered with (101 if upgraded). */
function upgradeRequest(
  path: string,
  { method = 'GET', headers = WEBSOCKET_HEADERS }: { method?: string; headers?: Record<string, string> } = {},
) {
  return new Promise<{ status: number; type?: string; body?: unknown }>((resolve, reject) => {
    const req = httpRequest(`${t.baseUrl}${path}`, { method, headers });
    req.on('upgrade', (res, socket) => {
      socket.destroy();
      resolve({ status: res.statusCode ?? 0 });
    });
    req.on('response', (res) => {
      let text = '';
      res.on('data', (chunk: Buffer) => (text += chunk.toString()));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, type: res.headers['content-type'], body: JSON.parse(text) }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

// The server is WebSocket only: whatever else reaches the socket.io path is refused in the API's
// envelope, not in engine.io's or ws's own shapes.
describe('requests on the socket.io path that do not open a live connection', () => {
  const notWebSocket = {
    success: false,
    error: 'The live connection opens as a WebSocket only',
    code: 'BAD_REQUEST',
  };

  it.each([
    ['an unknown protocol', 'GET', '/socket.io/?EIO=9'],
    ['the long-polling transport', 'GET', '/socket.io/?EIO=4&transport=polling'],
    ['a long-polling post', 'POST', '/socket.io/?EIO=4&transport=polling'],
    ['the WebSocket transport without an upgrade', 'GET', '/socket.io/?EIO=4&transport=websocket'],
  ])('answers %s over plain HTTP with 400 in the envelope', async (_label, method, path) => {
    const res = await t.request(method, path);
    expect(res.status).toBe(400);
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(res.body).toEqual(notWebSocket);
  });

  it("answers a plain request naming a live connection's session (engine.io never answered it)", async () => {
    const token = await createAccessTokens(TEST_JWT_SECRET).sign('00000000-0000-4000-8000-000000000004');
    const socket = open({ token });
    expect(await outcome(socket)).toEqual({ connected: true });
    const res = await t.request('GET', `/socket.io/?EIO=4&transport=websocket&sid=${socket.io.engine.id}`);
    expect(res.status).toBe(400);
    expect(res.body).toEqual(notWebSocket);
  });

  const { 'sec-websocket-key': _key, ...withoutKey } = WEBSOCKET_HEADERS;
  it.each([
    ['the long-polling transport', '/socket.io/?EIO=4&transport=polling', {}],
    ['an old protocol (refused after the upgrade before)', '/socket.io/?EIO=3&transport=websocket', {}],
    ['an unknown session', '/socket.io/?EIO=4&transport=websocket&sid=nonsense', {}],
    ['no WebSocket key', '/socket.io/?EIO=4&transport=websocket', { headers: withoutKey }],
    ['a POST', '/socket.io/?EIO=4&transport=websocket', { method: 'POST' }],
  ])('refuses an upgrade with %s with 400 in the envelope', async (_label, path, options) => {
    expect(await upgradeRequest(path, options)).toEqual({
      status: 400,
      type: 'application/json; charset=utf-8',
      body: { success: false, error: 'Bad request', code: 'BAD_REQUEST' },
    });
  });

  it("upgrades a client's handshake", async () => {
    expect(await upgradeRequest('/socket.io/?EIO=4&transport=websocket')).toEqual({ status: 101 });
  });
});

describe('with CORS_ORIGINS', () => {
  const origin = 'https://cars.example';
  let cors: TestApp;

  beforeAll(async () => {
    cors = await startTestApp({ listen: true, env: { CORS_ORIGINS: origin } });
  }, STARTUP_TIMEOUT_MS);

  afterAll(() => cors?.close());

  it('answers a preflight for the allowed origin, and a refusal carries its CORS header', async () => {
    const headers = { origin, 'access-control-request-method': 'GET' };
    const preflight = await cors.request('OPTIONS', '/socket.io/?EIO=4&transport=websocket', { headers });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe(origin);

    const refused = await cors.request('GET', '/socket.io/?EIO=9', { headers: { origin } });
    expect(refused.status).toBe(400);
    expect(refused.headers.get('access-control-allow-origin')).toBe(origin);
    expect(refused.body).toMatchObject({ success: false, code: 'BAD_REQUEST' });
  });

  it('connects a client from the allowed origin', async () => {
    const socket = connect(cors.baseUrl, {
      path: '/socket.io',
      transports: ['websocket'],
      auth: { token: await createAccessTokens(TEST_JWT_SECRET).sign('00000000-0000-4000-8000-000000000005') },
      extraHeaders: { origin },
      reconnection: false,
    });
    sockets.push(socket);
    expect(await outcome(socket)).toEqual({ connected: true });
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
