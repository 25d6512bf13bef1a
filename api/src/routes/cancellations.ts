/**
 * Cancellation (spec 2 §4, §5, §7): the reasons offered to each party (list, create, edit, delete,
 * reorder) and cancelling an order on behalf of the User or the ServiceProvider.
 */
import { and, asc, eq, inArray, max, sql, type SQL } from "drizzle-orm";
import {
  CancellationReasonBody,
  CancellationReasonQuery,
  CancelOrderBody,
  ORDER_MESSAGES,
  reasonSetFor,
  ReorderReasonsBody,
  CancellationReason,
} from "../../../app/models/orders";
import type { Database } from "../db/client";
import { cancellationReasons, cancelledOrders, orderActivities, orders } from "../db/schema";
import { recordAudit, requireActor } from "../lib/audit";
import { badRequest, INVALID_INPUT_MESSAGE, notFound } from "../lib/http";
import { ActingAdmin, apiRouter, body, common, createRoute, data, error, idParam, json, message, mutating, z } from "../lib/openapi";
import { lockOrder, Order, orderRecordById, refuseFinal, unknownOrder } from "./orders";

const REASON_NOT_FOUND = "Cancellation reason not found";
const Reason = CancellationReason.openapi("CancellationReason");
const ReasonBody = body(CancellationReasonBody.openapi("CancellationReasonBody"));
const reasonId = { params: z.object({ id: idParam("id", "reasons_id") }) };
const unknownReason = { 404: error("Unknown cancellation reason") };

const reasonsRoute = createRoute({
  method: "get",
  path: "/cancellation-reason/",
  summary: "Cancellation reasons, by position",
  request: { query: CancellationReasonQuery },
  responses: { 200: json(z.object({ results: z.array(Reason) }), "The reasons"), 400: error("Bad query"), ...common },
});
const addReasonRoute = createRoute({
  method: "post",
  path: "/cancellation-reason/",
  summary: "Add a cancellation reason (last in its set unless order is given)",
  request: { headers: ActingAdmin, body: ReasonBody },
  responses: { 201: json(Reason, "The new reason"), ...mutating, ...common },
});
const editReasonRoute = createRoute({
  method: "put",
  path: "/cancellation-reason/{id}/",
  summary: "Edit a cancellation reason",
  request: { ...reasonId, headers: ActingAdmin, body: ReasonBody },
  responses: { 200: json(Reason, "The reason"), ...mutating, ...unknownReason, ...common },
});
const deleteReasonRoute = createRoute({
  method: "delete",
  path: "/cancellation-reason/{id}/",
  summary: "Delete a cancellation reason",
  request: { ...reasonId, headers: ActingAdmin },
  responses: { 204: { description: "Deleted" }, ...mutating, ...unknownReason, ...common },
});
const reorderRoute = createRoute({
  method: "post",
  path: "/update-order-cancellation-reason",
  summary: "Save a drag-and-drop reorder: the listed reasons take positions 1, 2, 3… in that order",
  request: { headers: ActingAdmin, body: body(ReorderReasonsBody.openapi("ReorderReasonsBody")) },
  responses: { 200: json(message, "Saved"), ...mutating, ...common },
});
const cancelRoute = createRoute({
  method: "post",
  path: "/cancellation/",
  summary: "Cancel an order on behalf of the User or the ServiceProvider",
  description:
    "comment is required. reason (its text or reasons_id) must be one of cancelled_by's reasons for the order's service type, from the PRE set while the order is Pending or Scheduled and the POST set otherwise (400 errors.reason). Refused (400) when the order is already Cancelled or Completed. Sets the status Cancelled and statusComment, records a cancelled_orders row and an activity; audited. orderStatus is informational: the server uses the stored status.",
  request: { headers: ActingAdmin, body: body(CancelOrderBody.openapi("CancelOrderBody")) },
  responses: { 201: json(message.extend({ data: data(Order) }), "Order has been cancelled successfully"), ...mutating, ...unknownOrder, ...common },
});

const reasonRecord = (r: typeof cancellationReasons.$inferSelect): CancellationReason => ({
  reasons_id: r.reasons_id,
  status: r.status,
  service_type: r.service_type,
  reason: r.reason,
  repercussion: r.repercussion,
  user_type: r.user_type,
  order: r.order,
});

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
      .orderBy(asc(cancellationReasons.order), asc(cancellationReasons.reasons_id));
    return c.json({ results: rows.map(reasonRecord) }, 200);
  });

  router.openapi(addReasonRoute, async (c) => {
    const actor = await requireActor(c, db);
    const body = c.req.valid("json");
    const row = await db.transaction(async (tx) => {
      let position = body.order;
      if (position === undefined) {
        // last in its set
        const [{ last }] = await tx
          .select({ last: max(cancellationReasons.order) })
          .from(cancellationReasons)
          .where(and(eq(cancellationReasons.user_type, body.user_type), eq(cancellationReasons.status, body.status), eq(cancellationReasons.service_type, body.service_type)));
        position = (last ?? -1) + 1;
      }
      const [created] = await tx.insert(cancellationReasons).values({ ...body, order: position }).returning();
      await recordAudit(tx, actor, { action: "create", entity: "cancellation_reason", entityId: created.reasons_id, after: reasonRecord(created) });
      return created;
    });
    return c.json(reasonRecord(row), 201);
  });

  router.openapi(editReasonRoute, async (c) => {
    const actor = await requireActor(c, db);
    const { id } = c.req.valid("param");
    const body = c.req.valid("json");
    const row = await db.transaction(async (tx) => {
      const [current] = await tx.select().from(cancellationReasons).where(eq(cancellationReasons.reasons_id, id)).for("update");
      if (!current) throw notFound(REASON_NOT_FOUND);
      const [updated] = await tx
        .update(cancellationReasons)
        .set({ ...body, order: body.order ?? current.order })
        .where(eq(cancellationReasons.reasons_id, id))
        .returning();
      await recordAudit(tx, actor, { action: "update", entity: "cancellation_reason", entityId: id, before: reasonRecord(current), after: reasonRecord(updated) });
      return updated;
    });
    return c.json(reasonRecord(row), 200);
  });

  router.openapi(deleteReasonRoute, async (c) => {
    const actor = await requireActor(c, db);
    const { id } = c.req.valid("param");
    await db.transaction(async (tx) => {
      const [current] = await tx.delete(cancellationReasons).where(eq(cancellationReasons.reasons_id, id)).returning();
      if (!current) throw notFound(REASON_NOT_FOUND);
      await recordAudit(tx, actor, { action: "delete", entity: "cancellation_reason", entityId: id, before: reasonRecord(current) });
    });
    return c.body(null, 204);
  });

  // Drag-and-drop reorder: the listed reasons take positions 0, 1, 2… in that order.
  router.openapi(reorderRoute, async (c) => {
    const actor = await requireActor(c, db);
    const { ordered_ids } = c.req.valid("json");
    if (new Set(ordered_ids).size !== ordered_ids.length) throw badRequest(INVALID_INPUT_MESSAGE, { ordered_ids: "ordered_ids lists a reason twice" });
    await db.transaction(async (tx) => {
      const found = await tx.select().from(cancellationReasons).where(inArray(cancellationReasons.reasons_id, ordered_ids)).for("update");
      if (found.length !== ordered_ids.length) throw badRequest(INVALID_INPUT_MESSAGE, { ordered_ids: "ordered_ids names an unknown reason" });
      await tx.execute(
        sql`UPDATE ${cancellationReasons} SET "order" = v.position FROM (SELECT * FROM unnest(${`{${ordered_ids.join(",")}}`}::int[]) WITH ORDINALITY AS t(id, position)) v WHERE ${cancellationReasons.reasons_id} = v.id`,
      );
      await recordAudit(tx, actor, {
        action: "update",
        entity: "cancellation_reason",
        entityId: ordered_ids.join(","),
        before: found.map((r) => ({ reasons_id: r.reasons_id, order: r.order })),
        after: ordered_ids.map((reasons_id, i) => ({ reasons_id, order: i + 1 })),
      });
    });
    return c.json({ message: "Order updated successfully" }, 200);
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
      await tx.update(orders).set({ status: "Cancelled", statusComment: body.comment, updated_at: now }).where(eq(orders.order_id, current.order_id));
      const [cancelled] = await tx
        .insert(cancelledOrders)
        .values({ order_id: current.order_id, cancelled_by: body.cancelled_by, reason: reason.reason, comment: body.comment, created_by: actor.adminUsername, created_at: now })
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
        after: { status: "Cancelled", cancelled_order_id: cancelled.id, cancelled_by: body.cancelled_by, reason: reason.reason, comment: body.comment },
      });
      return current.order_id;
    });
    return c.json({ message: ORDER_MESSAGES.cancelled, data: { data: await orderRecordById(db, orderId) } }, 201);
  });

  return router;
}
