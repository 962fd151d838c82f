import { getErrorMessage, getRequestId, type Id } from '@carmarket/shared';
import { ReportForm, VisuallyHidden } from '@carmarket/shared/ui';
import { useEffect, useRef, useState } from 'react';
import styled from 'styled-components';
import { useReportMessage } from '../../features/reports/api/report-message';

const ReportButton = styled.button`
  display: block;
  margin-left: auto;
  padding: 0 0.25rem;
  border: 0;
  background: none;
  color: inherit;
  font: inherit;
  font-size: 0.75rem;
  text-decoration: underline;
  cursor: pointer;
`;

const Panel = styled.div`
  margin-top: 0.5rem;
  padding: 0.75rem;
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.background};
  color: ${({ theme }) => theme.colors.text};
`;

/**
 * Report on a received message (issue 17): the shared ReportForm opens under the message; Cancel
 * gives focus back to the Report button, and a sent report leaves a short acknowledgement.
 */
export function MessageReport({ messageId }: { messageId: Id }) {
  const report = useReportMessage(messageId);
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const [returnFocus, setReturnFocus] = useState(false);

  useEffect(() => {
    if (open) panel.current?.querySelector('select')?.focus();
  }, [open]);
  useEffect(() => {
    if (!returnFocus) return;
    button.current?.focus();
    setReturnFocus(false);
  }, [returnFocus]);

  if (report.isSuccess) {
    return <p role="status">Thanks, we received your report and will review this message.</p>;
  }
  if (!open) {
    return (
      <ReportButton ref={button} type="button" onClick={() => setOpen(true)}>
        Report<VisuallyHidden> this message</VisuallyHidden>
      </ReportButton>
    );
  }
  return (
    <Panel ref={panel}>
      <ReportForm
        subject="message"
        pending={report.isPending}
        error={report.isError ? getErrorMessage(report.error, 'Failed to send the report') : undefined}
        requestId={report.isError ? getRequestId(report.error) : undefined}
        onSubmit={(payload) => {
          if (!report.isPending) report.mutate(payload);
        }}
        onCancel={() => {
          setOpen(false);
          setReturnFocus(true);
        }}
      />
    </Panel>
  );
}
