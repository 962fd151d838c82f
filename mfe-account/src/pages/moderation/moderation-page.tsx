import {
  formatLongDate,
  getErrorMessage,
  getRequestId,
  httpErrorStatus,
  REPORT_REASON_LABELS,
  RemoteRoot,
  routes,
  type ModerationCase,
} from '@carmarket/shared';
import {
  Badge,
  Button,
  Card,
  EmptyState,
  ErrorState,
  PageContainer,
  Pager,
  Skeleton,
} from '@carmarket/shared/ui';
import { Link } from '@carmarket/shared/router';
import { useId, useState } from 'react';
import styled from 'styled-components';
import { ReportStatusBadge } from '../../components/report-status-badge';
import { useModerationCases } from '../../features/moderation/api/get-moderation-cases';
import { useModerate, type ModerationAction } from '../../features/moderation/api/moderate';
import { usePageParam } from '../../lib/paged-listings';
import { List } from '../dashboard/dashboard-section';
import { caseActions } from './case-actions';

const Cases = styled.ul<{ $stale: boolean }>`
  display: grid;
  gap: 1rem;
  margin: 1.5rem 0;
  padding: 0;
  list-style: none;
  opacity: ${({ $stale }) => ($stale ? 0.6 : 1)};
`;

const CaseCard = styled(Card)`
  display: grid;
  gap: 0.75rem;
  min-width: 0;

  h2 {
    margin: 0;
    font-size: 1.125rem;
    overflow-wrap: anywhere;
  }

  p {
    margin: 0;
  }
`;

const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 0.5rem;
`;

// The rows of the dashboard's own-activity lists, each report parted from the one before.
const Reports = styled(List)`
  li {
    padding-top: 0.5rem;
    border-top: 1px solid ${({ theme }) => theme.colors.border};
  }
`;

const Muted = styled.span`
  display: block;
  font-size: 0.875rem;
  color: ${({ theme }) => theme.colors.textMuted};
  overflow-wrap: anywhere;
`;

const Quote = styled.q`
  overflow-wrap: anywhere;
`;

function Target({ target }: { target: ModerationCase['target'] }) {
  if (target.type === 'message')
    return (
      <>
        Message: <Quote>{target.excerpt}</Quote>
      </>
    );
  return target.listingId ? (
    <>
      Listing: <Link to={routes.listing(target.listingId)}>{target.title}</Link>
    </>
  ) : (
    <>Listing (deleted): {target.title}</>
  );
}

interface CaseProps {
  found: ModerationCase;
  busy: boolean;
  onAction: (action: ModerationAction, done: string) => void;
}

/** One reported listing or message: what it is, whom it is about, its reports and the decisions. */
function Case({ found, busy, onAction }: CaseProps) {
  const headingId = useId();
  const reporters = found.reports.length;
  return (
    <CaseCard as="article" aria-labelledby={headingId}>
      <h2 id={headingId}>
        <Target target={found.target} />
      </h2>
      <Row>
        <ReportStatusBadge status={found.status} />
        {found.listingHidden && <Badge $tone="danger">Hidden from search</Badge>}
        {found.reportedUser?.blocked && <Badge $tone="danger">User blocked</Badge>}
      </Row>
      <p>
        {reporters} {reporters === 1 ? 'reporter' : 'reporters'} · last reported{' '}
        {formatLongDate(found.lastReportedAt)}
        {found.reportedUser && (
          <Muted>
            {found.target.type === 'listing' ? 'Seller' : 'Sender'}: {found.reportedUser.name}
          </Muted>
        )}
      </p>
      <Reports aria-label="Reports">
        {found.reports.map((report) => (
          <li key={report._id}>
            <span>
              {REPORT_REASON_LABELS[report.reason]}
              {report.details && <Muted>“{report.details}”</Muted>}
              <Muted>
                by {report.reporter.name}, {formatLongDate(report.createdAt)}
              </Muted>
            </span>
            <Row>
              <ReportStatusBadge status={report.status} />
              {report.status === 'open' && (
                <Button
                  $variant="secondary"
                  $size="sm"
                  aria-disabled={busy}
                  aria-label={`No action needed: report by ${report.reporter.name}`}
                  onClick={() =>
                    onAction(
                      { kind: 'dismiss-report', reportId: report._id },
                      `The report by ${report.reporter.name} needs no action`,
                    )
                  }
                >
                  No action
                </Button>
              )}
            </Row>
          </li>
        ))}
      </Reports>
      <Row>
        {/* Keyed by place, so the button keeps focus when its decision turns around (Hide → Restore). */}
        {caseActions(found).map(({ label, action, done }, place) => (
          <Button
            key={place}
            $variant={action.kind === 'block-user' ? 'danger' : 'secondary'}
            $size="sm"
            aria-disabled={busy}
            onClick={() => onAction(action, done)}
          >
            {label}
          </Button>
        ))}
      </Row>
    </CaseCard>
  );
}

/**
 * /moderation, for administrators: the reports grouped by the listing or message they are about,
 * open ones first, with the decisions (hide or restore a listing, block or unblock its author, close
 * a report as needing no action). Anyone else gets "not available" from the API's 403, never data.
 */
export function ModerationPage() {
  const [page, setPage] = usePageParam();
  const { data, error, isPending, isError, isPlaceholderData } = useModerationCases(page);
  const moderate = useModerate();
  const [announcement, setAnnouncement] = useState('');

  // aria-disabled rather than disabled while a decision runs: a disabled button would drop focus.
  const onAction = (action: ModerationAction, done: string) => {
    if (moderate.isPending) return;
    setAnnouncement('');
    moderate.mutate(action, { onSuccess: () => setAnnouncement(done) });
  };

  return (
    <RemoteRoot remote="mfe_account">
      <PageContainer>
        <h1>Moderation</h1>
        {isPending ? (
          <Skeleton $height="12rem" />
        ) : isError && httpErrorStatus(error) === 403 ? (
          <EmptyState
            title="Moderation is not available"
            message="This page is for site administrators."
            action={
              <Button as={Link} to={routes.dashboard}>
                Go to your dashboard
              </Button>
            }
          />
        ) : isError ? (
          <ErrorState
            title="Failed to load reports"
            message="Please try again in a moment."
            requestId={getRequestId(error)}
          />
        ) : data.cases.length === 0 ? (
          <EmptyState title="No reports" message="Nothing has been reported." />
        ) : (
          <>
            <p>Reported listings and messages, open ones first.</p>
            <p role="status">{announcement}</p>
            {moderate.isError && (
              <p role="alert">{getErrorMessage(moderate.error, 'That did not work. Please try again.')}</p>
            )}
            <Cases $stale={isPlaceholderData} aria-label="Reported listings and messages">
              {data.cases.map((found) => (
                // The oldest report names the case for good: newer reports come first in the list.
                <li key={found.reports.at(-1)!._id}>
                  <Case found={found} busy={moderate.isPending} onAction={onAction} />
                </li>
              ))}
            </Cases>
            <Pager page={page} pages={data.pagination.pages} onPage={setPage} label="Moderation pages" />
          </>
        )}
      </PageContainer>
    </RemoteRoot>
  );
}
