/** service-providers: the handlers of the calls service-providers.routes.ts defines. */
import { and, eq, gte, inArray, lt, sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { ProviderListQuery } from "~contract/service-providers";
import type { Database } from "../../db/client";
import { categories, plans, serviceProviders, users } from "../../db/schema";
import { recordAudit, requireActor } from "../../lib/audit";
import { changeBoosterPoints } from "../../lib/booster-points";
import { assertIds } from "../../lib/http";
import { keysetPage, type KeysetOrder } from "../../lib/keyset";
import { apiRouter } from "../../lib/openapi";
import {
  containsPattern,
  istDayEnd,
  istMidnight,
  liveProvider,
  lockProvider,
  providerDetailById,
  providerListRow,
  providerQuery,
  type ProviderJoinRow,
} from "../../lib/providers";
import { listRoute, byIdRoute, detailRoute, updateRoute, refreshRoute, boosterRoute, deleteRoute } from "./service-providers.routes";

/** WHERE of the provider list; every filter is a condition on service_providers or its user. */
export function listConditions(query: ProviderListQuery, planIds: number[]): SQL[] {
  const conditions: SQL[] = [liveProvider];
  if (query.search) {
    // one LIKE over users.search_text (lower-cased username, names, email, phone), answered by its
    // trigram index (users_search_trgm_idx) for 3+ characters; 1–2 characters have no trigram, so
    // they scan users (same answer, slower; see tests/bench/provider-list-api.ts)
    conditions.push(sql`${users.search_text} LIKE ${containsPattern(query.search.toLowerCase())}`);
  }
  if (query.start_date) conditions.push(gte(serviceProviders.created_at, istMidnight(query.start_date)));
  if (query.end_date) conditions.push(lt(serviceProviders.created_at, istDayEnd(query.end_date)));
  // the plan's id, looked up first: a constant the plan index answers (a subquery here was a hash
  // join the planner could not walk service_providers_plan_idx with)
  if (query.plan) conditions.push(planIds.length ? inArray(serviceProviders.plan_id, planIds) : sql`false`);
  if (query.stage) conditions.push(eq(serviceProviders.stage, query.stage));
  if (query.status) conditions.push(eq(users.status, query.status));
  if (query.verification) conditions.push(eq(users.verified, query.verification === "Verified"));
  if (query.parentCategory) {
    // the category itself, its sub-categories and their sub-categories
    const id = query.parentCategory;
    conditions.push(
      inArray(
        serviceProviders.category_id,
        sql`(SELECT c.category_id FROM ${categories} c LEFT JOIN ${categories} p ON p.category_id = c."parentCategoryId"
             WHERE c.category_id = ${id} OR c."parentCategoryId" = ${id} OR p."parentCategoryId" = ${id})`,
      ),
    );
  }
  return conditions;
}

/** The provider list's WHERE for this query (the plan looked up first), as the list and a bulk job read it. */
export async function providerListWhere(db: Database, query: ProviderListQuery): Promise<SQL> {
  const planIds = query.plan
    ? (await db.select({ id: plans.plan_id }).from(plans).where(eq(plans.plan_name, query.plan))).map((r) => r.id)
    : [];
  return and(...listConditions(query, planIds))!;
}

/** never signed in / never refreshed: the lowest value, so first ascending and last descending */
const orNever = (column: AnyPgColumn) => sql`coalesce(${column}, '-infinity'::timestamptz)`;

/**
 * The list's order as a keyset (lib/keyset.ts), matching the indexes (see db/schema): ties by id so
 * pages never overlap; `needsUser` when a key is the user's.
 */
function listOrder(query: ProviderListQuery): { order: KeysetOrder; needsUser: boolean } {
  const field = query.sortField && query.sortOrder ? query.sortField : "";
  const dir = query.sortOrder === "asc" ? "asc" : "desc";
  const spId = { value: serviceProviders.serviceProvider_id, type: "integer" } as const;
  switch (field) {
    case "username":
      // usernames are unique
      return { order: { name: "username", keys: [{ value: users.username, type: "text" }], dir }, needsUser: true };
    case "last_login":
      return {
        order: {
          name: "last_login",
          keys: [
            { value: orNever(users.lastSeen), type: "timestamptz" },
            { value: users.id, type: "integer" },
          ],
          dir,
        },
        needsUser: true,
      };
    case "status":
      // the user's status in words (Active, Hold, Inactive), ties by the user's id (one provider a user)
      return {
        order: {
          name: "status",
          keys: [
            { value: users.status, type: "text" },
            { value: users.id, type: "integer" },
          ],
          dir,
        },
        needsUser: true,
      };
    case "refresh_at":
      return {
        order: { name: "refresh_at", keys: [{ value: orNever(serviceProviders.refresh_at), type: "timestamptz" }, spId], dir },
        needsUser: false,
      };
    case "created_at":
    case "updated_at":
      return { order: { name: field, keys: [{ value: serviceProviders[field], type: "timestamptz" }, spId], dir }, needsUser: false };
    default:
      return {
        order: { name: "created_at", keys: [{ value: serviceProviders.created_at, type: "timestamptz" }, spId], dir: "desc" },
        needsUser: false,
      };
  }
}

export function serviceProvidersRouter(db: Database) {
  const router = apiRouter();

  router.openapi(listRoute, async (c) => {
    const query = c.req.valid("query");
    assertIds({ parentCategory: query.parentCategory });
    const where = await providerListWhere(db, query);
    const filtersUser = Boolean(query.search || query.status || query.verification);
    const { order, needsUser } = listOrder(query);
    // ids of the page first (narrow rows, index order; a keyset page past the first ones), then the
    // page's rows with their joins; the total: exact up to LIST_TOTAL_EXACT_CAP matches, an estimate past it
    const from = (columns: Record<string, SQL>, join: boolean) =>
      join
        ? db.select(columns).from(serviceProviders).innerJoin(users, eq(users.id, serviceProviders.user_id)).$dynamic()
        : db.select(columns).from(serviceProviders).$dynamic();
    const { ids, total, page, cursors } = await keysetPage(db, {
      query,
      order,
      id: serviceProviders.serviceProvider_id,
      select: (columns) => from(columns, filtersUser || needsUser),
      where,
      matching: () => from({ id: sql`${serviceProviders.serviceProvider_id}` }, filtersUser).where(where),
    });
    const position = new Map(ids.map((id, i) => [id, i]));
    const rows = ids.length
      ? ((await providerQuery(db, inArray(serviceProviders.serviceProvider_id, [...position.keys()]))) as ProviderJoinRow[])
      : [];
    rows.sort((a, b) => position.get(a.sp.serviceProvider_id)! - position.get(b.sp.serviceProvider_id)!);
    return c.json(
      {
        data: { data: rows.map(providerListRow) },
        total_results: total.total,
        total_kind: total.kind,
        current_page: page,
        page_size: query.page_size,
        cursors,
      },
      200,
    );
  });

  router.openapi(byIdRoute, async (c) => {
    const { serviceProvider_id } = c.req.valid("query");
    return c.json({ data: await providerDetailById(db, serviceProvider_id) }, 200);
  });

  router.openapi(detailRoute, async (c) => {
    const { serviceProvider_id } = c.req.valid("query");
    return c.json({ data: { data: await providerDetailById(db, serviceProvider_id) } }, 200);
  });

  router.openapi(updateRoute, async (c) => {
    const actor = await requireActor(c, db);
    const { serviceProvider_id } = c.req.valid("query");
    const body = c.req.valid("json");
    await db.transaction(async (tx) => {
      const current = await lockProvider(tx, serviceProvider_id);
      const before: Record<string, unknown> = {};
      const after: Record<string, unknown> = {};
      if (body.admin_rating !== undefined && Number(current.admin_rating) !== body.admin_rating) {
        before.admin_rating = Number(current.admin_rating);
        after.admin_rating = body.admin_rating;
      }
      if (body.is_pro !== undefined && current.is_pro !== body.is_pro) {
        before.is_pro = current.is_pro;
        after.is_pro = body.is_pro;
      }
      if (Object.keys(after).length === 0) return;
      await tx.update(serviceProviders).set(after).where(eq(serviceProviders.serviceProvider_id, serviceProvider_id));
      await recordAudit(tx, actor, { action: "update", entity: "service_provider", entityId: serviceProvider_id, before, after });
    });
    return c.json({ data: await providerDetailById(db, serviceProvider_id) }, 200);
  });

  router.openapi(refreshRoute, async (c) => {
    const actor = await requireActor(c, db);
    const { serviceProvider_id } = c.req.valid("json");
    assertIds({ serviceProvider_id });
    const refresh_at = await db.transaction(async (tx) => {
      const current = await lockProvider(tx, serviceProvider_id);
      const now = new Date(Math.max(Date.now(), (current.refresh_at?.getTime() ?? 0) + 1));
      await tx.update(serviceProviders).set({ refresh_at: now }).where(eq(serviceProviders.serviceProvider_id, serviceProvider_id));
      await recordAudit(tx, actor, {
        action: "update",
        entity: "service_provider",
        entityId: serviceProvider_id,
        before: { refresh_at: current.refresh_at?.toISOString() ?? null },
        after: { refresh_at: now.toISOString() },
      });
      return now.toISOString();
    });
    return c.json({ data: { serviceProvider_id, refresh_at } }, 200);
  });

  router.openapi(boosterRoute, async (c) => {
    const actor = await requireActor(c, db);
    const { serviceProvider_id } = c.req.valid("query");
    const { boosterPoints, reason } = c.req.valid("json");
    // a new total is recorded as the difference: a grant, or a correction when it takes points away
    await db.transaction(async (tx) => {
      const current = await lockProvider(tx, serviceProvider_id);
      const points = boosterPoints - current.boosterPoints;
      if (points === 0) return;
      await changeBoosterPoints(
        tx,
        actor,
        { serviceProviderId: serviceProvider_id, points, reason, kind: points > 0 ? "grant" : "correction" },
        "boosterPoints",
      );
    });
    return c.json({ message: "Booster Points Updated Successfully", data: await providerDetailById(db, serviceProvider_id) }, 200);
  });

  router.openapi(deleteRoute, async (c) => {
    const actor = await requireActor(c, db);
    const { serviceProvider_id } = c.req.valid("query");
    await db.transaction(async (tx) => {
      const current = await lockProvider(tx, serviceProvider_id);
      const now = new Date();
      await tx.update(serviceProviders).set({ deleted_at: now }).where(eq(serviceProviders.serviceProvider_id, serviceProvider_id));
      await tx
        .update(users)
        .set({ is_deleted: true, can_sign_in: false, online: false, updated_at: now })
        .where(eq(users.id, current.user_id));
      await recordAudit(tx, actor, {
        action: "delete",
        entity: "service_provider",
        entityId: serviceProvider_id,
        before: { serviceProvider_id, user_id: current.user_id, deleted_at: null, can_sign_in: true },
        after: { deleted_at: now.toISOString(), can_sign_in: false },
      });
    });
    return c.json({ message: "Service Provider Deleted Successfully" }, 200);
  });

  return router;
}
