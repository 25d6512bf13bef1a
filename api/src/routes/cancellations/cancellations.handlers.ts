/** cancellations: the handlers of the calls cancellations.routes.ts defines. */
import { and, asc, eq, inArray, max, ne, sql, type SQL } from "drizzle-orm";
import {
  CANCELLATION_REASON_MESSAGES as MESSAGES,
  ORDER_MESSAGES,
  reasonSetFor,
  CancellationReason,
  type CancellationReasonFields,
  type Party,
} from "~contract/orders";
import type { Database } from "../../db/client";
import { cancellationReasons, cancelledOrders, orderActivities, orders } from "../../db/schema";
import { recordAudit, requireActor, type Tx } from "../../lib/audit";
import { badRequest, HttpError, INVALID_INPUT_MESSAGE, nextVersion, notFound, parseVersion, staleEdit } from "../../lib/http";
import { apiRouter } from "../../lib/openapi";
import { lockOrder, orderRecordById, refuseFinal } from "../orders";
import {
  reasonsRoute,
  reasonRoute,
  addReasonRoute,
  editReasonRoute,
  deleteReasonRoute,
  reorderRoute,
  cancelRoute,
} from "./cancellations.routes";

export const REORDERED_MEANWHILE = "This list was reordered by another admin meanwhile: reload it and try again";

type ReasonRow = typeof cancellationReasons.$inferSelect;

const FIELDS = [
  "status",
  "service_type",
  "reason",
  "repercussion",
  "user_type",
] as const satisfies readonly (keyof CancellationReasonFields)[];

const reasonRecord = (r: ReasonRow): CancellationReason => ({
  reasons_id: r.reasons_id,
  status: r.status,
  service_type: r.service_type,
  reason: r.reason,
  repercussion: r.repercussion,
  user_type: r.user_type,
  order: r.order,
  updated_at: r.updated_at.toISOString(),
  updated_by: r.updated_by,
});

/** What the audit log keeps of a created or deleted reason: its fields and position. */
const auditedFields = (r: ReasonRow) => ({ ...Object.fromEntries(FIELDS.map((f) => [f, r[f]])), order: r.order });

/** The position after the last of a party's list. */
async function nextPosition(tx: Tx, userType: Party): Promise<number> {
  const [{ last }] = await tx
    .select({ last: max(cancellationReasons.order) })
    .from(cancellationReasons)
    .where(eq(cancellationReasons.user_type, userType));
  return (last ?? 0) + 1;
}

/** A reason's text as two admins would call it the same: spaces collapsed, any case. */
const sameText = (text: string) => text.trim().replace(/\s+/g, " ").toLowerCase();

/**
 * 400 (errors.reason, naming the existing one) when the party already has this reason for the same
 * stage and service type, spaces and case aside. Under a lock, so two admins adding it at once do
 * not both succeed.
 */
async function refuseDuplicate(
  tx: Tx,
  fields: Pick<CancellationReasonFields, "reason" | "status" | "service_type" | "user_type">,
  exceptId?: number,
) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('cancellation_reasons'))`);
  const rows = await tx
    .select()
    .from(cancellationReasons)
    .where(
      and(
        eq(cancellationReasons.user_type, fields.user_type),
        eq(cancellationReasons.status, fields.status),
        eq(cancellationReasons.service_type, fields.service_type),
        exceptId === undefined ? undefined : ne(cancellationReasons.reasons_id, exceptId),
      ),
    )
    .orderBy(asc(cancellationReasons.reasons_id));
  const wanted = sameText(fields.reason);
  const existing = rows.find((row) => sameText(row.reason) === wanted);
  if (existing) throw badRequest(INVALID_INPUT_MESSAGE, { reason: MESSAGES.duplicate(existing) });
}

const listOrder = [asc(cancellationReasons.order), asc(cancellationReasons.reasons_id)];

const refuseOrder = (detail: string, message = detail) => badRequest(message, { ordered_ids: detail });

export function cancellationsRouter(db: Database) {
  const router = apiRouter();

  router.openapi(reasonsRoute, async (c) => {
    const query = c.req.valid("query");
    const conditions: SQL[] = [];
    if (query.userType) conditions.push(eq(cancellationReasons.user_type, query.userType));
    if (query.status) conditions.push(eq(cancellationReasons.status, query.status));
    if (query.serviceType) conditions.push(eq(cancellationReasons.service_type, query.serviceType));
    const rows = await db
      .select()
      .from(cancellationReasons)
      .where(conditions.length ? and(...conditions) : undefined)
      .orderBy(...listOrder);
    return c.json({ results: rows.map(reasonRecord) }, 200);
  });

  router.openapi(reasonRoute, async (c) => {
    const { id } = c.req.valid("param");
    const [row] = await db.select().from(cancellationReasons).where(eq(cancellationReasons.reasons_id, id));
    if (!row) throw notFound(MESSAGES.notFound);
    return c.json({ data: reasonRecord(row) }, 200);
  });

  router.openapi(addReasonRoute, async (c) => {
    const actor = await requireActor(c, db);
    const body = c.req.valid("json");
    const row = await db.transaction(async (tx) => {
      await refuseDuplicate(tx, body);
      const position = body.order ?? (await nextPosition(tx, body.user_type));
      const now = new Date();
      const [created] = await tx
        .insert(cancellationReasons)
        .values({ ...body, order: position, created_at: now, updated_at: now, updated_by: actor.adminUsername })
        .returning();
      await recordAudit(tx, actor, {
        action: "create",
        entity: "cancellation_reason",
        entityId: created.reasons_id,
        after: auditedFields(created),
      });
      return created;
    });
    return c.json(reasonRecord(row), 201);
  });

  router.openapi(editReasonRoute, async (c) => {
    const actor = await requireActor(c, db);
    const { id } = c.req.valid("param");
    const { updated_at, ...fields } = c.req.valid("json");
    const version = parseVersion(updated_at);
    const given = Object.entries(fields).filter(([, v]) => v !== undefined);
    if (given.length === 0) throw badRequest(MESSAGES.noChange);
    const row = await db.transaction(async (tx) => {
      const [current] = await tx.select().from(cancellationReasons).where(eq(cancellationReasons.reasons_id, id)).for("update");
      if (!current) throw notFound(MESSAGES.notFound);
      if (current.updated_at.getTime() !== version) throw staleEdit("cancellation reason", current);
      const before: Record<string, unknown> = {};
      const after: Record<string, unknown> = {};
      for (const [key, value] of given) {
        const old = current[key as keyof ReasonRow];
        if (old !== value) {
          before[key] = old;
          after[key] = value;
        }
      }
      if (Object.keys(after).length === 0) throw badRequest(MESSAGES.noChange);
      if (["reason", "status", "service_type", "user_type"].some((key) => key in after)) {
        await refuseDuplicate(tx, { ...current, ...(after as Partial<CancellationReasonFields>) }, id);
      }
      const userType = after.user_type as Party | undefined;
      const [updated] = await tx
        .update(cancellationReasons)
        .set({
          ...(after as Partial<CancellationReasonFields>),
          ...(userType ? { order: await nextPosition(tx, userType) } : {}),
          updated_at: nextVersion(current.updated_at),
          updated_by: actor.adminUsername,
        })
        .where(eq(cancellationReasons.reasons_id, id))
        .returning();
      await recordAudit(tx, actor, { action: "update", entity: "cancellation_reason", entityId: id, before, after });
      return updated;
    });
    return c.json(reasonRecord(row), 200);
  });

  router.openapi(deleteReasonRoute, async (c) => {
    const actor = await requireActor(c, db);
    const { id } = c.req.valid("param");
    await db.transaction(async (tx) => {
      const [current] = await tx.delete(cancellationReasons).where(eq(cancellationReasons.reasons_id, id)).returning();
      if (!current) throw notFound(MESSAGES.notFound);
      await recordAudit(tx, actor, { action: "delete", entity: "cancellation_reason", entityId: id, before: auditedFields(current) });
    });
    return c.body(null, 204);
  });

  // A reorder of one party's list (the admin's User or Service Provider table): exactly its current set.
  router.openapi(reorderRoute, async (c) => {
    const actor = await requireActor(c, db);
    const { ordered_ids, expected_ids } = c.req.valid("json");
    const seen = new Set<number>();
    const twice = new Set<number>();
    for (const id of ordered_ids) (seen.has(id) ? twice : seen).add(id);
    if (twice.size) throw refuseOrder(MESSAGES.reorderDuplicate([...twice]));
    await db.transaction(async (tx) => {
      const named = await tx
        .select({ id: cancellationReasons.reasons_id, user_type: cancellationReasons.user_type })
        .from(cancellationReasons)
        .where(inArray(cancellationReasons.reasons_id, ordered_ids));
      const known = new Set(named.map((r) => r.id));
      const unknown = ordered_ids.filter((id) => !known.has(id));
      if (unknown.length) throw refuseOrder(MESSAGES.reorderUnknown(unknown));
      const parties = new Set(named.map((r) => r.user_type));
      if (parties.size > 1) throw refuseOrder(MESSAGES.reorderMixed);
      const userType = named[0].user_type;
      const list = await tx
        .select()
        .from(cancellationReasons)
        .where(eq(cancellationReasons.user_type, userType))
        .orderBy(...listOrder)
        .for("update");
      const inList = new Set(list.map((r) => r.reasons_id));
      // a reason moved to the other party or deleted since it was read
      const gone = ordered_ids.filter((id) => !inList.has(id));
      if (gone.length) throw refuseOrder(MESSAGES.reorderMixed);
      const missing = list.filter((r) => !seen.has(r.reasons_id)).map((r) => r.reasons_id);
      if (missing.length) throw refuseOrder(MESSAGES.reorderMissing(userType, missing));

      const before = list.map((r) => r.reasons_id);
      if (expected_ids && (expected_ids.length !== before.length || expected_ids.some((id, i) => id !== before[i]))) {
        throw new HttpError(409, { message: REORDERED_MEANWHILE });
      }
      const byId = new Map(list.map((r) => [r.reasons_id, r]));
      let moved = 0;
      for (const [i, id] of ordered_ids.entries()) {
        const row = byId.get(id)!;
        if (row.order === i + 1) continue;
        moved++;
        await tx
          .update(cancellationReasons)
          // the position only: a reason's version covers its fields (an edit opened before a reorder
          // is not stale); the list's order has its own check (expected_ids) and audit entry
          .set({ order: i + 1 })
          .where(eq(cancellationReasons.reasons_id, id));
      }
      if (moved === 0) return; // already in this order
      await recordAudit(tx, actor, {
        action: "update",
        entity: "cancellation_reason",
        entityId: userType,
        before: { ordered_ids: before },
        after: { ordered_ids },
      });
    });
    return c.json({ message: MESSAGES.reordered }, 200);
  });

  // Cancel on behalf of a party: comment required, the reason from that party's set for the order's
  // service type and stage (PRE while Pending or Scheduled, POST after), never a cancelled or completed order.
  router.openapi(cancelRoute, async (c) => {
    const actor = await requireActor(c, db);
    const body = c.req.valid("json");
    const orderId = await db.transaction(async (tx) => {
      const current = await lockOrder(tx, eq(orders.order_id, body.order));
      refuseFinal(current);
      const set = reasonSetFor(current.status);
      const [reason] = await tx
        .select()
        .from(cancellationReasons)
        .where(
          and(
            eq(cancellationReasons.user_type, body.cancelled_by),
            eq(cancellationReasons.status, set),
            eq(cancellationReasons.service_type, current.serviceType),
            typeof body.reason === "number" ? eq(cancellationReasons.reasons_id, body.reason) : eq(cancellationReasons.reason, body.reason),
          ),
        )
        .limit(1);
      if (!reason) throw badRequest(INVALID_INPUT_MESSAGE, { reason: ORDER_MESSAGES.reasonNotInSet });
      const now = new Date(Math.max(Date.now(), current.updated_at.getTime() + 1));
      await tx
        .update(orders)
        .set({ status: "Cancelled", statusComment: body.comment, updated_at: now })
        .where(eq(orders.order_id, current.order_id));
      const [cancelled] = await tx
        .insert(cancelledOrders)
        .values({
          order_id: current.order_id,
          cancelled_by: body.cancelled_by,
          reason: reason.reason,
          comment: body.comment,
          created_by: actor.adminUsername,
          created_at: now,
        })
        .returning();
      await tx.insert(orderActivities).values({
        order_id: current.order_id,
        activity_type: "Cancelled by admin",
        activity_timestamp: now,
        user_id: null,
        details: JSON.stringify({ on_behalf_of: body.cancelled_by, reason: reason.reason, comment: body.comment, by: actor.adminUsername }),
      });
      await recordAudit(tx, actor, {
        action: "update",
        entity: "order",
        entityId: current.order_id,
        before: { status: current.status },
        after: {
          status: "Cancelled",
          cancelled_order_id: cancelled.id,
          cancelled_by: body.cancelled_by,
          reason: reason.reason,
          comment: body.comment,
        },
      });
      return current.order_id;
    });
    return c.json({ message: ORDER_MESSAGES.cancelled, data: { data: await orderRecordById(db, orderId) } }, 201);
  });

  return router;
}
