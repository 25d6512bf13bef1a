/** orders: the handlers of the calls orders.routes.ts defines. */
import { asc, desc, eq, inArray, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import {
  callOverlapSeconds,
  FINAL_STATUSES,
  MAX_CONSULTATION_MINUTES,
  minutesFromOfferings,
  ORDER_MESSAGES,
  rescheduleStartProblem,
  reasonSetFor,
  MainConsultation,
  OrderActivity,
  OrderChat,
  OrderDetail,
  OrderFile,
  OrderRecord,
  VideoCallLog,
  type OrderParty,
} from "~contract/orders";
import type { Database } from "../../db/client";
import {
  cancelledOrders,
  mainConsultations,
  orderActivities,
  orderChats,
  orderFiles,
  orders,
  payments,
  serviceProviders,
  users,
  videoCallLogs,
  type OrderRow,
} from "../../db/schema";
import { recordAudit, requireActor, type Tx } from "../../lib/audit";
import { badRequest, INVALID_INPUT_MESSAGE, notFound } from "../../lib/http";
import { keysetPage, newestFirst, type KeysetOrder, type PageQuery } from "../../lib/keyset";
import { apiRouter } from "../../lib/openapi";
import { paiseToInr } from "~shared/money";
import {
  orderRoute,
  detailRoute,
  listRoute,
  completeRoute,
  chatsRoute,
  filesRoute,
  activitiesRoute,
  callsRoute,
  consultationRoute,
  rescheduleRoute,
} from "./orders.routes";

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export const providerUsers = alias(users, "provider_user");

const partyColumns = <U extends typeof users | typeof providerUsers>(u: U) => ({
  id: u.id,
  username: u.username,
  firstName: u.firstName,
  lastName: u.lastName,
  email: u.email,
  phone: u.phone,
});

/** Orders joined with both parties (user, provider and the provider's user). */
export function orderWithParties(db: Database | Tx) {
  return db
    .select({ order: orders, user: partyColumns(users), providerUser: partyColumns(providerUsers) })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.user_id))
    .innerJoin(serviceProviders, eq(serviceProviders.serviceProvider_id, orders.service_provider_id))
    .innerJoin(providerUsers, eq(providerUsers.id, serviceProviders.user_id));
}

type OrderJoin = { order: OrderRow; user: OrderParty; providerUser: OrderParty };

export async function orderRecords(db: Database | Tx, where: SQL): Promise<OrderRecord[]> {
  const rows = (await orderWithParties(db).where(where)) as OrderJoin[];
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.order.order_id);
  const [cancelled, paid] = await Promise.all([
    db.select().from(cancelledOrders).where(inArray(cancelledOrders.order_id, ids)).orderBy(asc(cancelledOrders.id)),
    db
      .selectDistinctOn([payments.order_id])
      .from(payments)
      .where(inArray(payments.order_id, ids))
      .orderBy(payments.order_id, desc(payments.payment_id)),
  ]);
  return rows.map(({ order: o, user, providerUser }) => {
    const payment = paid.find((p) => p.order_id === o.order_id) ?? null;
    return {
      order_id: o.order_id,
      short_id: o.short_id,
      status: o.status,
      serviceType: o.serviceType,
      charges: paiseToInr(o.charges),
      booked_service: o.booked_service,
      created_at: o.created_at.toISOString(),
      updated_at: o.updated_at.toISOString(),
      statusComment: o.statusComment,
      user_mark_as_done: o.user_mark_as_done,
      service_provider_mark_as_done: o.service_provider_mark_as_done,
      userId: user,
      serviceProviderId: { serviceProvider_id: o.service_provider_id, userId: providerUser },
      userUsername: user.username,
      serviceProviderUsername: providerUser.username,
      service: {
        bookingTime: iso(o.bookingTime),
        acceptedAt: iso(o.acceptedAt),
        finalDraftSharedAt: iso(o.finalDraftSharedAt),
        draftAcceptedAt: iso(o.draftAcceptedAt),
        ticketRaisedAt: iso(o.ticketRaisedAt),
        resolvedAt: iso(o.resolvedAt),
      },
      completedAt: iso(o.completedAt),
      cancelled_orders: cancelled
        .filter((c) => c.order_id === o.order_id)
        .map((c) => ({
          id: c.id,
          order: c.order_id,
          cancelled_by: c.cancelled_by,
          reason: c.reason,
          comment: c.comment,
          created_at: c.created_at.toISOString(),
        })),
      payment: payment && {
        payment_id: payment.payment_id,
        transaction_id: payment.transaction_id,
        payment_gateway: payment.payment_gateway,
        payment_status: payment.payment_status,
        total_amount: paiseToInr(payment.total_amount),
        payment_date: payment.payment_date.toISOString(),
        release_date: iso(payment.release_date),
        invoice_number: payment.invoice_number,
        phonepe_response: payment.phonepe_response ?? null,
      },
      transaction_id: payment?.transaction_id ?? null,
    };
  });
}

/** Newest first (created_at, order_id descending, as the orders indexes run), as a keyset (lib/keyset.ts). */
const NEWEST_FIRST = newestFirst(orders.created_at, orders.order_id);

/**
 * One page of order ids, newest first or in `options.order` (an OFFSET page near the start, a keyset page by `cursor`),
 * with each id's place on the page, the filter's total and the neighbours' cursors. The caller reads
 * the page's rows by id and sorts them by `position`.
 */
export async function orderIdsPage(
  db: Database,
  where: SQL | undefined,
  query: PageQuery,
  options: { withParties?: boolean; estimateTotal?: boolean; order?: KeysetOrder } = {},
) {
  // with both parties joined (a WHERE on their users: the page read newest first, stopping when full)
  const from = (columns: Record<string, SQL>) =>
    options.withParties
      ? db
          .select(columns)
          .from(orders)
          .innerJoin(users, eq(users.id, orders.user_id))
          .innerJoin(serviceProviders, eq(serviceProviders.serviceProvider_id, orders.service_provider_id))
          .innerJoin(providerUsers, eq(providerUsers.id, serviceProviders.user_id))
          .$dynamic()
      : db.select(columns).from(orders).$dynamic();
  // the total: exact up to LIST_TOTAL_EXACT_CAP matches, an estimate past it (lib/list-total.ts)
  const { ids, total, page, cursors } = await keysetPage(db, {
    query,
    order: options.order ?? NEWEST_FIRST,
    id: orders.order_id,
    select: from,
    where,
    matching: () => from({ id: sql`${orders.order_id}` }).where(where),
    estimateTotal: options.estimateTotal,
  });
  return { position: new Map(ids.map((id, i) => [id, i])), total: total.total, totalKind: total.kind, page, cursors };
}

export async function orderRecordById(db: Database | Tx, orderId: number): Promise<OrderRecord> {
  const [record] = await orderRecords(db, eq(orders.order_id, orderId));
  if (!record) throw notFound(ORDER_MESSAGES.notFound);
  return record;
}

/** The order row, locked for the rest of the transaction; 404 when unknown. */
export async function lockOrder(tx: Tx, where: SQL): Promise<OrderRow> {
  const [row] = await tx.select().from(orders).where(where).for("update");
  if (!row) throw notFound(ORDER_MESSAGES.notFound);
  return row;
}

export const refuseFinal = (row: OrderRow) => {
  if (FINAL_STATUSES.includes(row.status)) throw badRequest(ORDER_MESSAGES.alreadyFinal(row.status));
};

async function orderIdOfShortId(db: Database, shortId: string): Promise<number> {
  const [order] = await db.select({ id: orders.order_id }).from(orders).where(eq(orders.short_id, shortId));
  if (!order) throw notFound(ORDER_MESSAGES.notFound);
  return order.id;
}

async function orderExists(db: Database, orderId: number) {
  const [row] = await db.select({ id: orders.order_id }).from(orders).where(eq(orders.order_id, orderId));
  if (!row) throw notFound(ORDER_MESSAGES.notFound);
}

const chatRecord = (r: typeof orderChats.$inferSelect): OrderChat => ({
  order_chat_id: r.order_chat_id,
  order: r.order_id,
  sender: r.sender,
  sender_name: r.sender_name,
  data: r.data,
  timestamp: r.timestamp,
});

const fileRecord = (r: typeof orderFiles.$inferSelect): OrderFile => ({
  file_id: r.file_id,
  order: r.order_id,
  sender: r.sender,
  sender_name: r.sender_name,
  file: r.file,
  final_status: r.final_status,
  created_at: r.created_at.toISOString(),
});

const callRecord = (r: typeof videoCallLogs.$inferSelect): VideoCallLog => ({
  id: r.id,
  order: r.order_id,
  event: r.event,
  timestamp: r.timestamp.toISOString(),
  user_id: r.user_id,
});

const consultationRecord = (r: typeof mainConsultations.$inferSelect): MainConsultation => ({
  id: r.id,
  order_id: r.order_id,
  consultationDetails: { ...r.consultationDetails, selectedSlot: r.consultationDetails.selectedSlot ?? null },
  timeSlots: r.timeSlots,
  updated_at: r.updated_at.toISOString(),
});

const chatsOf = (db: Database, orderId: number) =>
  db.select().from(orderChats).where(eq(orderChats.order_id, orderId)).orderBy(asc(orderChats.order_chat_id));

const filesOf = (db: Database, orderId: number) =>
  db.select().from(orderFiles).where(eq(orderFiles.order_id, orderId)).orderBy(asc(orderFiles.file_id));

const callsOf = (db: Database, orderId: number) =>
  db.select().from(videoCallLogs).where(eq(videoCallLogs.order_id, orderId)).orderBy(asc(videoCallLogs.timestamp), asc(videoCallLogs.id));

async function activitiesOf(db: Database, orderId: number): Promise<OrderActivity[]> {
  const rows = await db
    .select({ a: orderActivities, username: users.username })
    .from(orderActivities)
    .leftJoin(users, eq(users.id, orderActivities.user_id))
    .where(eq(orderActivities.order_id, orderId))
    .orderBy(desc(orderActivities.activity_timestamp), desc(orderActivities.id));
  return rows.map(({ a, username }) => ({
    id: a.id,
    order: a.order_id,
    activity_type: a.activity_type,
    activity_timestamp: a.activity_timestamp.toISOString(),
    user: a.user_id,
    username: username ?? null,
    details: a.details,
  }));
}

/**
 * The rescheduled slot's end: start + the minutes the offerings text names (spec 2 §5); when it
 * names none, the end the caller gives (1 to MAX_CONSULTATION_MINUTES after the start), else 400.
 */
export function consultationEnd(start: Date, offerings: string, endTime: string | undefined): Date {
  const minutes = minutesFromOfferings(offerings);
  const given = endTime === undefined ? null : new Date(Date.parse(endTime));
  if (minutes !== null) {
    const end = new Date(start.getTime() + minutes * 60_000);
    if (given && given.getTime() !== end.getTime()) {
      throw badRequest(INVALID_INPUT_MESSAGE, { endTime: ORDER_MESSAGES.endFollowsOffering(minutes) });
    }
    return end;
  }
  if (!given) throw badRequest(ORDER_MESSAGES.noMinutes, { endTime: ORDER_MESSAGES.durationRequired });
  const length = given.getTime() - start.getTime();
  if (length < 60_000 || length > MAX_CONSULTATION_MINUTES * 60_000) {
    throw badRequest(INVALID_INPUT_MESSAGE, { endTime: ORDER_MESSAGES.endAfterStart });
  }
  return given;
}

export function ordersRouter(db: Database) {
  const router = apiRouter();

  router.openapi(orderRoute, async (c) => {
    const { order_id } = c.req.valid("query");
    return c.json({ data: { data: await orderRecordById(db, order_id) } }, 200);
  });

  // The booking-detail page's fetch: the order and every record the page shows, in one answer.
  router.openapi(detailRoute, async (c) => {
    // by order_id, or by short_id (the payments list links /admin/payments/{short_id})
    const query = c.req.valid("query");
    if (query.short_id === undefined && query.order_id === undefined) {
      throw badRequest(INVALID_INPUT_MESSAGE, { order_id: "order_id is required" });
    }
    const order_id = query.short_id === undefined ? query.order_id! : await orderIdOfShortId(db, query.short_id);
    const record = await orderRecordById(db, order_id);
    const [consultation, chats, files, activities, calls] = await Promise.all([
      db.select().from(mainConsultations).where(eq(mainConsultations.order_id, order_id)),
      chatsOf(db, order_id),
      filesOf(db, order_id),
      activitiesOf(db, order_id),
      callsOf(db, order_id),
    ]);
    const video_calls = calls.map(callRecord);
    const detail: OrderDetail = {
      ...record,
      consultation: consultation[0] ? consultationRecord(consultation[0]) : null,
      chats: chats.map(chatRecord),
      files: files.map(fileRecord),
      activities,
      video_calls,
      call_overlap_seconds: callOverlapSeconds(video_calls),
      counts: { chats: chats.length, files: files.length, activities: activities.length, video_calls: video_calls.length },
      can_cancel: !FINAL_STATUSES.includes(record.status),
      can_complete: !FINAL_STATUSES.includes(record.status),
      cancellation_reason_set: reasonSetFor(record.status),
    };
    return c.json({ data: { data: detail } }, 200);
  });

  router.openapi(listRoute, async (c) => {
    const query = c.req.valid("query");
    const where = query.status ? eq(orders.status, query.status) : undefined;
    const { position, total, totalKind, page, cursors } = await orderIdsPage(db, where, query);
    const records = position.size ? await orderRecords(db, inArray(orders.order_id, [...position.keys()])) : [];
    records.sort((a, b) => position.get(a.order_id)! - position.get(b.order_id)!);
    return c.json(
      { data: records, total_results: total, total_kind: totalKind, current_page: page, page_size: query.page_size, cursors },
      200,
    );
  });

  // Mark complete (spec 2 §4): sets user_mark_as_done and the status Completed.
  router.openapi(completeRoute, async (c) => {
    const actor = await requireActor(c, db);
    const { shortId } = c.req.valid("query");
    const orderId = await db.transaction(async (tx) => {
      const current = await lockOrder(tx, eq(orders.short_id, shortId));
      refuseFinal(current);
      const now = new Date(Math.max(Date.now(), current.updated_at.getTime() + 1));
      await tx
        .update(orders)
        .set({ user_mark_as_done: true, status: "Completed", completedAt: now, updated_at: now })
        .where(eq(orders.order_id, current.order_id));
      await tx.insert(orderActivities).values({
        order_id: current.order_id,
        activity_type: "Marked as completed by admin",
        activity_timestamp: now,
        user_id: null,
        details: `Marked complete by ${actor.adminUsername}`,
      });
      await recordAudit(tx, actor, {
        action: "update",
        entity: "order",
        entityId: current.order_id,
        before: { status: current.status, user_mark_as_done: current.user_mark_as_done },
        after: { status: "Completed", user_mark_as_done: true },
      });
      return current.order_id;
    });
    return c.json({ message: ORDER_MESSAGES.completed, data: { data: await orderRecordById(db, orderId) } }, 200);
  });

  router.openapi(chatsRoute, async (c) => {
    const { short_id } = c.req.valid("query");
    const [order] = await db.select({ id: orders.order_id }).from(orders).where(eq(orders.short_id, short_id));
    if (!order) throw notFound(ORDER_MESSAGES.notFound);
    return c.json({ data: (await chatsOf(db, order.id)).map(chatRecord) }, 200);
  });

  router.openapi(filesRoute, async (c) => {
    const { order_id } = c.req.valid("query");
    await orderExists(db, order_id);
    return c.json({ data: (await filesOf(db, order_id)).map(fileRecord) }, 200);
  });

  router.openapi(activitiesRoute, async (c) => {
    const { order_id } = c.req.valid("query");
    await orderExists(db, order_id);
    return c.json({ results: await activitiesOf(db, order_id) }, 200);
  });

  router.openapi(callsRoute, async (c) => {
    const { order_id } = c.req.valid("query");
    await orderExists(db, order_id);
    const data = (await callsOf(db, order_id)).map(callRecord);
    return c.json({ data, overlap_seconds: callOverlapSeconds(data) }, 200);
  });

  router.openapi(consultationRoute, async (c) => {
    const { order_id } = c.req.valid("query");
    await orderExists(db, order_id);
    const [row] = await db.select().from(mainConsultations).where(eq(mainConsultations.order_id, order_id));
    if (!row) throw notFound(ORDER_MESSAGES.noConsultation);
    return c.json({ data: consultationRecord(row) }, 200);
  });

  // Reschedule: a start in the coming year; the end is start + the minutes named in the booked offerings text,
  // or the given endTime when the text names none.
  router.openapi(rescheduleRoute, async (c) => {
    const actor = await requireActor(c, db);
    const { order_id } = c.req.valid("query");
    const body = c.req.valid("json");
    const start = new Date(Date.parse(body.consultationDetails.selectedSlot.startTime));
    const problem = rescheduleStartProblem(start.getTime());
    if (problem) throw badRequest(INVALID_INPUT_MESSAGE, { startTime: problem });
    const saved = await db.transaction(async (tx) => {
      const order = await lockOrder(tx, eq(orders.order_id, order_id));
      refuseFinal(order);
      const [current] = await tx.select().from(mainConsultations).where(eq(mainConsultations.order_id, order_id)).for("update");
      if (!current) throw notFound(ORDER_MESSAGES.noConsultation);
      const end = consultationEnd(start, order.booked_service.offerings ?? "", body.consultationDetails.selectedSlot.endTime);
      const selectedSlot = { startTime: start.toISOString(), endTime: end.toISOString() };
      const now = new Date(Math.max(Date.now(), current.updated_at.getTime() + 1));
      const [row] = await tx
        .update(mainConsultations)
        .set({ consultationDetails: { ...current.consultationDetails, selectedSlot }, updated_at: now })
        .where(eq(mainConsultations.id, current.id))
        .returning();
      await tx.update(orders).set({ bookingTime: start, updated_at: now }).where(eq(orders.order_id, order_id));
      await tx.insert(orderActivities).values({
        order_id,
        activity_type: "Consultation rescheduled by admin",
        activity_timestamp: now,
        user_id: null,
        details: JSON.stringify({ from: current.consultationDetails.selectedSlot ?? null, to: selectedSlot, by: actor.adminUsername }),
      });
      await recordAudit(tx, actor, {
        action: "update",
        entity: "main_consultation",
        entityId: order_id,
        before: { selectedSlot: current.consultationDetails.selectedSlot ?? null },
        after: { selectedSlot },
      });
      return row;
    });
    return c.json({ message: ORDER_MESSAGES.rescheduled, data: consultationRecord(saved) }, 200);
  });

  return router;
}
