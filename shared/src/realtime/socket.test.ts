/**
 * @jest-environment jsdom
 */
import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { act, renderHook } from '@testing-library/react';
import type { AxiosAdapter } from 'axios';
import { testUser } from '../test-support/fixtures.js';

interface SocketOptions {
  auth: { token: string };
  [option: string]: unknown;
}

/** Stands in for a socket.io-client Socket: records options and lets the test fire events. */
class FakeSocket {
  auth: { token: string };
  private handlers = new Map<string, ((arg: unknown) => void)[]>();
  connect = jest.fn();
  disconnect = jest.fn();

  constructor(readonly options: SocketOptions) {
    this.auth = options.auth;
  }

  on(event: string, handler: (arg: unknown) => void) {
    this.handlers.set(event, [...(this.handlers.get(event) ?? []), handler]);
    return this;
  }

  fire(event: string, arg?: unknown) {
    for (const handler of this.handlers.get(event) ?? []) handler(arg);
  }
}

const created: FakeSocket[] = [];
const io = jest.fn((options: SocketOptions) => {
  const socket = new FakeSocket(options);
  created.push(socket);
  return socket;
});
jest.unstable_mockModule('socket.io-client', () => ({ io }));

const { startRealtime, getSocket, useSocket, whenSocketReady } = await import('./socket.js');
const { httpClient, setSessionExpiredHandler } = await import('../api/http.js');
const httpInstance = await httpClient();
const { useSessionStore } = await import('../state/session.js');

const tokens = { accessToken: 'access-1', refreshToken: 'refresh-1' };
/** What POST /auth/refresh answers in these tests. */
let refreshOutcome: 'ok' | 'fail';
const refreshAdapter: AxiosAdapter = async (config) => {
  if (refreshOutcome === 'fail') {
    throw Object.assign(new Error('Request failed with status code 401'), { isAxiosError: true, config });
  }
  return {
    data: { success: true, data: { tokens: { accessToken: 'access-2', refreshToken: 'refresh-2' } } },
    status: 200,
    statusText: 'OK',
    headers: {},
    config,
  };
};

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));
let stop: () => void;
let sessionExpired: jest.Mock<() => void>;

beforeEach(() => {
  created.length = 0;
  io.mockClear();
  refreshOutcome = 'ok';
  httpInstance.defaults.adapter = refreshAdapter;
  sessionExpired = jest.fn<() => void>();
  setSessionExpiredHandler(sessionExpired);
  stop = startRealtime();
});

afterEach(() => {
  stop();
  useSessionStore.getState().logout();
});

async function signIn() {
  useSessionStore.getState().setAuth(testUser, tokens);
  const socket = await whenSocketReady();
  return socket as unknown as FakeSocket;
}

describe('socket singleton', () => {
  it('does not load socket.io-client or connect for a guest', async () => {
    await flush();
    expect(io).not.toHaveBeenCalled();
    expect(getSocket()).toBeNull();
  });

  it('connects once signed in, over websocket with the token and the spec reconnection settings', async () => {
    const socket = await signIn();
    expect(io).toHaveBeenCalledTimes(1);
    expect(io).toHaveBeenCalledWith({
      path: '/socket.io',
      auth: { token: 'access-1' },
      transports: ['websocket'],
      reconnectionAttempts: 5,
      reconnectionDelay: 1000,
    });
    expect(getSocket()).toBe(socket);
  });

  it('hands a refreshed token to the same socket instead of opening another', async () => {
    const socket = await signIn();
    useSessionStore.getState().setTokens({ accessToken: 'access-9', refreshToken: 'refresh-9' });
    expect(socket.auth).toEqual({ token: 'access-9' });
    expect(io).toHaveBeenCalledTimes(1);
  });

  it('disconnects and forgets the socket on logout', async () => {
    const socket = await signIn();
    useSessionStore.getState().logout();
    expect(socket.disconnect).toHaveBeenCalled();
    expect(getSocket()).toBeNull();
  });

  it('startRealtime is idempotent and connects a session restored before it started', async () => {
    stop();
    useSessionStore.getState().setAuth(testUser, tokens);
    expect(io).not.toHaveBeenCalled();
    stop = startRealtime();
    expect(startRealtime()).toBe(stop);
    await whenSocketReady();
    expect(io).toHaveBeenCalledTimes(1);
  });

  it("'Authentication failed' with an expired token: refreshes once and reconnects", async () => {
    const socket = await signIn();
    socket.fire('connect_error', new Error('Authentication failed'));
    await flush();
    expect(socket.auth).toEqual({ token: 'access-2' });
    expect(socket.connect).toHaveBeenCalledTimes(1);
    expect(useSessionStore.getState().isAuthenticated).toBe(true);
  });

  it("'Authentication failed' again after the refresh logs out", async () => {
    const socket = await signIn();
    socket.fire('connect_error', new Error('Authentication failed'));
    await flush();
    socket.fire('connect_error', new Error('Authentication failed'));
    expect(useSessionStore.getState().isAuthenticated).toBe(false);
    expect(socket.disconnect).toHaveBeenCalled();
  });

  it("'Authentication failed' when the refresh fails logs out and reports the expired session", async () => {
    refreshOutcome = 'fail';
    const socket = await signIn();
    socket.fire('connect_error', new Error('Authentication failed'));
    await flush();
    expect(useSessionStore.getState().isAuthenticated).toBe(false);
    expect(sessionExpired).toHaveBeenCalledTimes(1);
    expect(socket.connect).not.toHaveBeenCalled();
  });

  it('ignores other connection errors (socket.io keeps retrying)', async () => {
    const socket = await signIn();
    socket.fire('connect_error', new Error('xhr poll error'));
    await flush();
    expect(useSessionStore.getState().isAuthenticated).toBe(true);
    expect(socket.connect).not.toHaveBeenCalled();
  });

  it('useSocket re-renders with the socket when it opens and null when it closes', async () => {
    const { result } = renderHook(() => useSocket());
    expect(result.current).toBeNull();
    let socket: FakeSocket | undefined;
    await act(async () => {
      socket = await signIn();
    });
    expect(result.current).toBe(socket);
    act(() => useSessionStore.getState().logout());
    expect(result.current).toBeNull();
  });
});
