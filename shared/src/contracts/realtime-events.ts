// Live connection events of spec §7, typed for socket.io on both ends
// (`Server<ClientToServerEvents, ServerToClientEvents>` / `Socket<ServerToClientEvents, ClientToServerEvents>`).
import type { AppNotification, Conversation, Id, IsoDateString, Message, PresenceMap } from './entities.js';
import type { PresenceStatus } from '../constants/enums.js';

export interface TypingPayload {
  conversationId: Id;
  isTyping: boolean;
}

export interface MessageReadPayload {
  messageId: Id;
  conversationId: Id;
}

export interface NewMessageEvent {
  message: Message;
  conversation: Conversation;
}

/** conversationId goes beyond the spec's (userId, isTyping) so a client can ignore other conversations. */
export interface UserTypingEvent {
  userId: Id;
  conversationId: Id;
  isTyping: boolean;
}

export interface MessageReadReceiptEvent {
  messageId: Id;
  readBy: Id;
  readAt: IsoDateString;
}

export interface MessageDeletedEvent {
  messageId: Id;
  conversationId: Id;
}

export interface UserStatusChangedEvent {
  userId: Id;
  status: PresenceStatus;
  lastSeen: IsoDateString | null;
}

/** Something new for the header's notifications menu, with the user's unread count after it. */
export interface NotificationEvent {
  notification: AppNotification;
  unreadCount: number;
}

/** The answer to join-conversation: a non-participant is refused and not joined. */
export type JoinConversationAck = { ok: true } | { ok: false; error: string };

export interface ClientToServerEvents {
  'join-conversation': (conversationId: Id, ack?: (result: JoinConversationAck) => void) => void;
  'leave-conversation': (conversationId: Id) => void;
  typing: (payload: TypingPayload) => void;
  'message-read': (payload: MessageReadPayload) => void;
  'request-user-status': (userIds: Id[]) => void;
}

export interface ServerToClientEvents {
  'new-message': (event: NewMessageEvent) => void;
  'user-typing': (event: UserTypingEvent) => void;
  'message-read-receipt': (event: MessageReadReceiptEvent) => void;
  'message-deleted': (event: MessageDeletedEvent) => void;
  'user-status-changed': (event: UserStatusChangedEvent) => void;
  'user-status-response': (presence: PresenceMap) => void;
  notification: (event: NotificationEvent) => void;
}

/** The message socket.io reports in connect_error when the token is rejected; the client logs out on it. */
export const SOCKET_AUTH_FAILED_MESSAGE = 'Authentication failed';
