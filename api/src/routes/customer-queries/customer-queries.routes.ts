/**
 * Customer queries (spec 3 §2.8, §7): customers ask providers questions before ordering. The admin
 * lists the chatting pairs (one row per pair, query_chat_groups, newest first), reads a pair's
 * messages page by page, deletes a message, and lists or deletes the contact details (phone
 * numbers, emails, links) someone tried to share in them. Deletions are audited, never reverted.
 *
 * The calls' definitions (paths, validation, answers, OpenAPI): customer-queries.handlers.ts serves them.
 */
import {
  AttemptsAnswer,
  AttemptsQuery,
  ChatPageAnswer,
  ChatPageQuery,
  DeleteAnswer,
  DeleteChatAnswer,
  GroupedChatsAnswer,
  GroupedChatsQuery,
  MAX_ATTEMPTS,
  QueryChatGroup,
} from "~contract/customer-queries";
import { TOTAL_COUNT_HEADER } from "~contract/service-providers";
import { ActingAdmin, chosenByUs, common, createRoute, data, error, idParam, json, mutating, z } from "../../lib/openapi";

export const Group = QueryChatGroup.openapi("QueryChatGroup");

export const listRoute = createRoute({
  method: "get",
  path: "/get-grouped-chats-admin",
  summary: "Customer and provider pairs who chatted, newest message first",
  description:
    "The spec's call takes no query and answers data.data. page, page_size, search (part of either side's username, first or last name or phone, any case) and start_date/end_date (the last message's day, India time, both inclusive) are ours, and so is data.total (the number of matching pairs).",
  request: { query: GroupedChatsQuery },
  responses: {
    200: {
      ...json(GroupedChatsAnswer.openapi("GroupedChatsAnswer"), "One page of pairs"),
      headers: {
        [TOTAL_COUNT_HEADER]: { description: "number of matching pairs (also data.total)", schema: { type: "integer" as const } },
      },
    },
    400: error("Bad query"),
    ...common,
  },
});

export const groupRoute = createRoute({
  method: "get",
  path: "/query-chat-groups/{id}",
  summary: "One customer and provider pair",
  ...chosenByUs("Used by the admin's Query Details dialog when the pair is not on the page shown (a bookmarked or shared URL)."),
  request: { params: z.object({ id: idParam("id", "the pair's (group's) id") }) },
  responses: { 200: json(data(Group), "The pair"), 400: error("Bad id"), 404: error("Unknown pair"), ...common },
});

export const chatsRoute = createRoute({
  method: "get",
  path: "/admin/chats/{providerId}/{userId}",
  summary: "A pair's messages, oldest first, one page at a time",
  description:
    "Spec 3 §7: answers data.data, the messages oldest first. Paged (ours): without a cursor the latest `limit` messages; before=<query_chat_id> the ones just older than that message, after=<query_chat_id> the ones just newer (keyset on created_at, query_chat_id). has_older/has_newer say whether more exist. 404 when the pair never chatted.",
  request: {
    params: z.object({
      providerId: idParam("providerId", "the provider's serviceProvider_id"),
      userId: idParam("userId", "the customer's users.id"),
    }),
    query: ChatPageQuery,
  },
  responses: {
    200: json(ChatPageAnswer.openapi("ChatPageAnswer"), "One page of messages"),
    400: error("Bad ids or cursor"),
    404: error("The pair has no chat"),
    ...common,
  },
});

export const deleteChatRoute = createRoute({
  method: "delete",
  path: "/delete-query-chat/{query_chat_id}",
  summary: "Delete one message",
  description:
    "Spec 3 §7. In the same transaction the pair's chat_count goes down by one and its date becomes the last remaining message's time. A pair left with no message stays listed (0 chats, its contact share attempts kept). Audited (entity query_chat).",
  request: { params: z.object({ query_chat_id: idParam("query_chat_id", "the message's id") }), headers: ActingAdmin },
  responses: {
    200: json(DeleteChatAnswer.openapi("DeleteQueryChatAnswer"), "Deleted"),
    ...mutating,
    404: error("Unknown message"),
    ...common,
  },
});

export const attemptsRoute = createRoute({
  method: "get",
  path: "/contact-share-attempts",
  summary: "The contact share attempts of one person (who tried to share), newest first",
  description: `Spec 3 §7: answers results. A missing or bad user_id is a 400 with a clear message. At most ${MAX_ATTEMPTS} (count: how many there are).`,
  request: { query: AttemptsQuery },
  responses: { 200: json(AttemptsAnswer.openapi("ContactShareAttempts"), "The attempts"), 400: error("Missing or bad user_id"), ...common },
});

export const deleteAttemptRoute = createRoute({
  method: "delete",
  path: "/contact-share-attempts/{id}",
  summary: "Delete a contact share attempt of that person",
  description: "Spec 3 §7. Only when the attempt is user_id's (else 404, nothing deleted). Audited (entity contact_share_attempt).",
  request: { params: z.object({ id: idParam("id", "the attempt's id") }), query: AttemptsQuery, headers: ActingAdmin },
  responses: {
    200: json(DeleteAnswer.openapi("DeleteAttemptAnswer"), "Deleted"),
    ...mutating,
    404: error("Unknown attempt, or not that person's"),
    ...common,
  },
});
