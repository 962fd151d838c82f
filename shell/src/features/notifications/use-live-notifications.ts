import { queryKeys, useSocket, type AppNotification, type NotificationEvent } from '@carmarket/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';

/**
 * The socket's 'notification' events → the menu's cache: the badge takes the server's unread count
 * and a loaded list gets the new entry on top. After a dropped connection the events sent meanwhile
 * are lost, so both are read again.
 */
export function useLiveNotifications() {
  const socket = useSocket();
  const queryClient = useQueryClient();

  useEffect(() => {
    if (!socket) return;
    const onNotification = ({ notification, unreadCount }: NotificationEvent) => {
      queryClient.setQueryData(queryKeys.notifications.unreadCount(), unreadCount);
      queryClient.setQueryData<AppNotification[]>(queryKeys.notifications.list(), (list) =>
        list && !list.some((item) => item._id === notification._id) ? [notification, ...list] : list,
      );
    };
    let dropped = false;
    const onDisconnect = () => {
      dropped = true;
    };
    const onConnect = () => {
      if (!dropped) return;
      dropped = false;
      void queryClient.invalidateQueries({ queryKey: queryKeys.notifications.all });
    };
    socket.on('notification', onNotification);
    socket.on('disconnect', onDisconnect);
    socket.on('connect', onConnect);
    return () => {
      socket.off('notification', onNotification);
      socket.off('disconnect', onDisconnect);
      socket.off('connect', onConnect);
    };
  }, [socket, queryClient]);
}
