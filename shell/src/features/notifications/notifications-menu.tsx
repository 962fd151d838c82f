// The header's notifications menu (issue 17): saved-search matches and price drops, newest first,
// with the unread count on its button. A disclosure: the button opens a panel with a list of links
// to the listings; Escape or a click elsewhere closes it. The panel's contents load on first open,
// so a page carries only the button, its count and the live listener.
import { Badge, Button, VisuallyHidden } from '@carmarket/shared/ui';
import { lazy, Suspense, useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import styled from 'styled-components';
import { compact } from '../../layout/compact';
import { LineIcon } from '../../layout/line-icon';
import { useUnreadNotificationsCount } from './api/get-unread-notifications-count';
import { useLiveNotifications } from './use-live-notifications';

const NotificationsPanel = lazy(() => import('./notifications-panel'));

/** The panel hangs under the button; on a phone it spans the header (the sticky header places it). */
const Wrapper = styled.div`
  position: relative;

  ${compact} {
    position: static;
  }
`;

const Bell = () => (
  <LineIcon>
    <path d="M6 8a6 6 0 0 1 12 0c0 7 3 9 3 9H3s3-2 3-9" />
    <path d="M10.3 21a1.94 1.94 0 0 0 3.4 0" />
  </LineIcon>
);

export default function NotificationsMenu() {
  useLiveNotifications();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const wrapperRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const { data: unreadCount = 0 } = useUnreadNotificationsCount();

  // A click or focus outside the menu closes it, as a disclosure in a header is expected to.
  useEffect(() => {
    if (!open) return;
    const closeOutside = (event: Event) => {
      if (!wrapperRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', closeOutside);
    document.addEventListener('focusin', closeOutside);
    return () => {
      document.removeEventListener('pointerdown', closeOutside);
      document.removeEventListener('focusin', closeOutside);
    };
  }, [open]);

  const closeOnEscape = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || !open) return;
    setOpen(false);
    buttonRef.current?.focus();
  };

  return (
    <Wrapper ref={wrapperRef} onKeyDown={closeOnEscape}>
      <Button
        ref={buttonRef}
        type="button"
        $variant="ghost"
        $size="sm"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen(!open)}
      >
        <Bell />
        <VisuallyHidden>Notifications</VisuallyHidden>
        {unreadCount > 0 && (
          <Badge $tone="danger" data-testid="notifications-badge">
            {unreadCount}
            <VisuallyHidden> unread</VisuallyHidden>
          </Badge>
        )}
      </Button>
      <div id={panelId} hidden={!open}>
        {open && (
          <Suspense fallback={null}>
            <NotificationsPanel unreadCount={unreadCount} onClose={() => setOpen(false)} />
          </Suspense>
        )}
      </div>
    </Wrapper>
  );
}
