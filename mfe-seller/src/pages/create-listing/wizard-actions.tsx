import { Button } from '@carmarket/shared/ui';
import styled from 'styled-components';
import { FormActions } from '../../components/form-layout';
import { REVIEW_STEP } from './listing-draft';

const Group = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.sm};
`;

export interface WizardActionsProps {
  step: number;
  busy: boolean;
  onPrevious: () => void;
  onCancel: () => void;
}

/** Cancel, Previous, and the step's submit button: Next, or Submit Listing on the review. */
export function WizardActions({ step, busy, onPrevious, onCancel }: WizardActionsProps) {
  const isReview = step === REVIEW_STEP;
  return (
    <FormActions>
      <Button type="button" $variant="secondary" onClick={onCancel} disabled={busy}>
        Cancel
      </Button>
      <Group>
        {step > 0 && (
          <Button type="button" $variant="secondary" onClick={onPrevious} disabled={busy}>
            Previous
          </Button>
        )}
        <Button type="submit" disabled={busy}>
          {isReview ? (busy ? 'Creating...' : 'Submit Listing') : 'Next'}
        </Button>
      </Group>
    </FormActions>
  );
}
