import { http, queryKeys, type Conversation, type Id } from '@carmarket/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';

/** PATCH /messages/conversations/{id}/read: everything addressed to the user in it is read. */
export async function markConversationRead(conversationId: Id): Promise<void> {
  await http.patch(`/messages/conversations/${encodeURIComponent(conversationId)}/read`);
}

export function useMarkConversationRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markConversationRead,
    onSuccess: (_, conversationId) => {
      queryClient.setQueriesData<Conversation[]>({ queryKey: queryKeys.messages.conversations() }, (list) =>
        list?.map((c) => (c.conversationId === conversationId ? { ...c, unreadCount: 0 } : c)),
      );
      void queryClient.invalidateQueries({ queryKey: queryKeys.messages.unreadCount() });
    },
    // Spec §8: a mark-read failure is logged only.
    onError: (error) => console.error('Failed to mark the conversation read', error),
  });
}
