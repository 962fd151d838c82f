import type { AppNotification, PageRequest, Pagination } from '@carmarket/shared/contracts';
import { ForbiddenError, NotFoundError } from '../../http/errors.js';
import { paginate } from '../../http/pagination.js';
import type { EventBus } from '../../realtime/event-bus.js';
import type {
  NewNotification,
  NotificationRecord,
  NotificationsRepository,
} from './notifications.repository.js';

/** The header's notifications menu: stored per user, listed, read, and pushed live as they come. */
export class NotificationsService {
  constructor(
    private readonly notifications: NotificationsRepository,
    private readonly events: EventBus,
  ) {}

  /** Stores notifications and sends each to its user's open tabs with their new unread count. */
  async notify(rows: NewNotification[]): Promise<void> {
    const stored = await this.notifications.insert(rows);
    const unread = await this.notifications.countUnreadOf([...new Set(stored.map((row) => row.userId))]);
    for (const row of stored) {
      this.events.toUser(row.userId, 'notification', {
        notification: toNotificationDto(row),
        unreadCount: unread.get(row.userId) ?? 0,
      });
    }
  }

  async list(
    userId: string,
    page: PageRequest,
  ): Promise<{ data: AppNotification[]; pagination: Pagination }> {
    const { rows, total } = await this.notifications.list(userId, page);
    return { data: rows.map(toNotificationDto), pagination: paginate(total, page) };
  }

  unreadCount(userId: string): Promise<number> {
    return this.notifications.countUnread(userId);
  }

  async markRead(userId: string, id: string): Promise<AppNotification> {
    const found = await this.notifications.find(id);
    if (!found) throw new NotFoundError('Notification not found');
    if (found.userId !== userId) throw new ForbiddenError('Not your notification');
    return toNotificationDto(await this.notifications.markRead(id));
  }

  async markAllRead(userId: string): Promise<{ markedRead: number }> {
    return { markedRead: await this.notifications.markAllRead(userId) };
  }
}

export function toNotificationDto(row: NotificationRecord): AppNotification {
  return {
    _id: row.id,
    kind: row.kind,
    payload: row.payload,
    read: row.readAt !== null,
    createdAt: row.createdAt.toISOString(),
  } as AppNotification;
}
