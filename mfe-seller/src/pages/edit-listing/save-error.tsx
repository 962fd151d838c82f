import { getErrorMessage } from '@carmarket/shared';
import styled from 'styled-components';

const Message = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.dangerText};
`;

/** A failed save (spec §8 leaves it open): the server's message, else a generic one; announced. */
export function SaveError({ error }: { error: unknown }) {
  return (
    <div role="alert">
      {error ? (
        <Message>{getErrorMessage(error, 'Failed to save changes. Please try again.')}</Message>
      ) : null}
    </div>
  );
}
