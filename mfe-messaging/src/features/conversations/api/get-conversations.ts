import { http, queryKeys, type ApiSuccess, type Conversation } from '@carmarket/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';

export type ConversationFolder = 'inbox' | 'archived';

/** GET /messages/conversations: the signed-in user's conversations, most recent first. */
export async function getConversations(folder: ConversationFolder): Promise<Conversation[]> {
  const { data } = await http.get<ApiSuccess<Conversation[]>>('/messages/conversations', {
    params: { archived: folder === 'archived', limit: 100 },
  });
  return data.data;
}

/** Under queryKeys.messages.conversations(), so invalidating that key covers both folders. */
export const conversationsKey = (folder: ConversationFolder) =>
  [...queryKeys.messages.conversations(), folder] as const;

export const conversationsQuery = (folder: ConversationFolder = 'inbox') =>
  queryOptions({ queryKey: conversationsKey(folder), queryFn: () => getConversations(folder) });

export function useConversations(folder: ConversationFolder = 'inbox') {
  return useQuery(conversationsQuery(folder));
}
