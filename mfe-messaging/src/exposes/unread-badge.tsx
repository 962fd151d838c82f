// ./UnreadBadge: the unread count the shell's header shows next to Messages (nothing at 0).
export { UnreadBadge as default } from '../features/unread/unread-badge';
