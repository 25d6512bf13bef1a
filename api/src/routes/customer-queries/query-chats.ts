/**
 * Customer queries' group rows (query_chat_groups): their search_text and their count / last time,
 * kept right by whoever writes chats (the seeds, the test fixture, a message's delete).
 */
import { eq, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Database } from "../../db/client";
import { queryChatGroups, queryChats, serviceProviders, users } from "../../db/schema";
import type { Tx } from "../../lib/audit";

const customer = alias(users, "qc_customer");
const providerUser = alias(users, "qc_provider_user");

/**
 * The search text of a pair, from the customer's and the provider user's rows (in SQL, so a bulk
 * INSERT … SELECT writes it too): lower-cased usernames, first and last names, phones as stored
 * and as digits only (a search for 9876543210 finds "+91 98765 43210").
 */
export function searchTextSql(u: { username: unknown; firstName: unknown; lastName: unknown; phone: unknown }, p: typeof u): SQL<string> {
  const side = (x: typeof u) => sql`${x.username}, ${x.firstName}, ${x.lastName}, ${x.phone}, regexp_replace(${x.phone}, '\\D', '', 'g')`;
  return sql<string>`lower(concat_ws(' ', ${side(u)}, ${side(p)}))`;
}

/**
 * (Re)computes the search_text of the groups `which` picks (all when undefined): call it after
 * creating groups. A rename or a new phone needs no call: the users trigger of migration 0012 runs
 * the same formula (keep the two alike).
 */
export async function refreshSearchText(db: Database | Tx, which?: SQL): Promise<void> {
  await db.execute(sql`
    UPDATE ${queryChatGroups} SET search_text = ${searchTextSql(
      {
        username: sql`${customer.username}`,
        firstName: sql`${customer.firstName}`,
        lastName: sql`${customer.lastName}`,
        phone: sql`${customer.phone}`,
      },
      {
        username: sql`${providerUser.username}`,
        firstName: sql`${providerUser.firstName}`,
        lastName: sql`${providerUser.lastName}`,
        phone: sql`${providerUser.phone}`,
      },
    )}
    FROM ${users} AS ${customer}, ${serviceProviders}, ${users} AS ${providerUser}
    WHERE ${customer.id} = ${queryChatGroups.user_id}
      AND ${serviceProviders.serviceProvider_id} = ${queryChatGroups.service_provider_id}
      AND ${providerUser.id} = ${serviceProviders.user_id}
      ${which ? sql`AND ${which}` : sql``}`);
}

/**
 * chat_count and first/last_chat_at recomputed from the group's messages (a group left with no
 * message keeps its times: it stays listed with 0 chats, its contact share attempts kept).
 */
export async function recountGroup(db: Database | Tx, groupId: number): Promise<{ chat_count: number }> {
  const [row] = await db
    .update(queryChatGroups)
    .set({
      chat_count: sql`(SELECT count(*)::int FROM ${queryChats} WHERE ${queryChats.group_id} = ${groupId})`,
      first_chat_at: sql`coalesce((SELECT min(${queryChats.created_at}) FROM ${queryChats} WHERE ${queryChats.group_id} = ${groupId}), ${queryChatGroups.first_chat_at})`,
      last_chat_at: sql`coalesce((SELECT max(${queryChats.created_at}) FROM ${queryChats} WHERE ${queryChats.group_id} = ${groupId}), ${queryChatGroups.last_chat_at})`,
    })
    .where(eq(queryChatGroups.id, groupId))
    .returning({ chat_count: queryChatGroups.chat_count });
  return row;
}
