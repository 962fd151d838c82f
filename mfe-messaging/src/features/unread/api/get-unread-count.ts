import { http, queryKeys, useSessionStore, type ApiSuccess } from '@carmarket/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';

/** GET /messages/unread-count: messages the signed-in user has not read yet. */
export async function getUnreadCount(): Promise<number> {
  const { data } = await http.get<ApiSuccess<{ unreadCount: number }>>('/messages/unread-count');
  return data.data.unreadCount;
}

export const unreadCountQuery = () =>
  queryOptions({ queryKey: queryKeys.messages.unreadCount(), queryFn: getUnreadCount });

/** Loaded only for a signed-in user (spec §2); a guest has no count. */
export function useUnreadCount() {
  const isAuthenticated = useSessionStore((state) => state.isAuthenticated);
  return useQuery({ ...unreadCountQuery(), enabled: isAuthenticated });
}
