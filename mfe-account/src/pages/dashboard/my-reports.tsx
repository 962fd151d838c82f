import { formatLongDate, REPORT_REASON_LABELS, routes, type Report } from '@carmarket/shared';
import { Pager } from '@carmarket/shared/ui';
import { Link } from '@carmarket/shared/router';
import { useState } from 'react';
import styled from 'styled-components';
import { ReportStatusBadge } from '../../components/report-status-badge';
import { useMyReports } from '../../features/reports/api/get-my-reports';
import { List, Section } from './dashboard-section';

const What = styled.span`
  min-width: 0;
  overflow-wrap: anywhere;
`;

const Muted = styled.span`
  display: block;
  font-size: 0.875rem;
  color: ${({ theme }) => theme.colors.textMuted};
`;

function Reported({ target }: { target: Report['target'] }) {
  if (target.type === 'message') return <>Message: “{target.excerpt}”</>;
  return target.listingId ? (
    <>
      Listing: <Link to={routes.listing(target.listingId)}>{target.title}</Link>
    </>
  ) : (
    <>Listing: {target.title}</>
  );
}

/**
 * What the user reported (listings and messages) and where each report stands. Shown only to
 * users who have reported something: for everyone else it would be an empty box on the dashboard.
 */
export function MyReports() {
  const [page, setPage] = useState(1);
  const { data } = useMyReports(page);
  if (!data || data.reports.length === 0) return null;

  return (
    <Section as="section" aria-labelledby="my-reports">
      <h2 id="my-reports">My Reports</h2>
      <List>
        {data.reports.map((report) => (
          <li key={report._id}>
            <What>
              <Reported target={report.target} />
              <Muted>
                {REPORT_REASON_LABELS[report.reason]} · reported {formatLongDate(report.createdAt)}
              </Muted>
            </What>
            <ReportStatusBadge status={report.status} />
          </li>
        ))}
      </List>
      <Pager page={page} pages={data.pages} onPage={setPage} label="My Reports pages" />
    </Section>
  );
}
