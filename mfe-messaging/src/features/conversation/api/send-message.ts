import { http, queryKeys, type ApiSuccess, type Message } from '@carmarket/shared';
import type { SendMessagePayloadInput } from '@carmarket/shared/schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ConversationThread } from './get-messages';

/** POST /messages; clientMessageId makes a retried send land once. */
export async function sendMessage(payload: SendMessagePayloadInput): Promise<Message> {
  const { data } = await http.post<ApiSuccess<Message>>('/messages', payload);
  return data.data;
}

export function useSendMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendMessage,
    // Shown at once; the new-message event carrying the same _id is then ignored.
    onSuccess: (message) => {
      queryClient.setQueryData<ConversationThread>(
        queryKeys.messages.conversation(message.conversationId),
        (thread) =>
          thread && !thread.messages.some((m) => m._id === message._id)
            ? { ...thread, messages: [...thread.messages, message] }
            : thread,
      );
    },
  });
}
