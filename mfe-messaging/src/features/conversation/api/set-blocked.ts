import { http, queryKeys, type Id } from '@carmarket/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';

/** POST /messages/block/{userId} or /unblock/{userId}. */
export async function setBlocked({ userId, blocked }: { userId: Id; blocked: boolean }) {
  await http.post(`/messages/${blocked ? 'block' : 'unblock'}/${encodeURIComponent(userId)}`);
}

export function useSetBlocked() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setBlocked,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.messages.all }),
  });
}
