import { http, queryKeys, type AppNotification } from '@carmarket/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';

/** POST /notifications/read-all. */
export async function markAllNotificationsRead(): Promise<void> {
  await http.post('/notifications/read-all');
}

export function useMarkAllNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markAllNotificationsRead,
    onSuccess: () => {
      queryClient.setQueryData<AppNotification[]>(queryKeys.notifications.list(), (list) =>
        list?.map((item) => ({ ...item, read: true })),
      );
      queryClient.setQueryData(queryKeys.notifications.unreadCount(), 0);
    },
  });
}
