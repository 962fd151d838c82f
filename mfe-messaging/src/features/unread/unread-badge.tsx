import { useUnreadMessagesCount } from '@carmarket/shared';
import { Badge, VisuallyHidden } from '@carmarket/shared/ui';

/**
 * The unread-message count beside the page's Messages title, hidden at 0 (spec §2). It reads the
 * query the shell's header badge keeps live (queryKeys.messages.unreadCount), so both show one count.
 */
export function UnreadBadge() {
  const { data: count = 0 } = useUnreadMessagesCount();
  if (count <= 0) return null;
  return (
    <Badge $tone="danger" data-testid="unread-badge">
      {count}
      <VisuallyHidden> unread messages</VisuallyHidden>
    </Badge>
  );
}
