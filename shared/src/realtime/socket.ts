// The live connection (spec §4, §7): one socket per page, open while the user is signed in.
// socket.io-client is imported on first sign-in only, so guests never download it.
import { useSyncExternalStore } from 'react';
import type { Socket } from 'socket.io-client';
import {
  SOCKET_PATH,
  SOCKET_RECONNECTION_ATTEMPTS,
  SOCKET_RECONNECTION_DELAY_MS,
} from '../constants/limits.js';
import {
  SOCKET_AUTH_FAILED_MESSAGE,
  type ClientToServerEvents,
  type ServerToClientEvents,
} from '../contracts/realtime-events.js';
import { refreshSession } from '../api/http.js';
import { useSessionStore, type SessionState } from '../state/session.js';

export type AppSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

let socket: AppSocket | null = null;
let connecting: Promise<void> | null = null;
let stopRealtime: (() => void) | null = null;
const listeners = new Set<() => void>();

function notify(): void {
  for (const listener of listeners) listener();
}

const currentToken = (): string | null => {
  const { isAuthenticated, accessToken } = useSessionStore.getState();
  return isAuthenticated ? accessToken : null;
};

async function open(): Promise<void> {
  const { io } = await import('socket.io-client');
  const token = currentToken();
  // Signed out (or already open) while the module loaded.
  if (!token || socket) return;
  const created: AppSocket = io({
    path: SOCKET_PATH,
    auth: { token },
    transports: ['websocket'],
    reconnectionAttempts: SOCKET_RECONNECTION_ATTEMPTS,
    reconnectionDelay: SOCKET_RECONNECTION_DELAY_MS,
  });
  // Spec §4: 'Authentication failed' logs out. A reconnection after a long idle carries an expired
  // access token, though, so first try one refresh (which updates `auth` through sync); only a
  // failure after that, or a failed refresh, ends the session.
  let refreshTried = false;
  created.on('connect', () => {
    refreshTried = false;
  });
  created.on('connect_error', (error) => {
    if (error.message !== SOCKET_AUTH_FAILED_MESSAGE) return;
    if (refreshTried) {
      useSessionStore.getState().logout();
      return;
    }
    refreshTried = true;
    refreshSession().then(
      () => {
        if (socket === created) created.connect();
      },
      // refreshSession has already logged out and called the session-expired handler.
      () => undefined,
    );
  });
  socket = created;
  notify();
}

function close(): void {
  if (!socket) return;
  socket.disconnect();
  socket = null;
  notify();
}

function sync(state: Pick<SessionState, 'isAuthenticated' | 'accessToken'>): void {
  const token = state.isAuthenticated ? state.accessToken : null;
  if (!token) {
    close();
    return;
  }
  if (socket) {
    // Used by the next (re)connection; the open connection was authenticated at its handshake.
    socket.auth = { token };
    return;
  }
  connecting ??= open().finally(() => {
    connecting = null;
  });
}

/**
 * Starts following the session: connects when signed in, passes refreshed tokens on, disconnects
 * on logout, and logs out when the server answers 'Authentication failed'. Called once by the
 * shell; further calls return the same stop function.
 */
export function startRealtime(): () => void {
  if (stopRealtime) return stopRealtime;
  const unsubscribe = useSessionStore.subscribe(sync);
  sync(useSessionStore.getState());
  stopRealtime = () => {
    unsubscribe();
    close();
    stopRealtime = null;
  };
  return stopRealtime;
}

/** The connected (or connecting) socket, or null when signed out. */
export function getSocket(): AppSocket | null {
  return socket;
}

/** Resolves once a pending connection attempt has set up the socket (for tests and start-up code). */
export function whenSocketReady(): Promise<AppSocket | null> {
  return (connecting ?? Promise.resolve()).then(() => socket);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The current socket (re-renders when it is created or closed), or null when signed out. */
export function useSocket(): AppSocket | null {
  return useSyncExternalStore(subscribe, getSocket, () => null);
}
