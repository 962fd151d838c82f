import type { NotificationKind, NotificationPayloads, PageRequest } from '@carmarket/shared/contracts';
import { and, asc, count, desc, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { pageOffset } from '../../db/paging.js';
import { listings, notifications, savedSearches, userBlocks, users } from '../../db/schema.js';

export type NotificationRecord = typeof notifications.$inferSelect;

export interface NewNotification<K extends NotificationKind = NotificationKind> {
  userId: string;
  kind: K;
  payload: NotificationPayloads[K];
}

/** Whether a user asked for mail about new listings for their saved searches (either profile box). */
const wantsDigest = or(eq(users.emailSavedSearches, true), eq(users.emailNewListings, true))!;

export class NotificationsRepository {
  constructor(private readonly db: Db) {}

  /**
   * Stores notifications; those of users who want no mail are marked emailed at once, so the
   * digest never looks at them again.
   */
  async insert(rows: NewNotification[]): Promise<NotificationRecord[]> {
    if (rows.length === 0) return [];
    const inserted = await this.db
      .insert(notifications)
      .values(rows.map((row) => ({ ...row, payload: row.payload as unknown as Record<string, unknown> })))
      .returning();
    const ids = inserted.map((row) => row.id);
    await this.db
      .update(notifications)
      .set({ emailedAt: sql`now()` })
      .where(
        and(
          inArray(notifications.id, ids),
          sql`${notifications.userId} in (select ${users.id} from ${users} where not (${wantsDigest}))`,
        ),
      );
    return inserted;
  }

  async list(userId: string, page: PageRequest) {
    const where = eq(notifications.userId, userId);
    const [rows, [total]] = await Promise.all([
      this.db
        .select()
        .from(notifications)
        .where(where)
        .orderBy(desc(notifications.createdAt), desc(notifications.id))
        .limit(page.limit)
        .offset(pageOffset(page)),
      this.db.select({ total: count() }).from(notifications).where(where),
    ]);
    return { rows, total: total?.total ?? 0 };
  }

  async countUnread(userId: string): Promise<number> {
    const [row] = await this.db
      .select({ total: count() })
      .from(notifications)
      .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
    return row?.total ?? 0;
  }

  /** Unread counts of several users at once (after alerts went out to them). */
  async countUnreadOf(userIds: string[]): Promise<Map<string, number>> {
    if (userIds.length === 0) return new Map();
    const rows = await this.db
      .select({ userId: notifications.userId, total: count() })
      .from(notifications)
      .where(and(inArray(notifications.userId, userIds), isNull(notifications.readAt)))
      .groupBy(notifications.userId);
    return new Map(rows.map((row) => [row.userId, row.total]));
  }

  async find(id: string) {
    const [row] = await this.db.select().from(notifications).where(eq(notifications.id, id));
    return row;
  }

  async markRead(id: string): Promise<NotificationRecord> {
    const [row] = await this.db
      .update(notifications)
      .set({ readAt: sql`coalesce(${notifications.readAt}, now())` })
      .where(eq(notifications.id, id))
      .returning();
    return row!;
  }

  async markAllRead(userId: string): Promise<number> {
    const rows = await this.db
      .update(notifications)
      .set({ readAt: sql`now()` })
      .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)))
      .returning({ id: notifications.id });
    return rows.length;
  }

  // ---- saved-search alerts ----------------------------------------------------------------------

  /**
   * Claims listings that went live and were not checked against saved searches yet (a few at a
   * time, oldest first). `skip locked` lets several API processes claim side by side, each listing
   * once; setting alerts_checked_at does not touch updated_at, so search indexes see no change.
   */
  async claimNewListings(limit: number) {
    const pending = this.db
      .select({ id: listings.id })
      .from(listings)
      .where(and(isNull(listings.alertsCheckedAt), eq(listings.status, 'active')))
      .orderBy(asc(listings.createdAt))
      .limit(limit)
      .for('update', { skipLocked: true });
    return this.db
      .update(listings)
      .set({ alertsCheckedAt: sql`now()` })
      .where(inArray(listings.id, pending))
      .returning({
        id: listings.id,
        sellerId: listings.sellerId,
        title: listings.title,
        priceAmount: listings.priceAmount,
      });
  }

  /** Every saved search, with the sellers its owner has blocked (their listings never alert). */
  async savedSearchesForAlerts() {
    return this.db
      .select({
        id: savedSearches.id,
        userId: savedSearches.userId,
        name: savedSearches.name,
        filters: savedSearches.filters,
        blockedSellers: sql<
          string[]
        >`coalesce((select array_agg(${userBlocks.blockedId})::text[] from ${userBlocks}
          where ${userBlocks.blockerId} = ${savedSearches.userId}), '{}')`,
      })
      .from(savedSearches)
      .innerJoin(users, eq(users.id, savedSearches.userId))
      .where(isNull(users.blockedAt))
      .orderBy(asc(savedSearches.createdAt), asc(savedSearches.id));
  }

  // ---- the daily digest -------------------------------------------------------------------------

  /**
   * Takes the next user a digest is due for at `now` (wants mail, not blocked, has notifications
   * neither read in the menu nor mailed yet, none sent in the last `intervalMs`) and stamps digest_sent_at, so another API
   * process running the digest at the same moment skips them. Answers undefined when nobody is due.
   */
  async claimDigestRecipient(now: Date, intervalMs: number) {
    const at = sql`${now.toISOString()}::timestamptz`;
    const dueBefore = sql`${new Date(now.getTime() - intervalMs).toISOString()}::timestamptz`;
    // One statement: the row lock taken by the inner select holds until the stamp is written.
    const result = (await this.db.execute(sql`
      update ${users} set digest_sent_at = ${at}
      from (
        select ${users.id} as id, ${users.digestSentAt} as previous from ${users}
        where ${wantsDigest} and ${users.blockedAt} is null
          and (${users.digestSentAt} is null or ${users.digestSentAt} <= ${dueBefore})
          and exists (select 1 from ${notifications} where ${notifications.userId} = ${users.id}
                      and ${notifications.emailedAt} is null and ${notifications.readAt} is null
                      and ${notifications.createdAt} <= ${at})
        limit 1 for update skip locked
      ) due
      where ${users.id} = due.id
      returning ${users.id} as id, ${users.email} as email, due.previous as previous`)) as unknown as {
      rows: { id: string; email: string; previous: string | Date | null }[];
    };
    const [row] = result.rows;
    if (!row) return undefined;
    return {
      id: row.id,
      email: row.email,
      previousDigestAt: row.previous === null ? null : new Date(row.previous),
    };
  }

  /** Gives a claimed digest back when its mail could not be sent, so the next run tries again. */
  async releaseDigest(userId: string, previousDigestAt: Date | null): Promise<void> {
    await this.db.update(users).set({ digestSentAt: previousDigestAt }).where(eq(users.id, userId));
  }

  async unmailed(userId: string, now: Date, limit: number) {
    return this.db
      .select()
      .from(notifications)
      .where(
        and(
          eq(notifications.userId, userId),
          isNull(notifications.emailedAt),
          isNull(notifications.readAt),
          lte(notifications.createdAt, now),
        ),
      )
      .orderBy(desc(notifications.createdAt))
      .limit(limit);
  }

  /** Marks a user's notifications up to `now` as mailed (a digest names only the newest few). */
  async markMailed(userId: string, now: Date): Promise<void> {
    await this.db
      .update(notifications)
      .set({ emailedAt: now })
      .where(
        and(
          eq(notifications.userId, userId),
          isNull(notifications.emailedAt),
          lte(notifications.createdAt, now),
        ),
      );
  }

  /** The unsubscribe link: no more mail about saved searches and new listings. */
  async unsubscribe(userId: string) {
    const [row] = await this.db
      .update(users)
      .set({ emailSavedSearches: false, emailNewListings: false, updatedAt: sql`now()` })
      .where(eq(users.id, userId))
      .returning({ email: users.email });
    return row;
  }

  async emailOf(userId: string) {
    const [row] = await this.db.select({ email: users.email }).from(users).where(eq(users.id, userId));
    return row?.email;
  }
}
