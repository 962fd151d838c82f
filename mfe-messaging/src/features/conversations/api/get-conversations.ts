import { http, queryKeys, type ApiSuccess, type Conversation } from '@carmarket/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';

/** GET /messages/conversations: the signed-in user's conversations, most recent first. */
export async function getConversations(): Promise<Conversation[]> {
  const { data } = await http.get<ApiSuccess<Conversation[]>>('/messages/conversations');
  return data.data;
}

export const conversationsQuery = () =>
  queryOptions({ queryKey: queryKeys.messages.conversations(), queryFn: getConversations });

export function useConversations() {
  return useQuery(conversationsQuery());
}
