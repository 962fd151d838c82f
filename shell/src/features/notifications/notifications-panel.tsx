import {
  describeNotification,
  formatRelativeTime,
  getRequestId,
  type AppNotification,
} from '@carmarket/shared';
import { Button, Spinner, SupportRequestId, VisuallyHidden } from '@carmarket/shared/ui';
import { Link } from '@carmarket/shared/router';
import styled from 'styled-components';
import { compact } from '../../layout/compact';
import { useNotifications } from './api/get-notifications';
import { useMarkAllNotificationsRead } from './api/mark-all-notifications-read';
import { useMarkNotificationRead } from './api/mark-notification-read';

const Panel = styled.div`
  position: absolute;
  top: calc(100% + ${({ theme }) => theme.space.xs});
  right: 0;
  z-index: 6;
  width: 24rem;
  max-height: min(32rem, 75vh);
  overflow-y: auto;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.lg};
  background: ${({ theme }) => theme.colors.background};
  box-shadow: ${({ theme }) => theme.shadows.md};

  ${compact} {
    top: 100%;
    right: ${({ theme }) => theme.space.sm};
    left: ${({ theme }) => theme.space.sm};
    width: auto;
  }
`;

const PanelHeader = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.sm};
  padding: ${({ theme }) => `${theme.space.sm} ${theme.space.md}`};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
`;

const Title = styled.h2`
  margin: 0;
  font-size: ${({ theme }) => theme.fontSizes.md};
`;

const List = styled.ul`
  margin: 0;
  padding: 0;
  list-style: none;
`;

const ItemLink = styled(Link)<{ $unread: boolean }>`
  display: grid;
  gap: ${({ theme }) => theme.space.xxs};
  padding: ${({ theme }) => `${theme.space.sm} ${theme.space.md}`};
  border-left: 4px solid
    ${({ theme, $unread }) => ($unread ? theme.colors.tones.primary.background : 'transparent')};
  color: ${({ theme }) => theme.colors.text};
  font-weight: ${({ theme, $unread }) => ($unread ? theme.fontWeights.bold : theme.fontWeights.regular)};
  text-decoration: none;

  &:hover {
    background: ${({ theme }) => theme.colors.surfaceMuted};
  }
`;

const When = styled.span`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  font-weight: ${({ theme }) => theme.fontWeights.regular};
`;

const Empty = styled.p`
  margin: 0;
  padding: ${({ theme }) => theme.space.md};
  color: ${({ theme }) => theme.colors.textMuted};
`;

function NotificationItem({ notification, onOpen }: { notification: AppNotification; onOpen: () => void }) {
  const { text, href } = describeNotification(notification);
  return (
    <li>
      <ItemLink to={href} $unread={!notification.read} onClick={onOpen}>
        <span>
          {!notification.read && <VisuallyHidden>Unread: </VisuallyHidden>}
          {text}
        </span>
        <When>{formatRelativeTime(notification.createdAt)}</When>
      </ItemLink>
    </li>
  );
}

function NotificationList({ onOpen }: { onOpen: (notification: AppNotification) => void }) {
  const { data: notifications, isPending, isError, error } = useNotifications();
  if (isPending) return <Spinner label="Loading notifications" />;
  if (isError) {
    return (
      <div role="alert">
        <Empty>Notifications could not be loaded. Try again later.</Empty>
        <SupportRequestId requestId={getRequestId(error)} />
      </div>
    );
  }
  if (notifications.length === 0) {
    return <Empty>No notifications yet. New cars for your saved searches and price drops show here.</Empty>;
  }
  return (
    <List aria-label="Notifications">
      {notifications.map((notification) => (
        <NotificationItem
          key={notification._id}
          notification={notification}
          onOpen={() => onOpen(notification)}
        />
      ))}
    </List>
  );
}

/** The open menu: Mark all as read and the newest notifications; opening one marks it read. */
export default function NotificationsPanel({
  unreadCount,
  onClose,
}: {
  unreadCount: number;
  onClose: () => void;
}) {
  const markRead = useMarkNotificationRead();
  const markAllRead = useMarkAllNotificationsRead();
  return (
    <Panel role="region" aria-label="Notifications">
      <PanelHeader>
        <Title>Notifications</Title>
        {/* Stays (aria-disabled) once all is read, so focus is not lost with it. */}
        <Button
          type="button"
          $variant="ghost"
          $size="sm"
          aria-disabled={unreadCount === 0 || markAllRead.isPending}
          onClick={() => {
            if (unreadCount > 0 && !markAllRead.isPending) markAllRead.mutate();
          }}
        >
          Mark all as read
        </Button>
      </PanelHeader>
      <NotificationList
        onOpen={(notification) => {
          if (!notification.read) markRead.mutate(notification._id);
          onClose();
        }}
      />
    </Panel>
  );
}
