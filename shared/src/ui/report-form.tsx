// The Report form for listings and messages (issue 17): a reason and optional details. Pure: the
// remote that shows it sends the report and passes back the outcome.
import { useState, type FormEvent } from 'react';
import { styled } from 'styled-components';
import {
  REPORT_DETAILS_MAX_LENGTH,
  REPORT_REASON_LABELS,
  REPORT_REASONS,
  type ReportReason,
} from '@carmarket/shared';
import { Button } from './button.js';
import { SelectField, TextAreaField } from './fields.js';
import { SupportRequestId } from './primitives.js';

const Form = styled.form`
  display: grid;
  gap: 0.75rem;
`;

const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: space-between;
  gap: 0.5rem;
`;

const Alert = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.dangerText};
`;

const reasonOptions = REPORT_REASONS.map((value) => ({ value, label: REPORT_REASON_LABELS[value] }));

export interface ReportFormProps {
  /** What is reported, for the form's name: 'listing', 'message'. */
  subject: string;
  pending: boolean;
  /** The server's answer when the report failed. */
  error?: string;
  /** The failed request's id (getRequestId), shown under the error for support. */
  requestId?: string;
  onSubmit: (report: { reason: ReportReason; details?: string }) => void;
  onCancel: () => void;
}

export function ReportForm({ subject, pending, error, requestId, onSubmit, onCancel }: ReportFormProps) {
  const [reason, setReason] = useState('');
  const [details, setDetails] = useState('');
  const [missingReason, setMissingReason] = useState(false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!reason) {
      setMissingReason(true);
      return;
    }
    onSubmit({ reason: reason as ReportReason, details: details.trim() || undefined });
  };

  return (
    <Form aria-label={`Report this ${subject}`} onSubmit={submit} noValidate>
      <SelectField
        label="Reason"
        required
        value={reason}
        placeholder="Choose a reason"
        options={reasonOptions}
        error={missingReason ? 'Please choose a reason' : undefined}
        onChange={(event) => {
          setReason(event.target.value);
          setMissingReason(false);
        }}
      />
      <TextAreaField
        label="Details (optional)"
        rows={3}
        maxLength={REPORT_DETAILS_MAX_LENGTH}
        value={details}
        onChange={(event) => setDetails(event.target.value)}
      />
      {error && (
        <div role="alert">
          <Alert>{error}</Alert>
          <SupportRequestId requestId={requestId} />
        </div>
      )}
      <Row>
        <Button type="button" $variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" aria-disabled={pending}>
          {pending ? 'Sending…' : 'Send Report'}
        </Button>
      </Row>
    </Form>
  );
}
