import { http, queryKeys, type ApiSuccess, type AppNotification } from '@carmarket/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';

/** How many of the newest notifications the menu lists. */
export const NOTIFICATIONS_SHOWN = 20;

/** GET /notifications: the signed-in user's newest notifications. */
export async function getNotifications(): Promise<AppNotification[]> {
  const { data } = await http.get<ApiSuccess<AppNotification[]>>('/notifications', {
    params: { limit: NOTIFICATIONS_SHOWN },
  });
  return data.data;
}

export const notificationsQuery = () =>
  queryOptions({ queryKey: queryKeys.notifications.list(), queryFn: getNotifications });

/** Fetched when the menu first opens; live events keep it current after that. */
export function useNotifications() {
  return useQuery(notificationsQuery());
}
