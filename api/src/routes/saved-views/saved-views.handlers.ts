/**
 * Saved views: the handlers of saved-views.routes.ts. A view is read by its owner and, when
 * shared, by every admin; only its owner deletes it. Saving a name the owner already uses on
 * that list replaces that view (one name per admin per list, case aside).
 */
import { and, asc, eq, or, sql } from "drizzle-orm";
import { SAVED_VIEW_MESSAGES as MESSAGES, VIEWS_PER_LIST_MAX, type SavedView } from "~contract/saved-views";
import type { Database } from "../../db/client";
import { adminUsers, savedViewDefaults, savedViews } from "../../db/schema";
import { recordAudit, requireActor, type Tx } from "../../lib/audit";
import { badRequest, HttpError, notFound } from "../../lib/http";
import { apiRouter } from "../../lib/openapi";
import { defaultViewRoute, deleteViewRoute, listViewsRoute, saveViewRoute } from "./saved-views.routes";

type ViewRow = typeof savedViews.$inferSelect;

const viewOf = (row: ViewRow, actorId: number, owner: string, defaultId: number | null): SavedView => ({
  id: row.id,
  list: row.list as SavedView["list"],
  name: row.name,
  query: row.query,
  shared: row.shared,
  mine: row.adminUserId === actorId,
  owner,
  isDefault: row.id === defaultId,
  updated_at: row.updated_at.toISOString(),
});

/** What the audit entry keeps of a view. */
const audited = (row: ViewRow) => ({ list: row.list, name: row.name, query: row.query, shared: row.shared });

export function savedViewsRouter(db: Database) {
  const router = apiRouter();

  router.openapi(listViewsRoute, async (c) => {
    const actor = await requireActor(c, db);
    const { list } = c.req.valid("query");
    const rows = await db
      .select({ view: savedViews, owner: adminUsers.adminUsername, defaultId: savedViewDefaults.viewId })
      .from(savedViews)
      .innerJoin(adminUsers, eq(adminUsers.adminUserId, savedViews.adminUserId))
      .leftJoin(savedViewDefaults, and(eq(savedViewDefaults.viewId, savedViews.id), eq(savedViewDefaults.adminUserId, actor.adminUserId)))
      .where(and(eq(savedViews.list, list), or(eq(savedViews.adminUserId, actor.adminUserId), eq(savedViews.shared, true))))
      .orderBy(asc(sql`lower(${savedViews.name})`), asc(savedViews.id));
    return c.json({ data: rows.map((r) => viewOf(r.view, actor.adminUserId, r.owner, r.defaultId)) }, 200);
  });

  router.openapi(saveViewRoute, async (c) => {
    const actor = await requireActor(c, db);
    const input = c.req.valid("json");
    const { row, replaced } = await db.transaction(async (tx) => {
      const [existing] = await tx
        .select()
        .from(savedViews)
        .where(
          and(
            eq(savedViews.adminUserId, actor.adminUserId),
            eq(savedViews.list, input.list),
            sql`lower(${savedViews.name}) = lower(${input.name})`,
          ),
        )
        .for("update");
      let row: ViewRow;
      if (existing) {
        [row] = await tx
          .update(savedViews)
          .set({ name: input.name, query: input.query, shared: input.shared, updated_at: new Date() })
          .where(eq(savedViews.id, existing.id))
          .returning();
        await recordAudit(tx, actor, {
          action: "update",
          entity: "saved_view",
          entityId: row.id,
          before: audited(existing),
          after: audited(row),
        });
      } else {
        const [{ kept }] = await tx
          .select({ kept: sql<number>`count(*)::int` })
          .from(savedViews)
          .where(and(eq(savedViews.adminUserId, actor.adminUserId), eq(savedViews.list, input.list)));
        if (kept >= VIEWS_PER_LIST_MAX) throw badRequest(MESSAGES.tooMany, { name: MESSAGES.tooMany });
        [row] = await tx
          .insert(savedViews)
          .values({ adminUserId: actor.adminUserId, list: input.list, name: input.name, query: input.query, shared: input.shared })
          .returning();
        await recordAudit(tx, actor, { action: "create", entity: "saved_view", entityId: row.id, after: audited(row) });
      }
      if (input.isDefault) await setDefault(tx, actor.adminUserId, input.list, row.id);
      return { row, replaced: Boolean(existing) };
    });
    const defaultId = await defaultOf(db, actor.adminUserId, input.list);
    return c.json({ data: viewOf(row, actor.adminUserId, actor.adminUsername, defaultId) }, replaced ? 200 : 201);
  });

  router.openapi(deleteViewRoute, async (c) => {
    const actor = await requireActor(c, db);
    const { id } = c.req.valid("param");
    const row = await db.transaction(async (tx) => {
      const [found] = await tx.select().from(savedViews).where(eq(savedViews.id, id)).for("update");
      if (!found) throw notFound(MESSAGES.notFound);
      if (found.adminUserId !== actor.adminUserId) throw new HttpError(403, { message: MESSAGES.notYours });
      await tx.delete(savedViews).where(eq(savedViews.id, id));
      await recordAudit(tx, actor, { action: "delete", entity: "saved_view", entityId: id, before: audited(found) });
      return found;
    });
    return c.json({ data: viewOf(row, actor.adminUserId, actor.adminUsername, null) }, 200);
  });

  router.openapi(defaultViewRoute, async (c) => {
    const actor = await requireActor(c, db);
    const { list, viewId } = c.req.valid("json");
    await db.transaction(async (tx) => {
      if (viewId === null) {
        const [was] = await tx
          .delete(savedViewDefaults)
          .where(and(eq(savedViewDefaults.adminUserId, actor.adminUserId), eq(savedViewDefaults.list, list)))
          .returning();
        if (was)
          await recordAudit(tx, actor, {
            action: "update",
            entity: "saved_view",
            entityId: was.viewId,
            before: { default: true },
            after: { default: false },
          });
        return;
      }
      const [view] = await tx.select().from(savedViews).where(eq(savedViews.id, viewId));
      if (!view || (view.adminUserId !== actor.adminUserId && !view.shared)) throw notFound(MESSAGES.notFound);
      if (view.list !== list) throw badRequest(MESSAGES.otherList, { viewId: MESSAGES.otherList });
      await setDefault(tx, actor.adminUserId, list, viewId);
      await recordAudit(tx, actor, {
        action: "update",
        entity: "saved_view",
        entityId: viewId,
        before: { default: false },
        after: { default: true },
      });
    });
    return c.json({ data: { list, viewId } }, 200);
  });

  return router;
}

async function setDefault(tx: Tx, adminUserId: number, list: string, viewId: number) {
  await tx
    .insert(savedViewDefaults)
    .values({ adminUserId, list, viewId })
    .onConflictDoUpdate({ target: [savedViewDefaults.adminUserId, savedViewDefaults.list], set: { viewId } });
}

async function defaultOf(db: Database, adminUserId: number, list: string): Promise<number | null> {
  const [found] = await db
    .select({ viewId: savedViewDefaults.viewId })
    .from(savedViewDefaults)
    .where(and(eq(savedViewDefaults.adminUserId, adminUserId), eq(savedViewDefaults.list, list)));
  return found?.viewId ?? null;
}
