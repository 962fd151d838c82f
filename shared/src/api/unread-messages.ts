// The unread-message count as the shell's header badge and the messages page both show it: one
// fetch under one key, so the live updates the header applies show on the page too.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiSuccess } from '../contracts/entities.js';
import { queryKeys } from '../contracts/query-keys.js';
import { useSessionStore } from '../state/session.js';
import { http } from './http.js';

/** GET /messages/unread-count: messages the signed-in user has not read yet (spec §7). */
export async function getUnreadMessagesCount(): Promise<number> {
  const { data } = await http.get<ApiSuccess<{ unreadCount: number }>>('/messages/unread-count');
  return data.data.unreadCount;
}

export const unreadMessagesCountQuery = () =>
  queryOptions({ queryKey: queryKeys.messages.unreadCount(), queryFn: getUnreadMessagesCount });

/** Loaded only for a signed-in user (spec §2); a guest has no count. */
export function useUnreadMessagesCount() {
  const isAuthenticated = useSessionStore((state) => state.isAuthenticated);
  return useQuery({ ...unreadMessagesCountQuery(), enabled: isAuthenticated });
}
