import { http, type ApiSuccess, type Id, type Message } from '@carmarket/shared';

/** The most a single catch-up fetch returns (the API's largest page). */
const CATCH_UP_LIMIT = 100;

/** GET /messages/conversations/{id}?after={messageId}: what arrived after a known message. */
export async function getMessagesAfter(conversationId: Id, afterMessageId: Id): Promise<Message[]> {
  const { data } = await http.get<ApiSuccess<Message[]>>(
    `/messages/conversations/${encodeURIComponent(conversationId)}`,
    { params: { after: afterMessageId, limit: CATCH_UP_LIMIT } },
  );
  return data.data;
}
