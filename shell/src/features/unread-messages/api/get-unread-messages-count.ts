import { http, queryKeys, type ApiSuccess } from '@carmarket/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';

/** GET /messages/unread-count: messages the signed-in user has not read yet (spec §7). */
export async function getUnreadMessagesCount(): Promise<number> {
  const { data } = await http.get<ApiSuccess<{ unreadCount: number }>>('/messages/unread-count');
  return data.data.unreadCount;
}

export const unreadMessagesCountQuery = () =>
  queryOptions({ queryKey: queryKeys.messages.unreadCount(), queryFn: getUnreadMessagesCount });

export function useUnreadMessagesCount() {
  return useQuery(unreadMessagesCountQuery());
}
