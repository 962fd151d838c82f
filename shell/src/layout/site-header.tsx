import { formatDisplayName, http, routes, useHydrated, useSessionStore } from '@carmarket/shared';
import { Button, VisuallyHidden } from '@carmarket/shared/ui';
import { useQueryClient } from '@tanstack/react-query';
import { Suspense, useEffect, useId, useState, type ComponentProps } from 'react';
import { Link, NavLink, useLocation, useNavigate } from '@carmarket/shared/router';
import styled, { css } from 'styled-components';
import { NotificationsMenu } from '../features/notifications';
import { UnreadMessagesBadge } from '../features/unread-messages';
import { ThemeToggle } from './theme-toggle';
import { LineIcon } from './line-icon';
import { compact } from './compact';

// Below this width the header is one row (brand, Sell, Messages, Menu); the page links, the account
// and the theme switch fold into the Menu. Every control exists once: CSS order places it per width.
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

  ${compact} {
    column-gap: ${({ theme }) => theme.space.sm};
    padding-inline: ${({ theme }) => theme.space.sm};
  }
`;

const Brand = styled(Link)`
  font-size: ${({ theme }) => theme.fontSizes.lg};
  font-weight: ${({ theme }) => theme.fontWeights.bold};
  color: ${({ theme }) => theme.colors.text};
  text-decoration: none;
`;

/** A part of the Menu on a phone: a full-width row under the bar, shown while the menu is open. */
const menuPart = (order: number) => css<{ $open: boolean }>`
  ${compact} {
    display: ${({ $open }) => ($open ? 'flex' : 'none')};
    order: ${order};
    flex-basis: 100%;
  }
`;

const Nav = styled.nav<{ $open: boolean }>`
  display: flex;
  order: 1;
  align-items: center;
  gap: ${({ theme }) => theme.space.xs};
  ${menuPart(10)}

  ${compact} {
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

/** Sell, Messages and Notifications (or Login and Get Started): on the bar at every width. */
const Quick = styled.div`
  display: flex;
  order: 2;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
  margin-left: auto;

  /* Narrower buttons, so a guest's Login and Get Started fit one row with the brand and the Menu. */
  ${compact} {
    & > a {
      padding-inline: ${({ theme }) => theme.space.sm};
    }
  }
`;

/** Who is signed in, the theme switch and Logout: right of the bar, or the Menu's last row. */
const Account = styled.div<{ $open: boolean }>`
  display: flex;
  order: 3;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
  min-width: 0;
  ${menuPart(11)}

  ${compact} {
    flex-wrap: wrap;
    padding-top: ${({ theme }) => theme.space.sm};
    border-top: 1px solid ${({ theme }) => theme.colors.border};
  }
`;

/** Words a phone's bar leaves out; screen readers still read them ("Sell Your Car"). */
const WideOnly = styled.span`
  ${compact} {
    position: absolute;
    width: 1px;
    height: 1px;
    overflow: hidden;
    clip: rect(0, 0, 0, 0);
    white-space: nowrap;
  }
`;

const UserLabel = styled.span`
  max-width: 16rem;
  overflow: hidden;
  color: ${({ theme }) => theme.colors.textMuted};
  text-overflow: ellipsis;
  white-space: nowrap;

  ${compact} {
    flex: 1 1 100%;
    max-width: none;
  }
`;

const MenuButton = styled(Button)`
  order: 4;
  padding-inline: ${({ theme }) => theme.space.sm};

  @media (min-width: ${({ theme }) => theme.breakpoints.md}) {
    display: none;
  }
`;

const Hamburger = () => (
  <LineIcon>
    <path d="M4 6h16M4 12h16M4 18h16" />
  </LineIcon>
);

const Envelope = () => (
  <LineIcon>
    <rect x="3" y="5" width="18" height="14" rx="2" />
    <path d="m3 7 9 6 9-6" />
  </LineIcon>
);

function useLogout() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const queryClient = useQueryClient();
  const [leaving, setLeaving] = useState(false);
  // Leave first: the session ends once home is on screen. Ending it while a protected page is still
  // rendered would make its guard send the user to /login instead of home (navigations render as
  // transitions, after the session store's update).
  useEffect(() => {
    if (!leaving || pathname !== routes.home) return;
    setLeaving(false);
    useSessionStore.getState().logout();
    // The next person on this device must not see the previous user's cached listings or messages.
    queryClient.clear();
  }, [leaving, pathname, queryClient]);
  return async () => {
    const { refreshToken } = useSessionStore.getState();
    // Revoking the refresh token is best effort: the session ends on this device either way.
    if (refreshToken) await http.post('/auth/logout', { refreshToken }).catch(() => undefined);
    setLeaving(true);
    navigate(routes.home);
  };
}

/**
 * The phone's menu button. A server-rendered button waits for its handler (useHydrated); read here,
 * so only the button renders again once hydrated, not the whole header (that render is synchronous).
 */
function MenuToggle(props: Pick<ComponentProps<'button'>, 'aria-expanded' | 'aria-controls' | 'onClick'>) {
  const hydrated = useHydrated();
  return (
    <MenuButton type="button" $variant="secondary" $size="sm" disabled={!hydrated} {...props}>
      <Hamburger />
      <VisuallyHidden>Menu</VisuallyHidden>
    </MenuButton>
  );
}

/**
 * Spec §2 header: a guest sees Login and Get Started; a signed-in user their pages, Sell, Messages,
 * the notifications menu, Profile and Logout. The Menu button comes right after the brand in reading order, so the menu it
 * opens is what Tab reaches next.
 */
export function SiteHeader() {
  const user = useSessionStore((state) => state.user);
  const isAuthenticated = useSessionStore((state) => state.isAuthenticated);
  const logout = useLogout();
  const menuId = useId();
  const accountId = useId();
  const { pathname } = useLocation();
  // The mobile menu stays open only on the page it was opened on: following a link closes it.
  const [menuOpenOn, setMenuOpenOn] = useState<string | null>(null);
  const menuOpen = menuOpenOn === pathname;
  const signedIn = isAuthenticated && user;

  return (
    <Header>
      <Bar>
        <Brand to={routes.home}>CarMarket</Brand>
        <MenuToggle
          aria-expanded={menuOpen}
          aria-controls={`${menuId} ${accountId}`}
          onClick={() => setMenuOpenOn(menuOpen ? null : pathname)}
        />
        <Nav id={menuId} aria-label="Main" $open={menuOpen}>
          <PageLink to={routes.home} end>
            Home
          </PageLink>
          <PageLink to={routes.search}>Browse Cars</PageLink>
          {signedIn && (
            <>
              <PageLink to={routes.dashboard}>Dashboard</PageLink>
              <PageLink to={routes.favorites}>Favorites</PageLink>
              <PageLink to={routes.profile}>Profile</PageLink>
              {user.isAdmin && <PageLink to={routes.moderation}>Moderation</PageLink>}
            </>
          )}
        </Nav>
        <Quick>
          {signedIn ? (
            <>
              <Button as={Link} to={routes.createListing} $size="sm">
                {/* One flex item, so the button's gap does not open inside the words. */}
                <span>
                  Sell<WideOnly> Your Car</WideOnly>
                </span>
              </Button>
              <PageLink to={routes.messages}>
                <Envelope />
                <WideOnly>Messages</WideOnly>
                <Suspense fallback={null}>
                  <UnreadMessagesBadge />
                </Suspense>
              </PageLink>
              <Suspense fallback={null}>
                <NotificationsMenu />
              </Suspense>
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
        </Quick>
        <Account id={accountId} $open={menuOpen}>
          {/* The name others see; the title says which account is signed in. */}
          {signedIn && <UserLabel title={user.email}>{formatDisplayName(user)}</UserLabel>}
          <ThemeToggle />
          {signedIn && (
            <Button type="button" $variant="secondary" $size="sm" onClick={logout}>
              Logout
            </Button>
          )}
        </Account>
      </Bar>
    </Header>
  );
}
