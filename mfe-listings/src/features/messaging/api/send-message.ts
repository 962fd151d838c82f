import { http, queryKeys, type ApiSuccess, type Message } from '@carmarket/shared';
import type { SendMessagePayloadInput } from '@carmarket/shared/schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';

/** POST /messages: the created message, whose conversationId opens the conversation. */
export async function sendMessage(payload: SendMessagePayloadInput): Promise<Message> {
  const { data } = await http.post<ApiSuccess<Message>>('/messages', payload);
  return data.data;
}

/** The inbox (another remote) reads its lists under the shared messages keys: they are stale now. */
export function useSendMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendMessage,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.messages.all }),
  });
}
