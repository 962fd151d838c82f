import { queryClientId, useSessionStore } from '@carmarket/shared';
import { useQueryClient } from '@tanstack/react-query';
import { Suspense } from 'react';
import { Outlet } from '@carmarket/shared/router';
import styled from 'styled-components';
import { RemoteLoading } from '../remotes/remote-fallbacks';
import { useScrollRestoration } from '../routing/scroll-restoration';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';

const Shell = styled.div`
  display: flex;
  flex-direction: column;
  min-height: 100vh;
`;

const SkipLink = styled.a`
  position: absolute;
  left: 0.5rem;
  top: -3rem;
  z-index: 10;
  padding: 0.5rem 1rem;
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};

  &:focus {
    top: 0.5rem;
  }
`;

const Main = styled.main`
  flex: 1;
  width: 100%;

  &:focus {
    outline: none;
  }
`;

/**
 * Header, content and footer of every page (spec §2). The root names the QueryClient and the
 * session user the shell holds (data-query-client, data-session-user); every remote page root
 * renders the same attributes, so a test can see that they share one instance of each.
 */
export function Layout() {
  useScrollRestoration();
  const userId = useSessionStore((state) => state.user?._id ?? 'guest');
  // Read from the provider, exactly as a remote reads it.
  const clientId = queryClientId(useQueryClient());

  return (
    <Shell data-query-client={clientId} data-session-user={userId}>
      <SkipLink href="#main-content">Skip to main content</SkipLink>
      <SiteHeader />
      <Main id="main-content" tabIndex={-1}>
        <Suspense fallback={<RemoteLoading />}>
          <Outlet />
        </Suspense>
      </Main>
      <SiteFooter />
    </Shell>
  );
}
