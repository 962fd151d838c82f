import { getErrorMessage, getRequestId } from '@carmarket/shared';
import { SupportRequestId } from '@carmarket/shared/ui';
import styled from 'styled-components';

const Message = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.dangerText};
`;

/** A failed save (spec §8 leaves it open): the server's message, else a generic one, and the request id; announced. */
export function SaveError({ error }: { error: unknown }) {
  return (
    <div role="alert">
      {error ? (
        <>
          <Message>{getErrorMessage(error, 'Failed to save changes. Please try again.')}</Message>
          <SupportRequestId requestId={getRequestId(error)} />
        </>
      ) : null}
    </div>
  );
}
