/** Customer queries: chat groups, messages and contact-share attempts. */
import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, serial, text, uniqueIndex } from "drizzle-orm/pg-core";
import { users } from "./users";
import { serviceProviders } from "./providers";
import { createdAt, ts } from "./columns";

/**
 * Customer queries (spec 3 §3 Query chat group): one row per customer and provider pair who
 * chatted before any order, with the count and the last message's time kept as messages come
 * and go, so the grouped list reads this table alone (no GROUP BY over the chats).
 */
export const queryChatGroups = pgTable(
  "query_chat_groups",
  {
    id: serial("id").primaryKey(),
    /** the customer (users.id) */
    user_id: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    service_provider_id: integer("service_provider_id")
      .notNull()
      .references(() => serviceProviders.serviceProvider_id, { onDelete: "cascade" }),
    chat_count: integer("chat_count").notNull().default(0),
    first_chat_at: ts("first_chat_at").notNull().defaultNow(),
    /** the spec's "date": the last message's time */
    last_chat_at: ts("last_chat_at").notNull().defaultNow(),
    /**
     * lower-cased username, names and phone of both the customer and the provider, written with the
     * group (and rewritten when either renames): the list's search is one LIKE '%…%' on it
     */
    search_text: text("search_text").notNull().default(""),
  },
  (t) => [
    uniqueIndex("query_chat_groups_pair_idx").on(t.user_id, t.service_provider_id),
    index("query_chat_groups_provider_idx").on(t.service_provider_id),
    // newest first, all or within a date range (scanned backward for the other direction)
    index("query_chat_groups_last_idx").on(t.last_chat_at, t.id),
    index("query_chat_groups_search_trgm_idx").using("gin", t.search_text.op("gin_trgm_ops")),
    check("query_chat_groups_count_check", sql`${t.chat_count} >= 0`),
  ],
);

/** What a query message carries when the customer asked about a service (spec 3 §3 Chat message). */
export type ServiceQueryData = {
  requirements?: string;
  query?: string;
  /** the limits price variation the customer chose; absent or null = the base price */
  lpv_index?: number | null;
  service?: {
    inclusions?: { i?: number; value: string; subCategory?: string }[];
    offerings?: string;
    serviceType?: string;
    specialty?: string[];
    indiaPrice?: number | null;
    deliveryTime?: string;
    limits?: { value: string }[];
    limitsPriceVariation?: { indiaPrice?: number | null; deliveryTime?: string; limits?: { value: string }[]; description?: string }[];
  };
};

/** Query messages between a customer and a provider (spec 3 §3 Chat message). */
export const queryChats = pgTable(
  "query_chats",
  {
    query_chat_id: serial("query_chat_id").primaryKey(),
    group_id: integer("group_id")
      .notNull()
      .references(() => queryChatGroups.id, { onDelete: "cascade" }),
    /** the sender's users.id (the customer, or the provider's user) */
    sender_id: integer("sender_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** the spec's data.text; null when the message is a service query alone */
    text: text("text"),
    service_query_data: jsonb("service_query_data").$type<ServiceQueryData>(),
    created_at: createdAt(),
  },
  (t) => [
    // one chat, oldest first, paged by (created_at, id)
    index("query_chats_group_idx").on(t.group_id, t.created_at, t.query_chat_id),
    index("query_chats_sender_idx").on(t.sender_id),
  ],
);

/** A phone number, email or link caught in a query message (spec 3 §3 Contact share attempt). */
export const contactShareAttempts = pgTable(
  "contact_share_attempts",
  {
    id: serial("id").primaryKey(),
    /** who tried to share (users.id: a customer or a provider's user) */
    user_id: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** the chat it happened in */
    group_id: integer("group_id").references(() => queryChatGroups.id, { onDelete: "cascade" }),
    query_chat_id: integer("query_chat_id").references(() => queryChats.query_chat_id, { onDelete: "set null" }),
    /** what was caught; null shows as Unknown */
    content: text("content"),
    kind: text("kind", { enum: ["phone", "email", "link"] }),
    notes: text("notes").notNull().default(""),
    created_at: createdAt(),
  },
  (t) => [
    index("contact_share_attempts_user_idx").on(t.user_id, t.created_at, t.id),
    index("contact_share_attempts_group_idx").on(t.group_id),
  ],
);

export type QueryChatGroupRow = typeof queryChatGroups.$inferSelect;

export type QueryChatRow = typeof queryChats.$inferSelect;

export type ContactShareAttemptRow = typeof contactShareAttempts.$inferSelect;
