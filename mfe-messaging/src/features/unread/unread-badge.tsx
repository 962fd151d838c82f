import { Badge, VisuallyHidden } from '@carmarket/shared/ui';
import { useUnreadCount } from './api/get-unread-count';

/**
 * The unread-message count next to Messages, hidden at 0 (spec §2); shown in the shell's header.
 * The live feature keeps its count current.
 */
export function UnreadBadge() {
  const { data: count = 0 } = useUnreadCount();
  if (count <= 0) return null;
  return (
    <Badge $tone="danger" data-testid="unread-badge">
      {count}
      <VisuallyHidden> unread messages</VisuallyHidden>
    </Badge>
  );
}
