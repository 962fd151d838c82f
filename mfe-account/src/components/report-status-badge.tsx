import type { ReportStatus } from '@carmarket/shared';
import { Badge, type ToneName } from '@carmarket/shared/ui';

const STATUS: Record<ReportStatus, { label: string; tone: ToneName }> = {
  open: { label: 'Under review', tone: 'warning' },
  upheld: { label: 'Action taken', tone: 'success' },
  dismissed: { label: 'No action needed', tone: 'neutral' },
};

/** Where a report stands, worded the same for its author (My Reports) and for moderators. */
export function ReportStatusBadge({ status }: { status: ReportStatus }) {
  return <Badge $tone={STATUS[status].tone}>{STATUS[status].label}</Badge>;
}
