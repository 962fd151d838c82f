import { http, queryKeys, type ApiSuccess } from '@carmarket/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';

/** GET /notifications/unread-count: what the bell's badge shows. */
export async function getUnreadNotificationsCount(): Promise<number> {
  const { data } = await http.get<ApiSuccess<{ unreadCount: number }>>('/notifications/unread-count');
  return data.data.unreadCount;
}

export const unreadNotificationsCountQuery = () =>
  queryOptions({
    queryKey: queryKeys.notifications.unreadCount(),
    queryFn: getUnreadNotificationsCount,
  });

export function useUnreadNotificationsCount() {
  return useQuery(unreadNotificationsCountQuery());
}
