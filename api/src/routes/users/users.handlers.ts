/** users: the handlers of the calls users.routes.ts defines. */
import { and, asc, count, desc, eq, gte, inArray, lt, notInArray, or, sql, type SQL } from "drizzle-orm";
import { FINAL_STATUSES } from "~contract/orders";
import { TOTAL_KIND_HEADER } from "~contract/list-total";
import { DEFAULT_PAGE_SIZE, NEXT_PAGE_HEADER, PREVIOUS_PAGE_HEADER } from "~contract/list-query";
import { TOTAL_COUNT_HEADER } from "~contract/service-providers";
import { USER_MESSAGES, UserListQuery, UserListRecord } from "~contract/users";
import { userDeleteRefusal } from "~contract/user-labels";
import type { Database } from "../../db/client";
import { orders, serviceProviders, users } from "../../db/schema";
import { actingAccess } from "../../lib/admin-access";
import { recordAudit, requireActor, type Tx } from "../../lib/audit";
import { HttpError, notFound } from "../../lib/http";
import { keysetPage, newestFirst, type KeysetOrder } from "../../lib/keyset";
import { apiRouter, z } from "../../lib/openapi";
import { countryCodeOf } from "../../lib/phones";
import { containsPattern, istDayEnd, istMidnight, USER_NOT_FOUND, userRecord } from "../../lib/providers";
import { USER_STORY_ROWS_MAX } from "~contract/user-story";
import { statusHistory, storySections } from "./user-story";
import { listRoute, updateRoute, usersListRoute, searchRoute, statusRoute, deleteRoute, openOrdersRoute, storyRoute } from "./users.routes";

const notDeleted = sql`NOT ${users.is_deleted}`;

/** The Users screen's order, newest first, as a keyset (lib/keyset.ts). */
const NEWEST_FIRST = newestFirst(users.created_at, users.id);

/**
 * The list's order as a keyset (lib/keyset.ts), each matching an index read forward or backward
 * (db/schema/users.ts): ties by id, so pages never overlap. Status ascending is Active first (the
 * labels' order: is_active read descending), each status newest first; descending the reverse.
 */
function listOrder(query: z.infer<typeof UserListQuery>): KeysetOrder {
  if (!query.sortField || !query.sortOrder) return NEWEST_FIRST;
  const dir = query.sortOrder;
  const id = { value: users.id, type: "integer" } as const;
  switch (query.sortField) {
    case "username":
      // usernames are unique
      return { name: "username", keys: [{ value: users.username, type: "text" }], dir };
    case "name":
      return {
        name: "name",
        keys: [{ value: users.firstName, type: "text" }, { value: users.lastName, type: "text" }, id],
        dir,
      };
    case "created_at":
      return { ...newestFirst(users.created_at, users.id), dir };
    case "rating":
      return { name: "rating", keys: [{ value: users.rating, type: "numeric" }, id], dir };
    case "status":
      return {
        name: "status",
        keys: [{ value: users.is_active, type: "boolean" }, { value: users.created_at, type: "timestamptz" }, id],
        dir: dir === "asc" ? "desc" : "asc",
      };
  }
}

const listColumns = {
  id: users.id,
  username: users.username,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  phone: users.phone,
  created_at: users.created_at,
  rating: users.rating,
  is_active: users.is_active,
  provider_id: sql<
    number | null
  >`(SELECT min(sp."serviceProvider_id") FROM ${serviceProviders} sp WHERE sp.user_id = ${users.id} AND sp.deleted_at IS NULL)`,
};

type ListColumns = {
  [K in keyof typeof listColumns]: K extends "provider_id"
    ? number | null
    : (typeof users.$inferSelect)[K & keyof typeof users.$inferSelect];
};

export { countryCodeOf };

function listRecord(row: ListColumns): UserListRecord {
  return {
    id: row.id,
    username: row.username,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    phone: row.phone,
    phone_country_code: countryCodeOf(row.phone),
    createdAt: row.created_at.toISOString(),
    rating: Number(row.rating),
    is_active: row.is_active,
    is_provider: row.provider_id !== null,
    provider_id: row.provider_id === null ? null : Number(row.provider_id),
  };
}

/**
 * Part of the username, ignoring case: the trigram index on search_text (which holds the lower-cased
 * username) narrows the rows for 3+ characters, the LIKE on lower(username) keeps it to the username.
 */
function usernameContains(text: string): SQL {
  const pattern = containsPattern(text.toLowerCase());
  return and(sql`${users.search_text} LIKE ${pattern}`, sql`lower(${users.username}) LIKE ${pattern}`)!;
}

/**
 * Part of the username, email or phone, ignoring case: the trigram index on search_text (lower-cased
 * username, names, email, phone) narrows the rows for 3+ characters, the ILIKEs keep it to those three.
 */
function usernameEmailOrPhoneContains(text: string): SQL {
  const pattern = containsPattern(text);
  return and(
    sql`${users.search_text} LIKE ${pattern.toLowerCase()}`,
    or(sql`${users.username} ILIKE ${pattern}`, sql`${users.email} ILIKE ${pattern}`, sql`${users.phone} ILIKE ${pattern}`),
  )!;
}

/** The Users list's WHERE (as the list and a bulk job read it). */
export function usersWhere(query: z.infer<typeof UserListQuery>): SQL {
  // NOT is_deleted, as the partial indexes say it, so the planner uses them
  const conditions: SQL[] = [notDeleted];
  if (query.is_active !== undefined) conditions.push(eq(users.is_active, query.is_active));
  if (query.start_date) conditions.push(gte(users.created_at, istMidnight(query.start_date)));
  if (query.end_date) conditions.push(lt(users.created_at, istDayEnd(query.end_date)));
  if (query.search) conditions.push(usernameEmailOrPhoneContains(query.search));
  return and(...conditions)!;
}

/** The rows of these ids, in the order given. */
async function listRecordsByIds(db: Database | Tx, ids: number[]): Promise<UserListRecord[]> {
  if (ids.length === 0) return [];
  const rows = (await db.select(listColumns).from(users).where(inArray(users.id, ids))) as ListColumns[];
  const position = new Map(ids.map((id, i) => [id, i]));
  return rows.sort((a, b) => position.get(a.id)! - position.get(b.id)!).map(listRecord);
}

async function lockLiveUser(tx: Tx, where: SQL) {
  const [row] = await tx.select().from(users).where(and(where, notDeleted)).for("update");
  if (!row) throw notFound(USER_NOT_FOUND);
  return row;
}

/** Orders not Completed or Cancelled in which the user is the customer or (through their profile) the provider. */
async function openOrdersOf(tx: Tx | Database, userId: number): Promise<number> {
  const [{ open }] = await tx
    .select({ open: count() })
    .from(orders)
    .where(
      and(
        notInArray(orders.status, [...FINAL_STATUSES]),
        or(
          eq(orders.user_id, userId),
          inArray(
            orders.service_provider_id,
            sql`(SELECT sp."serviceProvider_id" FROM ${serviceProviders} sp WHERE sp.user_id = ${userId})`,
          ),
        ),
      ),
    );
  return Number(open);
}

export function usersRouter(db: Database) {
  const router = apiRouter();

  router.openapi(listRoute, async (c) => {
    const query = c.req.valid("query");
    const conditions = [eq(users.is_deleted, false)];
    if (query.search) {
      const p = containsPattern(query.search);
      // search_text (lower-cased username, names, email, phone) has a trigram index: it narrows the rows
      // for 3+ characters; the ILIKEs keep the answer to username, email and phone
      conditions.push(
        sql`${users.search_text} LIKE ${p.toLowerCase()}`,
        or(sql`${users.username} ILIKE ${p}`, sql`${users.email} ILIKE ${p}`, sql`${users.phone} ILIKE ${p}`)!,
      );
    }
    const where = and(...conditions);
    let rows = db.select().from(users).where(where).orderBy(asc(users.id)).$dynamic();
    if (query.page_size) rows = rows.limit(query.page_size).offset(((query.page ?? 1) - 1) * query.page_size);
    const [list, [{ total }]] = await Promise.all([rows, db.select({ total: count() }).from(users).where(where)]);
    c.header(TOTAL_COUNT_HEADER, String(total));
    return c.json({ data: list.map(userRecord) }, 200);
  });

  router.openapi(updateRoute, async (c) => {
    const actor = await requireActor(c, db);
    const { user_id } = c.req.valid("query");
    const body = c.req.valid("json");
    const updated = await db.transaction(async (tx) => {
      const [current] = await tx
        .select()
        .from(users)
        .where(and(eq(users.id, user_id), eq(users.is_deleted, false)))
        .for("update");
      if (!current) throw notFound(USER_NOT_FOUND);
      const before: Record<string, unknown> = {};
      const after: Record<string, unknown> = {};
      if (body.verified !== undefined && body.verified !== current.verified) {
        before.verified = current.verified;
        after.verified = body.verified;
      }
      if (body.status !== undefined && body.status !== current.status) {
        before.status = current.status;
        after.status = body.status;
      }
      if (Object.keys(after).length === 0) return current;
      const [row] = await tx
        .update(users)
        .set({ ...after, updated_at: new Date() })
        .where(eq(users.id, user_id))
        .returning();
      await recordAudit(tx, actor, { action: "update", entity: "user", entityId: user_id, before, after });
      return row;
    });
    return c.json({ data: userRecord(updated) }, 200);
  });

  /**
   * Newest first (created_at DESC, id DESC, the order of users_joined_idx / users_active_joined_idx)
   * unless sortField/sortOrder say otherwise (listOrder: each sort an index's order): the page's ids
   * come from the index (an OFFSET page near the start, a keyset page by `cursor`, lib/keyset.ts),
   * then only those rows are read; the count reads the same index.
   */
  router.openapi(usersListRoute, async (c) => {
    const query = c.req.valid("query");
    const where = usersWhere(query);
    // the total: exact up to LIST_TOTAL_EXACT_CAP matches, an estimate past it (lib/list-total.ts)
    const { ids, total, cursors } = await keysetPage(db, {
      query: { page: query.page ?? 1, page_size: query.page_size ?? DEFAULT_PAGE_SIZE, cursor: query.cursor, total: query.total },
      order: listOrder(query),
      id: users.id,
      select: (columns) => db.select(columns).from(users).$dynamic(),
      where,
      matching: () => db.select({ id: users.id }).from(users).where(where).$dynamic(),
    });
    c.header(TOTAL_COUNT_HEADER, String(total.total));
    c.header(TOTAL_KIND_HEADER, total.kind);
    if (cursors.previous) c.header(PREVIOUS_PAGE_HEADER, cursors.previous);
    if (cursors.next) c.header(NEXT_PAGE_HEADER, cursors.next);
    return c.json({ data: await listRecordsByIds(db, ids) }, 200);
  });

  router.openapi(searchRoute, async (c) => {
    const { username, limit } = c.req.valid("query");
    const where = and(notDeleted, usernameContains(username));
    const [ids, [{ total }]] = await Promise.all([
      db
        .select({ id: users.id })
        .from(users)
        .where(where)
        .orderBy(sql`lower(${users.username}) = ${username.toLowerCase()} DESC`, desc(users.created_at), desc(users.id))
        .limit(limit),
      db.select({ total: count() }).from(users).where(where),
    ]);
    c.header(TOTAL_COUNT_HEADER, String(total));
    return c.json(
      {
        data: await listRecordsByIds(
          db,
          ids.map((r) => r.id),
        ),
      },
      200,
    );
  });

  router.openapi(openOrdersRoute, async (c) => {
    const { user_id } = c.req.valid("query");
    const [user] = await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, user_id), notDeleted));
    if (!user) throw notFound(USER_NOT_FOUND);
    return c.json({ data: { open_orders: await openOrdersOf(db, user_id) } }, 200);
  });

  /** The user as the list shows them, their status history, and the sections asked for (user-story.ts). */
  router.openapi(storyRoute, async (c) => {
    const { user_id } = c.req.valid("param");
    const { sections, limit } = c.req.valid("query");
    const [live] = await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, user_id), notDeleted));
    if (!live) throw notFound(USER_NOT_FOUND);
    const [user] = await listRecordsByIds(db, [user_id]);
    const [history, story] = await Promise.all([
      statusHistory(db, user_id, USER_STORY_ROWS_MAX),
      storySections(db, { id: user.id, email: user.email }, sections, limit),
    ]);
    return c.json({ data: { user, history, ...story } }, 200);
  });

  router.openapi(statusRoute, async (c) => {
    const actor = await requireActor(c, db);
    const { user_id } = c.req.valid("query");
    const { is_active } = c.req.valid("json");
    const record = await db.transaction(async (tx) => {
      const current = await lockLiveUser(tx, eq(users.id, user_id));
      if (current.is_active !== is_active) {
        await tx
          .update(users)
          .set({ is_active, updated_at: new Date(Math.max(Date.now(), current.updated_at.getTime() + 1)) })
          .where(eq(users.id, user_id));
        await recordAudit(tx, actor, {
          action: "update",
          entity: "user",
          entityId: user_id,
          before: { is_active: current.is_active },
          after: { is_active },
        });
      }
      const [row] = await listRecordsByIds(tx, [user_id]);
      return row;
    });
    return c.json({ data: record }, 200);
  });

  router.openapi(deleteRoute, async (c) => {
    const actor = await requireActor(c, db);
    const { username } = c.req.valid("query");
    await db.transaction(async (tx) => {
      const current = await lockLiveUser(tx, eq(users.username, username));
      const [profile] = await tx
        .select({ id: serviceProviders.serviceProvider_id })
        .from(serviceProviders)
        .where(and(eq(serviceProviders.user_id, current.id), sql`${serviceProviders.deleted_at} IS NULL`))
        .limit(1);
      const refusal = userDeleteRefusal((await actingAccess(tx, actor)).adminAccessRoleSettings, {
        username: current.username,
        isProvider: profile !== undefined,
      });
      if (refusal) throw new HttpError(403, { message: refusal });
      const open = await openOrdersOf(tx, current.id);
      if (open > 0) throw new HttpError(409, { message: USER_MESSAGES.openOrders(open) });
      const now = new Date(Math.max(Date.now(), current.updated_at.getTime() + 1));
      await tx.update(users).set({ is_deleted: true, can_sign_in: false, online: false, updated_at: now }).where(eq(users.id, current.id));
      await recordAudit(tx, actor, {
        action: "delete",
        entity: "user",
        entityId: current.id,
        before: { is_deleted: false, can_sign_in: current.can_sign_in },
        after: { is_deleted: true, can_sign_in: false },
      });
      // a provider's profile goes with its user, recorded as DELETE /delete-serviceProvider records it
      const profiles = await tx
        .update(serviceProviders)
        .set({ deleted_at: now })
        .where(and(eq(serviceProviders.user_id, current.id), sql`${serviceProviders.deleted_at} IS NULL`))
        .returning({ id: serviceProviders.serviceProvider_id });
      for (const { id } of profiles) {
        await recordAudit(tx, actor, {
          action: "delete",
          entity: "service_provider",
          entityId: id,
          before: { deleted_at: null },
          after: { deleted_at: now.toISOString() },
        });
      }
    });
    return c.json({ message: USER_MESSAGES.deleted }, 200);
  });

  return router;
}
