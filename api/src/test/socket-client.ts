import type { ClientToServerEvents, ServerToClientEvents } from '@carmarket/shared/contracts';
import { io as connect, type ManagerOptions, type Socket, type SocketOptions } from 'socket.io-client';

export type TestSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/** A real socket.io client on the server at baseUrl, connected when the promise resolves. */
export async function openSocket(
  baseUrl: string,
  token: string,
  options: Partial<ManagerOptions & SocketOptions> = {},
): Promise<TestSocket> {
  const socket: TestSocket = connect(baseUrl, {
    path: '/socket.io',
    transports: ['websocket'],
    auth: { token },
    reconnection: false,
    ...options,
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  return socket;
}

/** The next `event` whose payload passes `match`, or a rejection after `timeoutMs`. */
export function nextEvent<E extends keyof ServerToClientEvents>(
  socket: TestSocket,
  event: E,
  match: (...payload: Parameters<ServerToClientEvents[E]>) => boolean = () => true,
  timeoutMs = 5000,
): Promise<Parameters<ServerToClientEvents[E]>[0]> {
  return new Promise((resolve, reject) => {
    const listener = ((...payload: Parameters<ServerToClientEvents[E]>) => {
      if (!match(...payload)) return;
      clearTimeout(timer);
      socket.off(event, listener as never);
      resolve(payload[0]);
    }) as ServerToClientEvents[E];
    const timer = setTimeout(() => {
      socket.off(event, listener as never);
      reject(new Error(`no ${event} within ${timeoutMs} ms`));
    }, timeoutMs);
    socket.on(event, listener as never);
  });
}

/** Resolves false when `event` does not arrive within `ms` (for "nothing is sent" checks). */
export async function arrivesWithin<E extends keyof ServerToClientEvents>(
  socket: TestSocket,
  event: E,
  ms: number,
): Promise<boolean> {
  return nextEvent(socket, event, () => true, ms).then(
    () => true,
    () => false,
  );
}

export function joinConversation(socket: TestSocket, conversationId: string) {
  return socket.emitWithAck('join-conversation', conversationId);
}

/**
 * Resolves once the server has handled everything this socket sent before, and the socket has
 * received everything the server sent it before: socket.io keeps each direction in order, and
 * a status request is answered by the server itself.
 */
export async function roundTrip(socket: TestSocket, userId: string): Promise<void> {
  const answered = nextEvent(socket, 'user-status-response', (statuses) => userId in statuses);
  socket.emit('request-user-status', [userId]);
  await answered;
}
