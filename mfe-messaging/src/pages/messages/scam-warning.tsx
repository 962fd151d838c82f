import { routes } from '@carmarket/shared';
import { scamSignal, type ScamSignalKind } from '@carmarket/shared/safety';
import { Link } from '@carmarket/shared/router';
import styled from 'styled-components';

const Box = styled.div`
  margin-top: 0.5rem;
  padding: 0.5rem 0.75rem;
  border-left: 4px solid ${({ theme }) => theme.colors.tones.warning.background};
  border-radius: ${({ theme }) => theme.radii.sm};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  font-size: 0.875rem;

  ul {
    margin: 0.25rem 0;
    padding-left: 1.25rem;
  }
`;

/**
 * Shown to the recipient on a message the scam detector flagged: calm and specific — what was found,
 * why it matters, where to read more. The message itself is delivered as written.
 */
export function ScamWarning({ kinds }: { kinds: readonly ScamSignalKind[] }) {
  return (
    <Box role="note" aria-label="Safety warning" data-testid="scam-warning">
      <strong>Take care with this message.</strong> It contains:
      <ul>
        {kinds.map((kind) => {
          const { label, reason } = scamSignal(kind);
          return (
            <li key={kind}>
              <strong>{label}.</strong> {reason}
            </li>
          );
        })}
      </ul>
      <Link to={routes.safetyTips}>Read our safety tips</Link>
    </Box>
  );
}
