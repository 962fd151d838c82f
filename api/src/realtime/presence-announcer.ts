import type { UserStatusChangedEvent } from '@carmarket/shared/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Server } from 'socket.io';
import { userRoom } from './rooms.js';

/** For each user, the people who may hear their status change: those they share a conversation with. */
export type PresenceAudience = (userIds: string[]) => Promise<Map<string, string[]>>;

/** Status changes within this window go out together, only the last one of each user. */
export const PRESENCE_COALESCE_MS = 200;

/**
 * Tells a user's conversation partners when they come online or go offline. Announcing to every
 * socket made each connection cost as much as the number of users online (5,000 users signing in:
 * 12.5 M frames); now a window's changes cost one database look for their audiences and one frame per
 * partner socket, and a user who comes and goes within the window is announced once, as they end up.
 */
export class PresenceAnnouncer {
  private readonly latest = new Map<string, UserStatusChangedEvent>();
  private timer: NodeJS.Timeout | undefined;
  private sending: Promise<void> = Promise.resolve();

  constructor(
    private readonly io: Pick<Server, 'to'>,
    private readonly audience: PresenceAudience,
    private readonly log: FastifyBaseLogger,
    private readonly windowMs = PRESENCE_COALESCE_MS,
  ) {}

  announce(event: UserStatusChangedEvent): void {
    this.latest.set(event.userId, event);
    this.timer ??= setTimeout(() => {
      this.timer = undefined;
      void this.flush();
    }, this.windowMs);
  }

  /** Sends what is waiting; windows are sent one after another, so a later status never overtakes. */
  flush(): Promise<void> {
    this.sending = this.sending.then(() => this.send());
    return this.sending;
  }

  async close(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    await this.flush();
  }

  private async send(): Promise<void> {
    const events = [...this.latest.values()];
    this.latest.clear();
    if (events.length === 0) return;
    try {
      const partners = await this.audience(events.map((event) => event.userId));
      for (const event of events) {
        const rooms = (partners.get(event.userId) ?? []).map(userRoom);
        if (rooms.length > 0) this.io.to(rooms).emit('user-status-changed', event);
      }
    } catch (error) {
      this.log.warn({ err: error, changes: events.length }, 'presence changes could not be announced');
    }
  }
}
