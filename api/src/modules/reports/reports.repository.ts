import type { PageRequest } from '@carmarket/shared/contracts';
import { and, count, desc, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.js';
import { listings, messages, refreshTokens, reports, users } from '../../db/schema.js';
import { pageOffset } from '../../db/paging.js';

const reporter = alias(users, 'reporter');
const reportedUser = alias(users, 'reported_user');

/** What a report is about: its listing or message, or the report itself once that is deleted. */
const caseKey = sql<string>`coalesce(${reports.listingId}, ${reports.messageId}, ${reports.id})`;

export type ReportRecord = typeof reports.$inferSelect;
type NewReport = Omit<typeof reports.$inferInsert, 'id' | 'status' | 'createdAt' | 'reviewedAt'>;

export class ReportsRepository {
  constructor(private readonly db: Db) {}

  findMessage(id: string) {
    return this.db
      .select({
        id: messages.id,
        senderId: messages.senderId,
        recipientId: messages.recipientId,
        content: messages.content,
      })
      .from(messages)
      .where(eq(messages.id, id))
      .then(([row]) => row);
  }

  /**
   * Stores a listing report and, once `threshold` different people have open reports on it, hides
   * the listing from search, in one transaction (two reports racing still count each other). Answers
   * undefined when this person had already reported it.
   */
  async reportListing(report: NewReport & { listingId: string }, threshold: number) {
    return this.db.transaction(async (tx) => {
      const [inserted] = await tx.insert(reports).values(report).onConflictDoNothing().returning();
      if (!inserted) return undefined;
      // Locks the listing row so concurrent reports are counted one after the other.
      await tx.execute(sql`select 1 from ${listings} where ${listings.id} = ${report.listingId} for update`);
      const [open] = await tx
        .select({ reporters: sql<number>`count(distinct ${reports.reporterId})`.mapWith(Number) })
        .from(reports)
        .where(and(eq(reports.listingId, report.listingId), eq(reports.status, 'open')));
      if ((open?.reporters ?? 0) >= threshold) {
        await tx
          .update(listings)
          .set({ hiddenAt: sql`now()` })
          .where(and(eq(listings.id, report.listingId), isNull(listings.hiddenAt)));
      }
      return inserted;
    });
  }

  async reportMessage(report: NewReport & { messageId: string }) {
    const [inserted] = await this.db.insert(reports).values(report).onConflictDoNothing().returning();
    return inserted;
  }

  /** One page of reports, newest first: a person's own, or (moderation) those with a status. */
  async list(where: { reporterId: string } | { status: ReportRecord['status'] }, page: PageRequest) {
    const condition =
      'reporterId' in where ? eq(reports.reporterId, where.reporterId) : eq(reports.status, where.status);
    const [rows, [total]] = await Promise.all([
      this.db
        .select({ report: reports, listingHiddenAt: listings.hiddenAt })
        .from(reports)
        .leftJoin(listings, eq(listings.id, reports.listingId))
        .where(condition)
        .orderBy(desc(reports.createdAt), desc(reports.id))
        .limit(page.limit)
        .offset(pageOffset(page)),
      this.db.select({ total: count() }).from(reports).where(condition),
    ]);
    return { rows, total: total?.total ?? 0 };
  }

  /**
   * The moderation queue: one page of reports (of one status, or all with the open ones first),
   * newest first, with who reported and whom it is about (a listing's seller, a message's sender).
   */
  async moderationQueue(status: ReportRecord['status'] | undefined, page: PageRequest) {
    const condition = status ? eq(reports.status, status) : undefined;
    const openFirst = sql`(${reports.status} <> 'open')`;
    const [rows, [total]] = await Promise.all([
      this.moderationRows()
        .where(condition)
        .orderBy(...(status ? [] : [openFirst]), desc(reports.createdAt), desc(reports.id))
        .limit(page.limit)
        .offset(pageOffset(page)),
      this.db.select({ total: count() }).from(reports).where(condition),
    ]);
    return { rows, total: total?.total ?? 0 };
  }

  /** Reports with who reported them and whom they are about (a listing's seller, a message's sender). */
  private moderationRows() {
    return this.db
      .select({
        report: reports,
        listingHiddenAt: listings.hiddenAt,
        reporterName: reporter.name,
        reporterEmail: reporter.email,
        reportedUserId: reportedUser.id,
        reportedUserName: reportedUser.name,
        reportedUserEmail: reportedUser.email,
        reportedUserBlockedAt: reportedUser.blockedAt,
      })
      .from(reports)
      .innerJoin(reporter, eq(reporter.id, reports.reporterId))
      .leftJoin(listings, eq(listings.id, reports.listingId))
      .leftJoin(messages, eq(messages.id, reports.messageId))
      .leftJoin(reportedUser, eq(reportedUser.id, sql`coalesce(${listings.sellerId}, ${messages.senderId})`))
      .$dynamic();
  }

  /**
   * The moderation queue by what was reported: one page of cases (a listing or message with every
   * report about it), those with an open report first, then by their latest report. Answers each
   * case's key and its reports, newest first, joined as in `moderationQueue`.
   */
  async moderationCases(page: PageRequest) {
    const cases = this.db
      .select({ key: caseKey.as('key') })
      .from(reports)
      .groupBy(caseKey)
      .orderBy(sql`bool_or(${reports.status} = 'open') desc`, sql`max(${reports.createdAt}) desc`, caseKey)
      .limit(page.limit)
      .offset(pageOffset(page));
    const [keys, [total]] = await Promise.all([
      cases,
      this.db.select({ total: sql<number>`count(distinct ${caseKey})`.mapWith(Number) }).from(reports),
    ]);
    const rows =
      keys.length === 0
        ? []
        : await this.moderationRows()
            .where(
              inArray(
                caseKey,
                keys.map(({ key }) => key),
              ),
            )
            .orderBy(desc(reports.createdAt), desc(reports.id));
    return { keys: keys.map(({ key }) => key), rows, total: total?.total ?? 0 };
  }

  /** A moderator decides that an open report needs no action. Answers false when there is no such open report. */
  async dismissReport(reportId: string): Promise<boolean> {
    const dismissed = await this.db
      .update(reports)
      .set({ status: 'dismissed', reviewedAt: sql`now()` })
      .where(and(eq(reports.id, reportId), eq(reports.status, 'open')))
      .returning({ id: reports.id });
    return dismissed.length > 0;
  }

  /**
   * A moderator blocks (or unblocks) an account. Blocking signs it out everywhere (its refresh tokens
   * are revoked; an access token lapses within minutes and cannot send meanwhile), upholds the open
   * reports about its listings and messages, and touches its listings so every search index drops
   * them (search.repository.ts leaves out a blocked seller's listings). Answers false when there is
   * no such account.
   */
  async setUserBlocked(userId: string, blocked: boolean): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const [user] = await tx
        .update(users)
        .set({ blockedAt: blocked ? sql`coalesce(${users.blockedAt}, now())` : null, updatedAt: sql`now()` })
        .where(eq(users.id, userId))
        .returning({ id: users.id });
      if (!user) return false;
      await tx
        .update(listings)
        .set({ updatedAt: sql`now()` })
        .where(eq(listings.sellerId, userId));
      if (!blocked) return true;
      await tx
        .update(refreshTokens)
        .set({ revokedAt: sql`now()` })
        .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));
      const about: SQL = or(
        inArray(
          reports.listingId,
          tx.select({ id: listings.id }).from(listings).where(eq(listings.sellerId, userId)),
        ),
        inArray(
          reports.messageId,
          tx.select({ id: messages.id }).from(messages).where(eq(messages.senderId, userId)),
        ),
      )!;
      await tx
        .update(reports)
        .set({ status: 'upheld', reviewedAt: sql`now()` })
        .where(and(eq(reports.status, 'open'), about));
      return true;
    });
  }

  /**
   * A moderator's decision on a listing: hidden (its open reports upheld) or restored to search (its
   * open reports dismissed). Answers false when there is no such listing.
   */
  async setListingHidden(listingId: string, hidden: boolean): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const [listing] = await tx
        .update(listings)
        .set({ hiddenAt: hidden ? sql`coalesce(${listings.hiddenAt}, now())` : null })
        .where(eq(listings.id, listingId))
        .returning({ id: listings.id });
      if (!listing) return false;
      await tx
        .update(reports)
        .set({ status: hidden ? 'upheld' : 'dismissed', reviewedAt: sql`now()` })
        .where(and(eq(reports.listingId, listingId), eq(reports.status, 'open')));
      return true;
    });
  }
}
