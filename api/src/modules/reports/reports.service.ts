import { REPORTS_TO_HIDE_LISTING } from '@carmarket/shared/constants';
import type {
  ModerationCase,
  ModerationReport,
  PageRequest,
  Pagination,
  Report,
} from '@carmarket/shared/contracts';
import { formatDisplayName } from '@carmarket/shared/format';
import type { ReportPayload } from '@carmarket/shared/schemas';
import { BadRequestError, ConflictError, ForbiddenError, NotFoundError } from '../../http/errors.js';
import { paginate } from '../../http/pagination.js';
import type { ListingsRepository } from '../listings/listings.repository.js';
import type { ReportRecord, ReportsRepository } from './reports.repository.js';

export const ALREADY_REPORTED_LISTING = 'You have already reported this listing';
export const ALREADY_REPORTED_MESSAGE = 'You have already reported this message';

export class ReportsService {
  constructor(
    private readonly reports: ReportsRepository,
    private readonly listings: ListingsRepository,
  ) {}

  /** Anyone but its seller reports a listing they can see; enough reporters hide it from search. */
  async reportListing(reporterId: string, listingId: string, payload: ReportPayload): Promise<Report> {
    const found = await this.listings.findById(listingId);
    if (!found || found.listing.status === 'draft')
      throw new NotFoundError('Listing not found', 'LISTING_NOT_FOUND');
    if (found.listing.sellerId === reporterId)
      throw new BadRequestError('You cannot report your own listing', 'OWN_LISTING');
    const report = await this.reports.reportListing(
      {
        reporterId,
        listingId,
        targetType: 'listing',
        excerpt: found.listing.title,
        reason: payload.reason,
        details: payload.details ?? null,
      },
      REPORTS_TO_HIDE_LISTING,
    );
    if (!report) throw new ConflictError(ALREADY_REPORTED_LISTING, 'ALREADY_REPORTED');
    return toReportDto(report);
  }

  /** Only its recipient reports a message: the one who got it is the one it can harm. */
  async reportMessage(reporterId: string, messageId: string, payload: ReportPayload): Promise<Report> {
    const message = await this.reports.findMessage(messageId);
    if (!message) throw new NotFoundError('Message not found');
    if (message.recipientId !== reporterId)
      throw new ForbiddenError('You can only report messages sent to you');
    const report = await this.reports.reportMessage({
      reporterId,
      messageId,
      targetType: 'message',
      excerpt: message.content,
      reason: payload.reason,
      details: payload.details ?? null,
    });
    if (!report) throw new ConflictError(ALREADY_REPORTED_MESSAGE, 'ALREADY_REPORTED');
    return toReportDto(report);
  }

  async list(
    where: { reporterId: string } | { status: ReportRecord['status'] },
    page: PageRequest,
  ): Promise<{ data: (Report & { listingHidden: boolean })[]; pagination: Pagination }> {
    const { rows, total } = await this.reports.list(where, page);
    return {
      data: rows.map(({ report, listingHiddenAt }) => ({
        ...toReportDto(report),
        listingHidden: listingHiddenAt !== null,
      })),
      pagination: paginate(total, page),
    };
  }

  /** The moderation queue (see ReportsRepository.moderationQueue). */
  async moderationQueue(
    status: ReportRecord['status'] | undefined,
    page: PageRequest,
  ): Promise<{ data: ModerationReport[]; pagination: Pagination }> {
    const { rows, total } = await this.reports.moderationQueue(status, page);
    return { data: rows.map(toModerationReport), pagination: paginate(total, page) };
  }

  /** The moderation queue by what was reported (see ReportsRepository.moderationCases). */
  async moderationCases(page: PageRequest): Promise<{ data: ModerationCase[]; pagination: Pagination }> {
    const { keys, rows, total } = await this.reports.moderationCases(page);
    const byKey = new Map(keys.map((key) => [key, [] as ModerationReport[]]));
    for (const report of rows.map(toModerationReport)) byKey.get(caseKeyOf(report))!.push(report);
    return {
      data: keys.map((key) => toModerationCase(byKey.get(key)!)),
      pagination: paginate(total, page),
    };
  }

  async dismissReport(reportId: string) {
    if (!(await this.reports.dismissReport(reportId))) {
      throw new NotFoundError('No open report with this id', 'REPORT_NOT_FOUND');
    }
    return { reportId, status: 'dismissed' as const };
  }

  /** A moderator blocks or unblocks an account (never their own). */
  async setUserBlocked(moderatorId: string, userId: string, blocked: boolean) {
    if (userId === moderatorId) throw new BadRequestError('You cannot block yourself', 'OWN_ACCOUNT');
    if (!(await this.reports.setUserBlocked(userId, blocked))) throw new NotFoundError('User not found');
    return { userId, blocked };
  }

  async setListingHidden(listingId: string, hidden: boolean) {
    if (!(await this.reports.setListingHidden(listingId, hidden))) {
      throw new NotFoundError('Listing not found', 'LISTING_NOT_FOUND');
    }
    return { listingId, hidden };
  }
}

function toReportDto(report: ReportRecord): Report {
  return {
    _id: report.id,
    target:
      report.targetType === 'listing'
        ? { type: 'listing', listingId: report.listingId, title: report.excerpt }
        : { type: 'message', messageId: report.messageId, excerpt: report.excerpt },
    reason: report.reason as Report['reason'],
    details: report.details,
    status: report.status,
    createdAt: report.createdAt.toISOString(),
    reviewedAt: report.reviewedAt?.toISOString() ?? null,
  };
}

type ModerationRow = Awaited<ReturnType<ReportsRepository['moderationQueue']>>['rows'][number];

function toModerationReport(row: ModerationRow): ModerationReport {
  return {
    ...toReportDto(row.report),
    listingHidden: row.listingHiddenAt !== null,
    reporter: {
      _id: row.report.reporterId,
      name: formatDisplayName({ name: row.reporterName, email: row.reporterEmail }),
    },
    reportedUser: row.reportedUserId
      ? {
          _id: row.reportedUserId,
          name: formatDisplayName({ name: row.reportedUserName, email: row.reportedUserEmail! }),
          blocked: row.reportedUserBlockedAt !== null,
        }
      : null,
  };
}

/** The repository's case key of a report: its listing's or message's id, else its own. */
function caseKeyOf({ _id, target }: ModerationReport): string {
  return (target.type === 'listing' ? target.listingId : target.messageId) ?? _id;
}

/** A case from its reports, newest first (never empty: a case exists because of its reports). */
function toModerationCase(reports: ModerationReport[]): ModerationCase {
  const [newest] = reports as [ModerationReport, ...ModerationReport[]];
  return {
    target: newest.target,
    status: reports.some((report) => report.status === 'open') ? 'open' : newest.status,
    listingHidden: newest.listingHidden,
    reportedUser: newest.reportedUser,
    lastReportedAt: newest.createdAt,
    reports: reports.map(({ _id, reason, details, status, createdAt, reporter }) => ({
      _id,
      reason,
      details,
      status,
      createdAt,
      reporter,
    })),
  };
}
