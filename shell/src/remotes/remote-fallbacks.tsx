import { Button, PageContainer, Skeleton, VisuallyHidden } from '@carmarket/shared/ui';
import styled from 'styled-components';

const Stack = styled.div`
  display: grid;
  gap: 1rem;
  padding: 2rem 0;
`;

/** Shown while a page's code loads (a remote, or the sign-in forms). */
export function RemoteLoading() {
  return (
    <PageContainer>
      <Stack role="status">
        <VisuallyHidden>Loading…</VisuallyHidden>
        <Skeleton $height="2.5rem" $width="40%" />
        <Skeleton $height="10rem" />
        <Skeleton $height="10rem" />
      </Stack>
    </PageContainer>
  );
}

const Panel = styled.div`
  max-width: 32rem;
  margin: 3rem auto;
  text-align: center;
`;

/** The contained fallback of a remote that could not be loaded; the rest of the site keeps working. */
export function RemoteUnavailable({ onRetry }: { onRetry: () => void }) {
  return (
    <PageContainer>
      <Panel role="alert">
        <h1>This section is unavailable</h1>
        <p>This part of CarMarket could not be loaded. The rest of the site still works.</p>
        <Button type="button" onClick={onRetry}>
          Retry
        </Button>
      </Panel>
    </PageContainer>
  );
}
