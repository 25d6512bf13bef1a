import { z } from "zod";
import { CHAT_PAGE_SIZE, CUSTOMER_QUERY_SORT_FIELDS, MAX_CHAT_PAGE_SIZE } from "./customer-query-labels";
import { recordId } from "./ids";
import { dateRange, endOnOrAfterStart, paging, Search, sorting, sortTogether } from "./list-query-schema";
export {
  CHAT_PAGE_SIZE,
  CUSTOMER_QUERY_MESSAGES,
  CUSTOMER_QUERY_SORT_FIELDS,
  MAX_ATTEMPTS,
  MAX_CHAT_PAGE_SIZE,
} from "./customer-query-labels";

/**
 * Customer queries (spec 3 §2.8, §3 Query chat group, Chat message, Contact share attempt; §7
 * /get-grouped-chats-admin, /admin/chats/…, /delete-query-chat/…, /contact-share-attempts). The
 * API's calls and the Customer Queries page share these.
 */

/**
 * GET /get-grouped-chats-admin query (all ours: the spec's call takes none). Newest first; sortField
 * date with sortOrder asc|desc: by the last message's time (then the id).
 */
export const GroupedChatsQuery = z
  .object({
    ...paging(),
    search: Search.optional().default("").describe("part of the customer's or the provider's username, name or phone (any case)"),
    ...dateRange,
    ...sorting(CUSTOMER_QUERY_SORT_FIELDS),
  })
  .superRefine(endOnOrAfterStart)
  .superRefine(sortTogether);
export type GroupedChatsQuery = z.input<typeof GroupedChatsQuery>;

const Party = z.object({
  id: z.number().int(),
  name: z.string(),
  username: z.string(),
  phone: z.string(),
  phone_country_code: z.string(),
});
/** One customer and provider pair who chatted (spec 3 §3 Query chat group). */
export const QueryChatGroup = z.object({
  id: z.number().int(),
  user: Party,
  /** id is the serviceProvider_id; user_id the provider's users.id */
  provider: Party.extend({ user_id: z.number().int() }),
  chat_count: z.number().int(),
  /** the last message's time */
  date: z.string(),
});
export type QueryChatGroup = z.infer<typeof QueryChatGroup>;

/** The spec's data.data, with total (ours) for "Showing x to y of n entries". */
export const GroupedChatsAnswer = z.object({
  data: z.object({ data: z.array(QueryChatGroup), total: z.number().int(), page: z.number().int(), page_size: z.number().int() }),
});

const Limits = z.array(z.object({ value: z.string() }).passthrough());
/** What a message carries when the customer asked about a service (spec 3 §3 Chat message). */
export const ServiceQueryData = z
  .object({
    requirements: z.string().optional(),
    query: z.string().optional(),
    lpv_index: z.number().int().nullable().optional(),
    service: z
      .object({
        inclusions: z
          .array(z.object({ i: z.number().optional(), value: z.string(), subCategory: z.string().optional() }).passthrough())
          .optional(),
        offerings: z.string().optional(),
        serviceType: z.string().optional(),
        specialty: z.array(z.string()).optional(),
        indiaPrice: z.number().nullable().optional(),
        deliveryTime: z.string().optional(),
        limits: Limits.optional(),
        limitsPriceVariation: z
          .array(
            z
              .object({
                indiaPrice: z.number().nullable().optional(),
                deliveryTime: z.string().optional(),
                limits: Limits.optional(),
                description: z.string().optional(),
              })
              .passthrough(),
          )
          .optional(),
      })
      .passthrough()
      .optional(),
  })
  .passthrough();
export type ServiceQueryData = z.infer<typeof ServiceQueryData>;

export const ChatMessage = z.object({
  query_chat_id: z.number().int(),
  sender_id: z.number().int(),
  sender_username: z.string(),
  data: z.object({ text: z.string().nullable() }),
  service_query_data: ServiceQueryData.nullable(),
  created_at: z.string(),
});
export type ChatMessage = z.infer<typeof ChatMessage>;

/** GET /admin/chats/{providerId}/{userId} query (ours): a page of the chat, by keyset on (created_at, query_chat_id). */
export const ChatPageQuery = z
  .object({
    limit: z.coerce.number().int().min(1).max(MAX_CHAT_PAGE_SIZE).default(CHAT_PAGE_SIZE).describe("messages per page"),
    before: recordId("before").optional().describe("the messages just before this query_chat_id (older)"),
    after: recordId("after").optional().describe("the messages just after this query_chat_id (newer)"),
  })
  .superRefine((q, ctx) => {
    if (q.before !== undefined && q.after !== undefined)
      ctx.addIssue({ code: "custom", path: ["after"], message: "Give before or after, not both" });
  });
export type ChatPageQuery = z.input<typeof ChatPageQuery>;

/** The spec's data.data (oldest first), with where the page sits (ours). */
export const ChatPageAnswer = z.object({
  data: z.object({
    group_id: z.number().int(),
    chat_count: z.number().int(),
    data: z.array(ChatMessage),
    /** messages exist before the first one given */
    has_older: z.boolean(),
    /** messages exist after the last one given */
    has_newer: z.boolean(),
  }),
});

export const ContactShareAttempt = z.object({
  id: z.number().int(),
  created_at: z.string(),
  /** null: shown as Unknown */
  content: z.string().nullable(),
  kind: z.enum(["phone", "email", "link"]).nullable(),
  /** the provider of the chat it happened in (null when it is not tied to a chat) */
  provider_name: z.string().nullable(),
  /** the customer of that chat */
  user_name: z.string().nullable(),
  notes: z.string(),
});
export type ContactShareAttempt = z.infer<typeof ContactShareAttempt>;

export const AttemptsQuery = z.object({ user_id: recordId("user_id").describe("who tried to share (users.id)") });
export const AttemptsAnswer = z.object({ results: z.array(ContactShareAttempt), count: z.number().int() });

export const DeleteAnswer = z.object({ message: z.string() });
export const DeleteChatAnswer = DeleteAnswer.extend({ group_id: z.number().int(), chat_count: z.number().int() });
