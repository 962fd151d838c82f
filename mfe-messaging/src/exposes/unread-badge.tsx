// ./UnreadBadge: the unread count the shell's header shows next to Messages (nothing at 0), kept live
// by the messaging events on every page, not only on /messages.
import { useMessagingLive } from '../features/live/use-messaging-live';
import { UnreadBadge } from '../features/unread/unread-badge';

export default function LiveUnreadBadge() {
  useMessagingLive();
  return <UnreadBadge />;
}
