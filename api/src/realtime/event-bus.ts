import type { ServerToClientEvents } from '@carmarket/shared/contracts';
import { userRoom } from './rooms.js';
import type { RealtimeServer } from './socket-server.js';

/**
 * How services reach connected browsers without knowing about sockets. With the Redis adapter the
 * events reach sockets held by every API process.
 */
export interface EventBus {
  toUser<E extends keyof ServerToClientEvents>(
    userId: string,
    event: E,
    ...payload: Parameters<ServerToClientEvents[E]>
  ): void;
}

export function createEventBus(io: RealtimeServer): EventBus {
  return {
    toUser(userId, event, ...payload) {
      io.to(userRoom(userId)).emit(event, ...payload);
    },
  };
}
