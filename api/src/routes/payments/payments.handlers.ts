/** payments: the handlers of the calls payments.routes.ts defines. */
import { and, asc, count, desc, eq, gte, inArray, lt, sql, type SQL } from "drizzle-orm";
import {
  GST_RATE_PERCENT,
  PAYMENT_MESSAGES,
  PAID_STATUSES,
  PAYMENT_STATUS_LABELS,
  releaseRefusal,
  PaymentRecord,
  type PaymentListQuery,
} from "~contract/payments";
import type { Database } from "../../db/client";
import { orders, paymentReleaseKey, payments, payouts, serviceProviders, users, type OrderRow, type PaymentRow } from "../../db/schema";
import { requireActor, type Tx } from "../../lib/audit";
import { notFound } from "../../lib/http";
import { apiRouter } from "../../lib/openapi";
import { paiseToInr, providerInvoiceSplit } from "~shared/money";
import { containsPattern, istDayEnd, istMidnight } from "../../lib/providers";
import { orderStatusLabel } from "~contract/order-labels";
import { providerUsers } from "../orders";
import { approveRequestRoute, listRoute, paymentRoute, rejectRequestRoute, releaseRoute } from "./payments.routes";
import { decideRequest, latestPayouts, releaseOrRequest, releaseThreshold } from "./release";
import { PAYOUT_MESSAGES, RELEASE_STATE_OF_FILTER, type PayoutSummary } from "~contract/payouts";

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/**
 * The list's order, each an index's (db/schema/orders.ts) read forward or backward, ties by the
 * payment's id: newest payment_date first by default; Release date puts the not yet released first
 * ascending (paymentReleaseKey); Status is A–Z by code (its label's order too), each by date the same way.
 */
function listOrder(query: PaymentListQuery): SQL[] {
  const dir = query.sortField && query.sortOrder === "asc" ? asc : desc;
  const id = dir(payments.payment_id);
  switch (query.sortField) {
    case "release_date":
      return [dir(paymentReleaseKey(payments.release_date)), id];
    case "total_amount":
      return [dir(payments.total_amount), id];
    case "payment_status":
      return [dir(payments.payment_status), dir(payments.payment_date), id];
    default:
      return [dir(payments.payment_date), id];
  }
}

export type PartyCols = { id: number; username: string; email: string; firstName: string; lastName: string; phone: string };

type Attempts = { attempt: number; attempts: number; otherReleased: boolean };

type PaymentJoin = { p: PaymentRow; o: OrderRow; user: PartyCols; providerUser: PartyCols; attempts: Attempts };
/** What the payments' records add from payouts: each one's latest payout, and the threshold in paise */
type PayoutContext = { latest: Map<number, PayoutSummary>; threshold: number | null };

export const party = <U extends typeof users | typeof providerUsers>(u: U) => ({
  id: u.id,
  username: u.username,
  email: u.email,
  firstName: u.firstName,
  lastName: u.lastName,
  phone: u.phone,
});

/** Another attempt of the same order was released (the order's money was already paid out). */
const otherAttemptReleased = sql<boolean>`EXISTS (SELECT 1 FROM ${payments} op WHERE op.order_id = ${payments.order_id}
  AND op.payment_id <> ${payments.payment_id} AND op.payment_status = 'WITHDRAWN')`;

/** The payout rule of releaseRefusal in SQL: the payments Release can succeed for now. */
const releasableNow = sql`(${payments.payment_status} = 'PAYMENT_SUCCESS' AND ${orders.status} = 'Completed' AND NOT ${otherAttemptReleased}
  AND NOT EXISTS (SELECT 1 FROM ${payouts} pr WHERE pr.payment_id = ${payments.payment_id} AND pr.state = 'Requested'))`;

function paymentsJoined(db: Database | Tx) {
  // the attempt's number among its order's payments (payments_order_idx: a probe per row shown)
  const attempts = {
    attempt: sql<number>`(SELECT count(*)::int FROM ${payments} ap WHERE ap.order_id = ${payments.order_id} AND ap.payment_id <= ${payments.payment_id})`,
    attempts: sql<number>`(SELECT count(*)::int FROM ${payments} ap WHERE ap.order_id = ${payments.order_id})`,
    otherReleased: otherAttemptReleased,
  };
  return db
    .select({ p: payments, o: orders, user: party(users), providerUser: party(providerUsers), attempts })
    .from(payments)
    .innerJoin(orders, eq(orders.order_id, payments.order_id))
    .innerJoin(users, eq(users.id, orders.user_id))
    .innerJoin(serviceProviders, eq(serviceProviders.serviceProvider_id, orders.service_provider_id))
    .innerJoin(providerUsers, eq(providerUsers.id, serviceProviders.user_id));
}

export function paymentRecord({ p, o, user, providerUser, attempts }: PaymentJoin, payouts: PayoutContext): PaymentRecord {
  // the invoice is recomputed from the amount and the fee in force when paid (same rule as the stored split)
  const split = providerInvoiceSplit(p.total_amount, p.service_fee_percent);
  const release = payouts.latest.get(p.payment_id) ?? null;
  const waiting = release?.state === "Requested" ? release : null;
  const refusal =
    refusalOf(p, o, Boolean(attempts.otherReleased)) ??
    (waiting ? PAYOUT_MESSAGES.alreadyRequested(waiting.requested_by ?? "another admin") : null);
  return {
    payment_id: p.payment_id,
    order_id: o.order_id,
    short_id: o.short_id,
    created_at: p.created_at.toISOString(),
    payment_date: p.payment_date.toISOString(),
    release_date: iso(p.release_date),
    user_id: o.user_id,
    userUsername: user.username,
    userEmail: user.email,
    serviceProviderUsername: providerUser.username,
    serviceProviderEmail: providerUser.email,
    serviceProvider_id: o.service_provider_id,
    serviceType: o.serviceType,
    order_status: o.status,
    offering_name: o.booked_service.offerings,
    transaction_id: p.transaction_id,
    payment_gateway: p.payment_gateway,
    payment_status: p.payment_status,
    total_amount: paiseToInr(p.total_amount),
    invoice_number: p.invoice_number,
    company_invoice_number: p.company_invoice_number,
    sp_invoice_to_user_number: p.sp_invoice_to_user_number,
    gst_no: p.gst_no,
    platform_commission: paiseToInr(p.platform_commission),
    gst: paiseToInr(p.gst),
    service_provider_amount: paiseToInr(p.service_provider_amount),
    paid_to_client: paiseToInr(p.paid_to_client),
    paid_to_provider: paiseToInr(p.paid_to_provider),
    phonepe_response: p.phonepe_response ?? null,
    invoice: {
      service_provider: {
        amount: paiseToInr(split.amount),
        service_fee_percent: p.service_fee_percent,
        service_charge: paiseToInr(split.service_charge),
        gst_percent: GST_RATE_PERCENT,
        gst: paiseToInr(split.gst),
        payable: paiseToInr(split.payable),
      },
      user: { amount: paiseToInr(p.total_amount) },
    },
    attempt: Number(attempts.attempt),
    attempts: Number(attempts.attempts),
    releasable: refusal === null,
    release_refusal: refusal,
    has_invoice: PAID_STATUSES.includes(p.payment_status),
    release,
    release_needs_approval: payouts.threshold !== null && p.service_provider_amount >= payouts.threshold,
  };
}

function refusalOf(p: PaymentRow, o: OrderRow, otherReleased: boolean): string | null {
  return releaseRefusal(
    { status: p.payment_status, statusLabel: PAYMENT_STATUS_LABELS[p.payment_status] },
    { shortId: o.short_id, status: o.status, statusLabel: orderStatusLabel(o.status) },
    otherReleased,
  );
}

/** The records of these joined rows (their payouts read in one query). */
async function paymentRecords(db: Database | Tx, rows: PaymentJoin[]): Promise<PaymentRecord[]> {
  const [latest, threshold] = await Promise.all([
    latestPayouts(
      db,
      rows.map((r) => r.p.payment_id),
    ),
    releaseThreshold(db),
  ]);
  return rows.map((row) => paymentRecord(row, { latest, threshold }));
}

async function paymentById(db: Database | Tx, id: number): Promise<PaymentRecord> {
  const [row] = (await paymentsJoined(db).where(eq(payments.payment_id, id))) as PaymentJoin[];
  if (!row) throw notFound(PAYMENT_MESSAGES.notFound);
  return (await paymentRecords(db, [row]))[0];
}

/** Providers whose user's username contains the text (or the provider with that id). */
function providerCondition(text: string): SQL {
  if (/^\d{1,9}$/.test(text)) return eq(orders.service_provider_id, Number(text));
  return inArray(
    orders.service_provider_id,
    sql`(SELECT sp."serviceProvider_id" FROM ${serviceProviders} sp JOIN ${users} u ON u.id = sp.user_id
         WHERE lower(u.username) LIKE ${containsPattern(text.toLowerCase())})`,
  );
}

/** Dashboard figures for money and orders (added to GET /dashboard-stats). */
export async function orderDashboardStats(db: Database, now = new Date()) {
  const istNow = new Date(now.getTime() + 5.5 * 3600_000).toISOString();
  const today = istMidnight(istNow.slice(0, 10));
  const monthStart = istMidnight(`${istNow.slice(0, 7)}-01`);
  const [year, month] = [Number(istNow.slice(0, 4)), Number(istNow.slice(5, 7))];
  const nextMonth = istMidnight(month === 12 ? `${year + 1}-01-01` : `${year}-${String(month + 1).padStart(2, "0")}-01`);
  const [[bookings], [awaiting], [requests], [revenue]] = await Promise.all([
    db
      .select({ n: count() })
      .from(orders)
      .where(and(gte(orders.created_at, today), lt(orders.created_at, istDayEnd(istNow.slice(0, 10))))),
    db.select({ n: count() }).from(payments).innerJoin(orders, eq(orders.order_id, payments.order_id)).where(releasableNow),
    db.select({ n: count() }).from(payouts).where(eq(payouts.state, "Requested")),
    db
      .select({ paise: sql<string>`coalesce(sum(${payments.total_amount}), 0)::text` })
      .from(payments)
      .where(
        and(
          inArray(payments.payment_status, ["PAYMENT_SUCCESS", "WITHDRAWN"]),
          gte(payments.payment_date, monthStart),
          lt(payments.payment_date, nextMonth),
        ),
      ),
  ]);
  return {
    bookingsToday: Number(bookings.n),
    paymentsAwaitingRelease: Number(awaiting.n),
    releaseRequestsAwaitingApproval: Number(requests.n),
    revenueThisMonth: paiseToInr(revenue.paise),
  };
}

/** The payments Release can pay out now (the list's `releasable=yes`): how many and their total, paise (GET /dashboard-trends). */
export async function awaitingReleaseTotals(db: Database): Promise<{ count: number; paise: number }> {
  const [row] = await db
    .select({ n: count(), paise: sql<string>`coalesce(sum(${payments.total_amount}), 0)::text` })
    .from(payments)
    .innerJoin(orders, eq(orders.order_id, payments.order_id))
    .where(releasableNow);
  return { count: Number(row.n), paise: Number(row.paise) };
}

export function paymentsRouter(db: Database) {
  const router = apiRouter();

  router.openapi(listRoute, async (c) => {
    const query = c.req.valid("query");
    const conditions: SQL[] = [];
    if (query.status) conditions.push(eq(payments.payment_status, query.status));
    if (query.start_date) conditions.push(gte(payments.payment_date, istMidnight(query.start_date)));
    if (query.end_date) conditions.push(lt(payments.payment_date, istDayEnd(query.end_date)));
    if (query.provider) conditions.push(providerCondition(query.provider));
    if (query.releasable === "yes") conditions.push(releasableNow);
    // release_state: the payment's latest payout is in this state
    if (query.release_state) {
      const state = RELEASE_STATE_OF_FILTER[query.release_state];
      // the payouts in that state (payouts_state_idx) that no later payout of their payment replaced
      conditions.push(
        inArray(
          payments.payment_id,
          sql`(SELECT lp.payment_id FROM ${payouts} lp WHERE lp.state = ${state}
               AND NOT EXISTS (SELECT 1 FROM ${payouts} np WHERE np.payment_id = lp.payment_id AND np.payout_id > lp.payout_id))`,
        ),
      );
    }
    // user_id: the payments of this customer's orders (a user's page's "See all")
    if (query.user_id) conditions.push(eq(orders.user_id, query.user_id));
    // short_id: the payments of the order with exactly this short id (the invoice page's lookup)
    const shortId = query.short_id;
    if (shortId) conditions.push(eq(orders.short_id, shortId));
    const where = conditions.length ? and(...conditions) : undefined;
    const needsOrder = Boolean(query.provider) || Boolean(shortId) || query.releasable === "yes" || Boolean(query.user_id);
    const base = needsOrder
      ? db.select({ id: payments.payment_id }).from(payments).innerJoin(orders, eq(orders.order_id, payments.order_id))
      : db.select({ id: payments.payment_id }).from(payments);
    const counted = needsOrder
      ? db.select({ total: count() }).from(payments).innerJoin(orders, eq(orders.order_id, payments.order_id))
      : db.select({ total: count() }).from(payments);
    const [ids, [{ total }]] = await Promise.all([
      base
        .where(where)
        .orderBy(...listOrder(query))
        .limit(query.page_size)
        .offset((query.page - 1) * query.page_size),
      counted.where(where),
    ]);
    const position = new Map(ids.map((r, i) => [r.id, i]));
    const rows = ids.length ? ((await paymentsJoined(db).where(inArray(payments.payment_id, [...position.keys()]))) as PaymentJoin[]) : [];
    rows.sort((a, b) => position.get(a.p.payment_id)! - position.get(b.p.payment_id)!);
    return c.json(
      { data: await paymentRecords(db, rows), total_results: Number(total), current_page: query.page, page_size: query.page_size },
      200,
    );
  });

  // One payment by id (our path: the release dialog opened from a URL whose payment is not on the page).
  router.openapi(paymentRoute, async (c) => {
    const { payment_id } = c.req.valid("param");
    return c.json({ data: await paymentById(db, payment_id) }, 200);
  });

  // The release: the payout rule (releaseRefusal), once; every refusal is a 409 with its reason.
  // At or above the threshold it is a request (202) a second admin approves (release.ts).
  router.openapi(releaseRoute, async (c) => {
    const actor = await requireActor(c, db);
    const { payment_id } = c.req.valid("param");
    const outcome = await releaseOrRequest(db, actor, payment_id);
    const data = await paymentById(db, payment_id);
    if (outcome === "requested") return c.json({ message: PAYOUT_MESSAGES.requested, data }, 202);
    return c.json({ message: PAYMENT_MESSAGES.released, data }, 200);
  });

  router.openapi(approveRequestRoute, async (c) => {
    const actor = await requireActor(c, db);
    const { payout_id } = c.req.valid("param");
    const { payment_id } = await decideRequest(db, actor, payout_id, { approve: true });
    return c.json({ message: PAYOUT_MESSAGES.approved, data: await paymentById(db, payment_id) }, 200);
  });

  router.openapi(rejectRequestRoute, async (c) => {
    const actor = await requireActor(c, db);
    const { payout_id } = c.req.valid("param");
    const { reason } = c.req.valid("json");
    const { payment_id } = await decideRequest(db, actor, payout_id, { approve: false, reason });
    return c.json({ message: PAYOUT_MESSAGES.rejected, data: await paymentById(db, payment_id) }, 200);
  });

  return router;
}
