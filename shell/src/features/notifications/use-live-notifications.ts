import {
  queryKeys,
  useSocket,
  type AppNotification,
  type Id,
  type NotificationEvent,
} from '@carmarket/shared';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';

/**
 * What a price drop changes on pages a remote may have open: the favorites (new price, "Price
 * dropped") and the listing itself with its price history and deal rating. The shared query client
 * and keys let the shell refresh them without knowing the remotes.
 */
function invalidatePriceDrop(queryClient: QueryClient, listingId: Id) {
  for (const queryKey of [
    queryKeys.listings.favorites(),
    queryKeys.listings.detail(listingId),
    queryKeys.listings.priceHistory(listingId),
    queryKeys.listings.dealRating(listingId),
  ]) {
    void queryClient.invalidateQueries({ queryKey });
  }
}

/**
 * The socket's 'notification' events → the menu's cache: the badge takes the server's unread count
 * and a loaded list gets the new entry on top; a price drop also refreshes the listing's queries.
 * After a dropped connection the events sent meanwhile are lost, so the notifications are read again.
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
      if (notification.kind === 'price-drop')
        invalidatePriceDrop(queryClient, notification.payload.listingId);
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
