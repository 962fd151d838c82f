import { Button, PageContainer, Skeleton, VisuallyHidden } from '@carmarket/shared/ui';
import styled from 'styled-components';

// $fillScreen: a screen tall at least, so the footer waits below the fold instead of jumping down
// (a layout shift) when a page that fills the screen arrives.
const Stack = styled.div<{ $fillScreen: boolean }>`
  display: grid;
  align-content: start;
  gap: 1rem;
  min-height: ${({ $fillScreen }) => ($fillScreen ? '100vh' : 'auto')};
  padding: 2rem 0;
`;

/**
 * Shown while a page's code loads (a remote, or the sign-in forms). `fillScreen` for the pages
 * that fill a screen or more (search, a listing), whose footer starts below the fold.
 */
export function RemoteLoading({ fillScreen = false }: { fillScreen?: boolean }) {
  return (
    <PageContainer>
      <Stack role="status" $fillScreen={fillScreen}>
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
