// The refresh flow against a real HTTP server on 127.0.0.1 (node environment, so axios uses its
// node adapter and the requests really travel over sockets).
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { testUser } from '../test-support/fixtures.js';
import { MemoryStorage } from '../test-support/memory-storage.js';

// The session store persists to localStorage; give node an in-memory one before it loads.
globalThis.localStorage = new MemoryStorage();

const { http, httpClient, httpErrorStatus, getErrorMessage, getRequestId, setSessionExpiredHandler } =
  await import('./http.js');
const { useSessionStore } = await import('../state/session.js');

const user = testUser;

interface Recorded {
  method: string;
  url: string;
  authorization: string | undefined;
  body: string;
}

let server: Server;
let requests: Recorded[] = [];
/** The access token the server currently accepts. */
let validAccessToken = 'fresh-access';
/** How POST /auth/refresh answers. */
let refreshReply: (res: ServerResponse, body: string) => void;

function json(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'Content-Type': 'application/json' });
  res.end(JSON.stringify(body));
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => resolve(body));
  });
}

beforeAll(async () => {
  server = createServer(async (req, res) => {
    const body = await readBody(req);
    requests.push({
      method: req.method ?? '',
      url: req.url ?? '',
      authorization: req.headers.authorization,
      body,
    });
    if (req.url === '/api/auth/refresh') {
      // Slow enough that the other requests' 401s arrive while the refresh is in flight.
      setTimeout(() => refreshReply(res, body), 50);
      return;
    }
    if (req.url === '/api/listings/broken') {
      res.writeHead(503, { 'Content-Type': 'application/json', 'X-Request-Id': 'req-from-header' });
      res.end(
        JSON.stringify({ success: false, error: 'Down', code: 'SERVICE_UNAVAILABLE', requestId: 'req-42' }),
      );
      return;
    }
    if (req.url === '/api/listings/plain-failure') {
      res.writeHead(502, { 'X-Request-Id': 'req-from-header' });
      res.end('Bad gateway');
      return;
    }
    if (req.url === '/api/auth/login') {
      json(res, 401, { success: false, error: 'Invalid or expired code', code: 'INVALID_CODE' });
      return;
    }
    if (req.headers.authorization !== `Bearer ${validAccessToken}`) {
      json(res, 401, { success: false, error: 'Token expired', code: 'UNAUTHENTICATED' });
      return;
    }
    json(res, 200, { success: true, data: { path: req.url } });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  (await httpClient()).defaults.baseURL = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

let sessionExpired: jest.Mock<() => void>;

beforeEach(() => {
  requests = [];
  validAccessToken = 'fresh-access';
  refreshReply = (res) =>
    json(res, 200, {
      success: true,
      data: { tokens: { accessToken: 'fresh-access', refreshToken: 'fresh-refresh' } },
    });
  sessionExpired = jest.fn<() => void>();
  setSessionExpiredHandler(sessionExpired);
  useSessionStore.getState().setAuth(user, { accessToken: 'stale-access', refreshToken: 'old-refresh' });
});

afterEach(() => useSessionStore.getState().logout());

const refreshCalls = () => requests.filter((request) => request.url === '/api/auth/refresh');

describe('http', () => {
  it('sends the bearer token and uses the API base path', async () => {
    useSessionStore.getState().setTokens({ accessToken: 'fresh-access', refreshToken: 'old-refresh' });
    const response = await http.get('/listings/favorites');
    expect(response.data.data).toEqual({ path: '/api/listings/favorites' });
    expect(requests).toEqual([expect.objectContaining({ authorization: 'Bearer fresh-access' })]);
    expect(refreshCalls()).toHaveLength(0);
  });

  it('refreshes once for three concurrent 401s and retries all three with the new token', async () => {
    const responses = await Promise.all([
      http.get('/auth/me'),
      http.get('/listings/favorites'),
      http.get('/messages/unread-count'),
    ]);

    expect(responses.map((response) => response.data.data.path)).toEqual([
      '/api/auth/me',
      '/api/listings/favorites',
      '/api/messages/unread-count',
    ]);
    expect(refreshCalls()).toHaveLength(1);
    expect(JSON.parse(refreshCalls()[0]!.body)).toEqual({ refreshToken: 'old-refresh' });
    const retries = requests.filter(
      (request) => request.url !== '/api/auth/refresh' && request.authorization === 'Bearer fresh-access',
    );
    expect(retries).toHaveLength(3);
    expect(useSessionStore.getState()).toMatchObject({
      accessToken: 'fresh-access',
      refreshToken: 'fresh-refresh',
      isAuthenticated: true,
    });
    expect(sessionExpired).not.toHaveBeenCalled();
  });

  it.each([
    ['data (tokens at data level)', { data: { accessToken: 'fresh-access', refreshToken: 'r2' } }],
    ['top level', { accessToken: 'fresh-access', refreshToken: 'r2' }],
  ])('accepts refreshed tokens under %s', async (_where, body) => {
    refreshReply = (res) => json(res, 200, body);
    await expect(http.get('/auth/me')).resolves.toMatchObject({ status: 200 });
    expect(useSessionStore.getState().refreshToken).toBe('r2');
  });

  it('logs out and calls the session-expired handler once when the refresh fails', async () => {
    refreshReply = (res) =>
      json(res, 401, { success: false, error: 'Session expired', code: 'INVALID_REFRESH_TOKEN' });
    const results = await Promise.allSettled([http.get('/auth/me'), http.get('/listings/favorites')]);

    expect(results.map((result) => result.status)).toEqual(['rejected', 'rejected']);
    expect(refreshCalls()).toHaveLength(1);
    expect(useSessionStore.getState()).toMatchObject({
      user: null,
      accessToken: null,
      isAuthenticated: false,
    });
    expect(localStorage.getItem('auth-storage')).toBeNull();
    expect(sessionExpired).toHaveBeenCalledTimes(1);
  });

  it('logs out without calling the server when there is no refresh token', async () => {
    useSessionStore.getState().setTokens({ accessToken: 'stale-access', refreshToken: '' });
    await expect(http.get('/auth/me')).rejects.toMatchObject({ response: { status: 401 } });
    expect(refreshCalls()).toHaveLength(0);
    expect(useSessionStore.getState().isAuthenticated).toBe(false);
    expect(sessionExpired).toHaveBeenCalledTimes(1);
  });

  it('does not refresh when a sign-in call answers 401, and returns the server message', async () => {
    const error = await http
      .post('/auth/login', { email: 'jane@example.com' })
      .catch((caught: unknown) => caught);
    expect(refreshCalls()).toHaveLength(0);
    expect(useSessionStore.getState().isAuthenticated).toBe(true);
    expect(getErrorMessage(error, 'Failed to send login code')).toBe('Invalid or expired code');
  });

  it('returns the second 401 to the caller instead of refreshing again', async () => {
    validAccessToken = 'never-issued';
    await expect(http.get('/auth/me')).rejects.toMatchObject({ response: { status: 401 } });
    expect(refreshCalls()).toHaveLength(1);
    expect(requests.filter((request) => request.url === '/api/auth/me')).toHaveLength(2);
  });
});

describe('httpErrorStatus', () => {
  it('reads the status the server answered, and nothing from other errors', async () => {
    const error = await http.post('/auth/login', {}).catch((caught: unknown) => caught);
    expect(httpErrorStatus(error)).toBe(401);
    expect(httpErrorStatus(new Error('network'))).toBeUndefined();
    expect(httpErrorStatus(undefined)).toBeUndefined();
  });
});

describe('getErrorMessage', () => {
  it('falls back when there is no server error text', () => {
    expect(getErrorMessage(new Error('network'), 'Failed to load favorites')).toBe(
      'Failed to load favorites',
    );
    expect(getErrorMessage(undefined, 'Something went wrong')).toBe('Something went wrong');
  });
});

describe('getRequestId', () => {
  it("reads the envelope's request id, else the X-Request-Id header, for error alerts", async () => {
    const enveloped = await http.get('/listings/broken').catch((caught: unknown) => caught);
    expect(getRequestId(enveloped)).toBe('req-42');
    const plain = await http.get('/listings/plain-failure').catch((caught: unknown) => caught);
    expect(getRequestId(plain)).toBe('req-from-header');
    expect(getRequestId(new Error('network'))).toBeUndefined();
  });
});
