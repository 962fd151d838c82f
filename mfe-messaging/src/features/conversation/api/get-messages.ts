import {
  http,
  queryKeys,
  type ApiSuccess,
  type Conversation,
  type Id,
  type Message,
} from '@carmarket/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';

export interface ConversationThread {
  conversation: Conversation;
  /** Oldest → newest. */
  messages: Message[];
}

/** The latest messages shown when a conversation opens. */
const THREAD_PAGE_SIZE = 100;

/** GET /messages/conversations/{id}: the latest messages and the conversation they belong to. */
export async function getMessages(conversationId: Id): Promise<ConversationThread> {
  const { data } = await http.get<ApiSuccess<Message[]> & { conversation: Conversation }>(
    `/messages/conversations/${encodeURIComponent(conversationId)}`,
    { params: { limit: THREAD_PAGE_SIZE } },
  );
  return { conversation: data.conversation, messages: data.data };
}

export const messagesQuery = (conversationId: Id) =>
  queryOptions({
    queryKey: queryKeys.messages.conversation(conversationId),
    queryFn: () => getMessages(conversationId),
  });

export function useMessages(conversationId: Id) {
  return useQuery(messagesQuery(conversationId));
}
