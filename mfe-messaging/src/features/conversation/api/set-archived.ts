import { http, queryKeys, type Id } from '@carmarket/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';

/** PATCH /messages/conversations/{id}/archive or /unarchive, for the signed-in user only. */
export async function setArchived({ conversationId, archived }: { conversationId: Id; archived: boolean }) {
  await http.patch(
    `/messages/conversations/${encodeURIComponent(conversationId)}/${archived ? 'archive' : 'unarchive'}`,
  );
}

export function useSetArchived() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setArchived,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.messages.all }),
  });
}
