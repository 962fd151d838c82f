import {
  queryKeys,
  useSessionStore,
  useSocket,
  type AppSocket,
  type Conversation,
  type Message,
  type NewMessageEvent,
} from '@carmarket/shared';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { getMessagesAfter } from './api/get-messages-after';
import { useLiveStore } from './live-store';

/** What the conversation view caches under queryKeys.messages.conversation(id). */
interface Thread {
  conversation: Conversation;
  messages: Message[];
}

const lastActivity = (c: Conversation) => (c.lastMessage ? Date.parse(c.lastMessage.createdAt) : 0);

/** Adds messages not yet present (by _id), keeping the thread oldest → newest. */
function withMessages(thread: Thread | undefined, incoming: Message[]): Thread | undefined {
  if (!thread) return thread;
  const known = new Set(thread.messages.map((m) => m._id));
  const added = incoming.filter((m) => !known.has(m._id));
  if (added.length === 0) return thread;
  const messages = [...thread.messages, ...added].sort(
    (a, b) => Date.parse(a.createdAt) - Date.parse(b.createdAt),
  );
  return { ...thread, messages };
}

/**
 * The socket's messaging events → the page's caches and the live store (spec §4 "Messaging"). The
 * global unread count is the shell's: its header badge follows these events on every page, this
 * page's open conversation included (the conversation whose address is open is not counted).
 * Attached once per socket however many components ask.
 */
function attach(socket: AppSocket, queryClient: QueryClient): () => void {
  const live = useLiveStore.getState;
  const me = () => useSessionStore.getState().user?._id;
  let dropped = false;
  // The open conversation's last message when the connection dropped. The catch-up starts there,
  // not at the thread's last message then: this user's own messages, sent over HTTP while the
  // socket was down, are in the thread already, and fetching after them would skip the other
  // side's messages missed before them.
  let lastBeforeDrop: { conversationId: string; messageId: string } | undefined;

  const onNewMessage = ({ message, conversation }: NewMessageEvent) => {
    const { conversationId } = message;
    const isOpen = live().activeConversationId === conversationId;
    const incoming = message.recipient._id === me();
    queryClient.setQueryData<Thread>(queryKeys.messages.conversation(conversationId), (thread) =>
      withMessages(thread, [message]),
    );
    let shown = conversation;
    if (incoming && isOpen) {
      socket.emit('message-read', { messageId: message._id, conversationId });
      shown = { ...conversation, unreadCount: 0 };
    }
    queryClient.setQueryData<Conversation[]>([...queryKeys.messages.conversations(), 'inbox'], (list) =>
      list
        ? [shown, ...list.filter((c) => c.conversationId !== conversationId)].sort(
            (a, b) => lastActivity(b) - lastActivity(a),
          )
        : list,
    );
  };

  const onReceipt = ({ messageId, readAt }: { messageId: string; readAt: string }) => {
    queryClient.setQueriesData<Thread>({ queryKey: [...queryKeys.messages.all, 'conversation'] }, (thread) =>
      thread && thread.messages.some((m) => m._id === messageId)
        ? {
            ...thread,
            messages: thread.messages.map((m) => (m._id === messageId ? { ...m, read: true, readAt } : m)),
          }
        : thread,
    );
  };

  const onDeleted = ({ messageId, conversationId }: { messageId: string; conversationId: string }) => {
    queryClient.setQueryData<Thread>(
      queryKeys.messages.conversation(conversationId),
      (thread) => thread && { ...thread, messages: thread.messages.filter((m) => m._id !== messageId) },
    );
    void queryClient.invalidateQueries({ queryKey: queryKeys.messages.conversations() });
  };

  const onTyping = ({
    userId,
    conversationId,
    isTyping,
  }: {
    userId: string;
    conversationId: string;
    isTyping: boolean;
  }) => {
    if (userId !== me()) live().setTyping(conversationId, isTyping);
  };
  const onStatus = ({
    userId,
    status,
    lastSeen,
  }: {
    userId: string;
    status: 'online' | 'offline';
    lastSeen: string | null;
  }) => live().mergePresence({ [userId]: { status, lastSeen } });
  const onStatuses = live().mergePresence;

  const onDisconnect = () => {
    dropped = true;
    const active = live().activeConversationId;
    const last = active
      ? queryClient.getQueryData<Thread>(queryKeys.messages.conversation(active))?.messages.at(-1)
      : undefined;
    lastBeforeDrop = active && last ? { conversationId: active, messageId: last._id } : undefined;
  };
  // After a dropped connection: the server forgot this socket's rooms, and events sent meanwhile
  // were missed. Rejoin the open conversation and fetch what came after its last message before the drop.
  const onConnect = () => {
    if (!dropped) return;
    dropped = false;
    const active = live().activeConversationId;
    void queryClient.invalidateQueries({ queryKey: queryKeys.messages.conversations() });
    if (!active) return;
    socket.emit('join-conversation', active);
    const key = queryKeys.messages.conversation(active);
    // A conversation opened while disconnected was fetched whole then: after its last message.
    const after =
      lastBeforeDrop?.conversationId === active
        ? lastBeforeDrop.messageId
        : queryClient.getQueryData<Thread>(key)?.messages.at(-1)?._id;
    if (!after) return void queryClient.invalidateQueries({ queryKey: key });
    getMessagesAfter(active, after).then(
      (missed) => queryClient.setQueryData<Thread>(key, (thread) => withMessages(thread, missed)),
      () => queryClient.invalidateQueries({ queryKey: key }),
    );
  };

  socket.on('new-message', onNewMessage);
  socket.on('message-read-receipt', onReceipt);
  socket.on('message-deleted', onDeleted);
  socket.on('user-typing', onTyping);
  socket.on('user-status-changed', onStatus);
  socket.on('user-status-response', onStatuses);
  socket.on('disconnect', onDisconnect);
  socket.on('connect', onConnect);
  return () => {
    socket.off('new-message', onNewMessage);
    socket.off('message-read-receipt', onReceipt);
    socket.off('message-deleted', onDeleted);
    socket.off('user-typing', onTyping);
    socket.off('user-status-changed', onStatus);
    socket.off('user-status-response', onStatuses);
    socket.off('disconnect', onDisconnect);
    socket.off('connect', onConnect);
  };
}

const attached = new Map<AppSocket, { users: number; detach: () => void }>();

/** Keeps the messaging events flowing into the cache while any caller is mounted. */
export function useMessagingLive(): void {
  const socket = useSocket();
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!socket) return;
    const entry = attached.get(socket) ?? { users: 0, detach: attach(socket, queryClient) };
    entry.users += 1;
    attached.set(socket, entry);
    return () => {
      entry.users -= 1;
      if (entry.users > 0) return;
      entry.detach();
      attached.delete(socket);
    };
  }, [socket, queryClient]);
}
