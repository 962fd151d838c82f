// The unread-message count next to Messages in the header (spec §2), hidden at 0 and kept live by
// the socket's messaging events. The shell's own, like the notifications menu: a remote here would
// cost every signed-in page that remote's entry (about 8 KB gzip) for a number.
import { useUnreadMessagesCount } from '@carmarket/shared';
import { Badge, VisuallyHidden } from '@carmarket/shared/ui';
import { useLiveUnreadMessages } from './use-live-unread-messages';

export default function UnreadMessagesBadge() {
  useLiveUnreadMessages();
  const { data: count = 0 } = useUnreadMessagesCount();
  if (count <= 0) return null;
  return (
    <Badge $tone="danger" data-testid="unread-badge">
      {count}
      <VisuallyHidden> unread messages</VisuallyHidden>
    </Badge>
  );
}
