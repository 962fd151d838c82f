import { http, queryKeys, type Message } from '@carmarket/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ConversationThread } from './get-messages';

/** DELETE /messages/{id}: one of the user's own messages. */
export async function deleteMessage(message: Message): Promise<void> {
  await http.delete(`/messages/${encodeURIComponent(message._id)}`);
}

export function useDeleteMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteMessage,
    onSuccess: (_, message) => {
      queryClient.setQueryData<ConversationThread>(
        queryKeys.messages.conversation(message.conversationId),
        (thread) => thread && { ...thread, messages: thread.messages.filter((m) => m._id !== message._id) },
      );
      void queryClient.invalidateQueries({ queryKey: queryKeys.messages.conversations() });
    },
  });
}
