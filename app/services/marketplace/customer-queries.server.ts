import { z } from "zod";
import {
  AttemptsAnswer,
  ChatPageAnswer,
  DeleteAnswer,
  DeleteChatAnswer,
  GroupedChatsAnswer,
  QueryChatGroup,
  type GroupedChatsQuery,
} from "~contract/customer-queries";
import { apiRequest, type Caller } from "./client.server";

/** GET /get-grouped-chats-admin: one page of pairs, newest message first, with the total (ours). */
export async function listQueryGroups(caller: Caller, query: GroupedChatsQuery) {
  const answer = await apiRequest("/get-grouped-chats-admin", { query, caller, answer: GroupedChatsAnswer });
  return { rows: answer.data.data, total: answer.data.total };
}

/** GET /query-chat-groups/{id} (ours): one pair, for a dialog whose pair is not on the page. */
export async function getQueryGroup(caller: Caller, id: number): Promise<QueryChatGroup> {
  const answer = await apiRequest(`/query-chat-groups/${id}`, { caller, answer: z.object({ data: QueryChatGroup }) });
  return answer.data;
}

/** GET /admin/chats/{providerId}/{userId}: a page of the pair's messages, oldest first. */
export async function getChatPage(
  caller: Caller,
  providerId: number,
  userId: number,
  query: { limit?: number; before?: number; after?: number },
) {
  const answer = await apiRequest(`/admin/chats/${providerId}/${userId}`, { query, caller, answer: ChatPageAnswer });
  return answer.data;
}

/** GET /contact-share-attempts?user_id: what that person tried to share, newest first. */
export async function listContactShareAttempts(caller: Caller, userId: number) {
  return apiRequest("/contact-share-attempts", { query: { user_id: userId }, caller, answer: AttemptsAnswer });
}

/** DELETE /delete-query-chat/{query_chat_id} */
export async function deleteQueryChat(caller: Caller, id: number) {
  return apiRequest(`/delete-query-chat/${id}`, { method: "DELETE", caller, answer: DeleteChatAnswer });
}

/** DELETE /contact-share-attempts/{id}?user_id: only that person's attempt. */
export async function deleteContactShareAttempt(caller: Caller, id: number, userId: number) {
  return apiRequest(`/contact-share-attempts/${id}`, { method: "DELETE", query: { user_id: userId }, caller, answer: DeleteAnswer });
}
