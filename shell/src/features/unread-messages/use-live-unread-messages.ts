import {
  queryKeys,
  routes,
  useSessionStore,
  useSocket,
  type AppSocket,
  type MessageDeletedEvent,
  type MessageReadReceiptEvent,
  type NewMessageEvent,
} from '@carmarket/shared';
import { useLocation } from '@carmarket/shared/router';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';

/**
 * The socket's messaging events → the global unread count (spec §4 "Messaging"). The messaging
 * remote keeps its own page's caches (threads, the conversation list, read receipts) and reads the
 * open conversation's new messages; this count is the header's, on every page.
 */
function attach(socket: AppSocket, queryClient: QueryClient, openPath: () => string): () => void {
  const count = queryKeys.messages.unreadCount();
  const refetch = () => void queryClient.invalidateQueries({ queryKey: count });
  const counted = new Set<string>();
  let dropped = false;

  const onNewMessage = ({ message }: NewMessageEvent) => {
    if (message.recipient._id !== useSessionStore.getState().user?._id) return;
    // The open conversation (its address is /messages/{id}) reads its new messages at once.
    if (openPath() === routes.conversation(message.conversationId)) return;
    // One message can come twice (the user's room and the conversation's): counted once.
    if (counted.has(message._id)) return;
    counted.add(message._id);
    queryClient.setQueryData<number>(count, (current) => (current ?? 0) + 1);
    // Shown at once, then the server's count: a count fetched after a reconnection may already hold
    // this message (its event leaves the server a little after it is stored), or may have been read
    // before it was stored and still be on its way.
    refetch();
  };
  // This user read something (here or in another tab): the badge follows the server's count.
  const onReceipt = ({ readBy }: MessageReadReceiptEvent) => {
    if (readBy === useSessionStore.getState().user?._id) refetch();
  };
  const onDeleted = (_: MessageDeletedEvent) => refetch();
  const onDisconnect = () => {
    dropped = true;
  };
  // Events sent while the connection was down are lost: ask the server again.
  const onConnect = () => {
    if (!dropped) return;
    dropped = false;
    refetch();
  };

  socket.on('new-message', onNewMessage);
  socket.on('message-read-receipt', onReceipt);
  socket.on('message-deleted', onDeleted);
  socket.on('disconnect', onDisconnect);
  socket.on('connect', onConnect);
  return () => {
    socket.off('new-message', onNewMessage);
    socket.off('message-read-receipt', onReceipt);
    socket.off('message-deleted', onDeleted);
    socket.off('disconnect', onDisconnect);
    socket.off('connect', onConnect);
  };
}

/** Keeps the unread-message count live while the header shows it. */
export function useLiveUnreadMessages(): void {
  const socket = useSocket();
  const queryClient = useQueryClient();
  const { pathname } = useLocation();
  const path = useRef(pathname);
  path.current = pathname;
  useEffect(() => {
    if (!socket) return;
    return attach(socket, queryClient, () => path.current);
  }, [socket, queryClient]);
}
