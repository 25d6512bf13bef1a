/** customer-queries: the handlers of the calls customer-queries.routes.ts defines. */
import { and, asc, count, desc, eq, gte, lt, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import {
  CUSTOMER_QUERY_MESSAGES,
  MAX_ATTEMPTS,
  QueryChatGroup,
  type ChatMessage,
  type ContactShareAttempt,
} from "~contract/customer-queries";
import { TOTAL_COUNT_HEADER } from "~contract/service-providers";
import type { Database } from "../../db/client";
import { contactShareAttempts, queryChatGroups, queryChats, serviceProviders, users } from "../../db/schema";
import { recordAudit, requireActor, type Tx } from "../../lib/audit";
import { badRequest, notFound } from "../../lib/http";
import { apiRouter } from "../../lib/openapi";
import { countryCodeOf } from "../../lib/phones";
import { containsPattern, istDayEnd, istMidnight } from "../../lib/providers";
import { listRoute, groupRoute, chatsRoute, deleteChatRoute, attemptsRoute, deleteAttemptRoute } from "./customer-queries.routes";

const customer = alias(users, "customer");

const providerUser = alias(users, "provider_user");

const nameOf = (u: { firstName: string; lastName: string; username: string }) => `${u.firstName} ${u.lastName}`.trim() || u.username;

const nameSql = (u: { firstName: unknown; lastName: unknown; username: unknown }) =>
  sql<string>`coalesce(nullif(trim(${u.firstName} || ' ' || ${u.lastName}), ''), ${u.username})`;

const groupColumns = {
  id: queryChatGroups.id,
  chat_count: queryChatGroups.chat_count,
  last_chat_at: queryChatGroups.last_chat_at,
  user_id: customer.id,
  user_username: customer.username,
  user_first: customer.firstName,
  user_last: customer.lastName,
  user_phone: customer.phone,
  provider_id: serviceProviders.serviceProvider_id,
  provider_user_id: providerUser.id,
  provider_username: providerUser.username,
  provider_first: providerUser.firstName,
  provider_last: providerUser.lastName,
  provider_phone: providerUser.phone,
};

type GroupColumns = {
  id: number;
  chat_count: number;
  last_chat_at: Date;
  user_id: number;
  user_username: string;
  user_first: string;
  user_last: string;
  user_phone: string;
  provider_id: number;
  provider_user_id: number;
  provider_username: string;
  provider_first: string;
  provider_last: string;
  provider_phone: string;
};

function groupRecord(r: GroupColumns): QueryChatGroup {
  return {
    id: r.id,
    user: {
      id: r.user_id,
      name: nameOf({ firstName: r.user_first, lastName: r.user_last, username: r.user_username }),
      username: r.user_username,
      phone: r.user_phone,
      phone_country_code: countryCodeOf(r.user_phone),
    },
    provider: {
      id: r.provider_id,
      user_id: r.provider_user_id,
      name: nameOf({ firstName: r.provider_first, lastName: r.provider_last, username: r.provider_username }),
      username: r.provider_username,
      phone: r.provider_phone,
      phone_country_code: countryCodeOf(r.provider_phone),
    },
    chat_count: r.chat_count,
    date: r.last_chat_at.toISOString(),
  };
}

/** The groups joined to both sides (the caller narrows them). */
function groupsWithParties(db: Database | Tx) {
  return db
    .select(groupColumns)
    .from(queryChatGroups)
    .innerJoin(customer, eq(customer.id, queryChatGroups.user_id))
    .innerJoin(serviceProviders, eq(serviceProviders.serviceProvider_id, queryChatGroups.service_provider_id))
    .innerJoin(providerUser, eq(providerUser.id, serviceProviders.user_id));
}

const newestFirst = [desc(queryChatGroups.last_chat_at), desc(queryChatGroups.id)];
/** The list's order: newest first, or by the last message's time either way (the id breaks ties; last_idx serves both). */
const groupOrder = (sort: { sortField?: string; sortOrder?: "asc" | "desc" }) =>
  sort.sortField === "date" && sort.sortOrder === "asc" ? [asc(queryChatGroups.last_chat_at), asc(queryChatGroups.id)] : newestFirst;

function messageRecord(r: {
  query_chat_id: number;
  sender_id: number;
  sender_username: string | null;
  text: string | null;
  service_query_data: unknown;
  created_at: Date;
}): ChatMessage {
  return {
    query_chat_id: r.query_chat_id,
    sender_id: r.sender_id,
    sender_username: r.sender_username ?? "Unknown User",
    data: { text: r.text },
    service_query_data: (r.service_query_data ?? null) as ChatMessage["service_query_data"],
    created_at: r.created_at.toISOString(),
  };
}

export function customerQueriesRouter(db: Database) {
  const router = apiRouter();

  router.openapi(listRoute, async (c) => {
    const query = c.req.valid("query");
    const conditions: SQL[] = [];
    // search_text: lower-cased usernames, names and phones of both sides, with a trigram index
    if (query.search) conditions.push(sql`${queryChatGroups.search_text} LIKE ${containsPattern(query.search.toLowerCase())}`);
    if (query.start_date) conditions.push(gte(queryChatGroups.last_chat_at, istMidnight(query.start_date)));
    if (query.end_date) conditions.push(lt(queryChatGroups.last_chat_at, istDayEnd(query.end_date)));
    const where = conditions.length ? and(...conditions) : undefined;
    const order = groupOrder(query);
    // the page's ids from the group table alone (last_idx walked backward), then only those are joined
    const page = db
      .select({ id: queryChatGroups.id })
      .from(queryChatGroups)
      .where(where)
      .orderBy(...order)
      .limit(query.page_size)
      .offset((query.page - 1) * query.page_size)
      .as("page");
    const [rows, [{ total }]] = await Promise.all([
      db
        .select(groupColumns)
        .from(page)
        .innerJoin(queryChatGroups, eq(queryChatGroups.id, page.id))
        .innerJoin(customer, eq(customer.id, queryChatGroups.user_id))
        .innerJoin(serviceProviders, eq(serviceProviders.serviceProvider_id, queryChatGroups.service_provider_id))
        .innerJoin(providerUser, eq(providerUser.id, serviceProviders.user_id))
        .orderBy(...order),
      db.select({ total: count() }).from(queryChatGroups).where(where),
    ]);
    c.header(TOTAL_COUNT_HEADER, String(total));
    return c.json(
      { data: { data: (rows as GroupColumns[]).map(groupRecord), total: Number(total), page: query.page, page_size: query.page_size } },
      200,
    );
  });

  router.openapi(groupRoute, async (c) => {
    const { id } = c.req.valid("param");
    const [row] = await groupsWithParties(db).where(eq(queryChatGroups.id, id));
    if (!row) throw notFound(CUSTOMER_QUERY_MESSAGES.groupNotFound);
    return c.json({ data: groupRecord(row as GroupColumns) }, 200);
  });

  router.openapi(chatsRoute, async (c) => {
    const { providerId, userId } = c.req.valid("param");
    const { limit, before, after } = c.req.valid("query");
    const [group] = await db
      .select({ id: queryChatGroups.id, chat_count: queryChatGroups.chat_count })
      .from(queryChatGroups)
      .where(and(eq(queryChatGroups.service_provider_id, providerId), eq(queryChatGroups.user_id, userId)));
    if (!group) throw notFound(CUSTOMER_QUERY_MESSAGES.groupNotFound);
    const cursorId = before ?? after;
    let cursor: SQL | undefined;
    if (cursorId !== undefined) {
      const [at] = await db
        .select({ created_at: queryChats.created_at })
        .from(queryChats)
        .where(and(eq(queryChats.query_chat_id, cursorId), eq(queryChats.group_id, group.id)));
      if (!at) throw badRequest(`${before !== undefined ? "before" : "after"} is not a message of this chat`);
      const key = sql`(${queryChats.created_at}, ${queryChats.query_chat_id})`;
      const value = sql`(${at.created_at.toISOString()}::timestamptz, ${cursorId}::int)`;
      cursor = before !== undefined ? sql`${key} < ${value}` : sql`${key} > ${value}`;
    }
    const forward = after !== undefined;
    const dir = forward ? asc : desc;
    // one more than asked says whether more exist that way
    const rows = await db
      .select({
        query_chat_id: queryChats.query_chat_id,
        sender_id: queryChats.sender_id,
        sender_username: users.username,
        text: queryChats.text,
        service_query_data: queryChats.service_query_data,
        created_at: queryChats.created_at,
      })
      .from(queryChats)
      .leftJoin(users, eq(users.id, queryChats.sender_id))
      .where(and(eq(queryChats.group_id, group.id), cursor))
      .orderBy(dir(queryChats.created_at), dir(queryChats.query_chat_id))
      .limit(limit + 1);
    const more = rows.length > limit;
    const kept = rows.slice(0, limit);
    if (!forward) kept.reverse();
    return c.json(
      {
        data: {
          group_id: group.id,
          chat_count: group.chat_count,
          data: kept.map(messageRecord),
          has_older: forward ? kept.length > 0 || cursorId !== undefined : more,
          has_newer: forward ? more : before !== undefined,
        },
      },
      200,
    );
  });

  router.openapi(deleteChatRoute, async (c) => {
    const actor = await requireActor(c, db);
    const { query_chat_id } = c.req.valid("param");
    const done = await db.transaction(async (tx) => {
      const [message] = await tx.select().from(queryChats).where(eq(queryChats.query_chat_id, query_chat_id));
      if (!message) throw notFound(CUSTOMER_QUERY_MESSAGES.messageNotFound);
      // the group row locked: two deletes in one chat count down one after the other
      await tx.select({ id: queryChatGroups.id }).from(queryChatGroups).where(eq(queryChatGroups.id, message.group_id)).for("update");
      const gone = await tx
        .delete(queryChats)
        .where(eq(queryChats.query_chat_id, query_chat_id))
        .returning({ id: queryChats.query_chat_id });
      if (gone.length === 0) throw notFound(CUSTOMER_QUERY_MESSAGES.messageNotFound);
      const [group] = await tx
        .update(queryChatGroups)
        .set({
          chat_count: sql`greatest(${queryChatGroups.chat_count} - 1, 0)`,
          last_chat_at: sql`coalesce((SELECT max(${queryChats.created_at}) FROM ${queryChats} WHERE ${queryChats.group_id} = ${message.group_id}), ${queryChatGroups.last_chat_at})`,
        })
        .where(eq(queryChatGroups.id, message.group_id))
        .returning({ id: queryChatGroups.id, chat_count: queryChatGroups.chat_count });
      await recordAudit(tx, actor, {
        action: "delete",
        entity: "query_chat",
        entityId: query_chat_id,
        before: {
          group_id: message.group_id,
          sender_id: message.sender_id,
          text: message.text,
          service_query_data: message.service_query_data ?? null,
          created_at: message.created_at.toISOString(),
        },
      });
      return group;
    });
    return c.json({ message: CUSTOMER_QUERY_MESSAGES.messageDeleted, group_id: done.id, chat_count: done.chat_count }, 200);
  });

  router.openapi(attemptsRoute, async (c) => {
    const { user_id } = c.req.valid("query");
    const where = eq(contactShareAttempts.user_id, user_id);
    const [rows, [{ total }]] = await Promise.all([
      db
        .select({
          id: contactShareAttempts.id,
          created_at: contactShareAttempts.created_at,
          content: contactShareAttempts.content,
          kind: contactShareAttempts.kind,
          notes: contactShareAttempts.notes,
          provider_name: nameSql(providerUser),
          user_name: nameSql(customer),
        })
        .from(contactShareAttempts)
        .leftJoin(queryChatGroups, eq(queryChatGroups.id, contactShareAttempts.group_id))
        .leftJoin(customer, eq(customer.id, queryChatGroups.user_id))
        .leftJoin(serviceProviders, eq(serviceProviders.serviceProvider_id, queryChatGroups.service_provider_id))
        .leftJoin(providerUser, eq(providerUser.id, serviceProviders.user_id))
        .where(where)
        .orderBy(desc(contactShareAttempts.created_at), desc(contactShareAttempts.id))
        .limit(MAX_ATTEMPTS),
      db.select({ total: count() }).from(contactShareAttempts).where(where),
    ]);
    const results: ContactShareAttempt[] = rows.map((r) => ({ ...r, created_at: r.created_at.toISOString() }));
    return c.json({ results, count: Number(total) }, 200);
  });

  router.openapi(deleteAttemptRoute, async (c) => {
    const actor = await requireActor(c, db);
    const { id } = c.req.valid("param");
    const { user_id } = c.req.valid("query");
    await db.transaction(async (tx) => {
      const [gone] = await tx
        .delete(contactShareAttempts)
        .where(and(eq(contactShareAttempts.id, id), eq(contactShareAttempts.user_id, user_id)))
        .returning();
      if (!gone) throw notFound(CUSTOMER_QUERY_MESSAGES.attemptNotFound);
      await recordAudit(tx, actor, {
        action: "delete",
        entity: "contact_share_attempt",
        entityId: id,
        before: {
          user_id: gone.user_id,
          group_id: gone.group_id,
          query_chat_id: gone.query_chat_id,
          content: gone.content,
          kind: gone.kind,
          notes: gone.notes,
          created_at: gone.created_at.toISOString(),
        },
      });
    });
    return c.json({ message: CUSTOMER_QUERY_MESSAGES.attemptDeleted }, 200);
  });

  return router;
}
