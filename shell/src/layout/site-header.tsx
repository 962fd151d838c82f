import { http, remoteModuleId, routes, useSessionStore } from '@carmarket/shared';
import { Button } from '@carmarket/shared/ui';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Link, NavLink, useLocation, useNavigate } from '@carmarket/shared/router';
import styled from 'styled-components';
import { RemoteBoundary } from '../remotes/remote-boundary';
import { ThemeToggle } from './theme-toggle';

// Below this width the page links fold into the Menu button; account actions stay visible.
const compact = ({ theme }: { theme: { breakpoints: { md: string } } }) =>
  `@media (max-width: calc(${theme.breakpoints.md} - 1px))`;

const Header = styled.header`
  position: sticky;
  top: 0;
  z-index: 5;
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surface};
`;

const Bar = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => `${theme.space.sm} ${theme.space.md}`};
  max-width: ${({ theme }) => theme.layout.maxWidth};
  margin: 0 auto;
  padding: ${({ theme }) => `${theme.space.sm} ${theme.space.md}`};
`;

const Brand = styled(Link)`
  font-size: ${({ theme }) => theme.fontSizes.lg};
  font-weight: ${({ theme }) => theme.fontWeights.bold};
  color: ${({ theme }) => theme.colors.text};
  text-decoration: none;
`;

const Nav = styled.nav<{ $open: boolean }>`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.xs};

  ${compact} {
    display: ${({ $open }) => ($open ? 'flex' : 'none')};
    order: 10;
    flex-basis: 100%;
    flex-direction: column;
    align-items: stretch;
  }
`;

const PageLink = styled(NavLink)`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.xs};
  padding: ${({ theme }) => `${theme.space.sm} ${theme.space.sm}`};
  border-radius: ${({ theme }) => theme.radii.md};
  color: ${({ theme }) => theme.colors.text};
  font-weight: ${({ theme }) => theme.fontWeights.medium};
  text-decoration: none;

  &:hover {
    background: ${({ theme }) => theme.colors.surfaceMuted};
  }

  &.active {
    color: ${({ theme }) => theme.colors.link};
    text-decoration: underline;
    text-underline-offset: 6px;
  }
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: flex-end;
  gap: ${({ theme }) => theme.space.sm};
  min-width: 0;
  margin-left: auto;
`;

const UserLabel = styled.span`
  max-width: 16rem;
  overflow: hidden;
  color: ${({ theme }) => theme.colors.textMuted};
  text-overflow: ellipsis;
  white-space: nowrap;

  ${compact} {
    max-width: 9rem;
  }
`;

const MenuButton = styled(Button)`
  @media (min-width: ${({ theme }) => theme.breakpoints.md}) {
    display: none;
  }
`;

function useLogout() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return async () => {
    const { refreshToken, logout } = useSessionStore.getState();
    // Revoking the refresh token is best effort: the session ends on this device either way.
    if (refreshToken) await http.post('/auth/logout', { refreshToken }).catch(() => undefined);
    // Leave first, committed synchronously: ending the session while a protected page is still
    // rendered would make its guard send the user to /login instead of home.
    await navigate(routes.home, { flushSync: true });
    logout();
    // The next person on this device must not see the previous user's cached listings or messages.
    queryClient.clear();
  };
}

/** Spec §2 header: a guest sees Login and Get Started; a signed-in user their pages and Logout. */
export function SiteHeader() {
  const user = useSessionStore((state) => state.user);
  const isAuthenticated = useSessionStore((state) => state.isAuthenticated);
  const logout = useLogout();
  const navId = useId();
  const { pathname } = useLocation();
  // The mobile menu stays open only on the page it was opened on: following a link closes it.
  const [menuOpenOn, setMenuOpenOn] = useState<string | null>(null);
  const menuOpen = menuOpenOn === pathname;

  return (
    <Header>
      <Bar>
        <Brand to={routes.home}>CarMarket</Brand>
        <Nav id={navId} aria-label="Main" $open={menuOpen}>
          <PageLink to={routes.home} end>
            Home
          </PageLink>
          <PageLink to={routes.search}>Browse Cars</PageLink>
          {isAuthenticated && (
            <>
              <PageLink to={routes.dashboard}>Dashboard</PageLink>
              <PageLink to={routes.favorites}>Favorites</PageLink>
              <PageLink to={routes.messages}>
                Messages
                <RemoteBoundary id={remoteModuleId('messaging', 'UnreadBadge')} silent />
              </PageLink>
            </>
          )}
        </Nav>
        <Actions>
          {isAuthenticated && user ? (
            <>
              <Button as={Link} to={routes.createListing} $size="sm">
                Sell Your Car
              </Button>
              <UserLabel title={user.email}>{user.name || user.email}</UserLabel>
              <Button type="button" $variant="secondary" $size="sm" onClick={logout}>
                Logout
              </Button>
            </>
          ) : (
            <>
              <Button as={Link} to={routes.login} $variant="ghost" $size="sm">
                Login
              </Button>
              <Button as={Link} to={routes.register} $size="sm">
                Get Started
              </Button>
            </>
          )}
          <ThemeToggle />
          <MenuButton
            type="button"
            $variant="secondary"
            $size="sm"
            aria-expanded={menuOpen}
            aria-controls={navId}
            onClick={() => setMenuOpenOn(menuOpen ? null : pathname)}
          >
            Menu
          </MenuButton>
        </Actions>
      </Bar>
    </Header>
  );
}
