/**
 * Payments (spec 2 §2 Payments list, Invoices; §7): the list with working filters, the release
 * (PUT /payments/{payment_id} → WITHDRAWN), and the order-payment-status report.
 */
import type { TypedResponse } from "hono";
import { and, count, desc, eq, gte, inArray, lt, sql, type SQL } from "drizzle-orm";
import {
  GST_RATE_PERCENT,
  OrderPaymentStatusQuery,
  PAYMENT_MESSAGES,
  PAID_STATUSES,
  PAYMENT_STATUS_LABELS,
  PaymentListQuery,
  ReleasePaymentBody,
  releaseRefusal,
  OrderPaymentStatusRow,
  PaymentRecord,
  type OrderPaymentStatusQuery as OrderPaymentStatusFilter,
} from "../../../app/models/payments";
import { endOnOrAfterStart } from "../../../app/models/list-query-schema";
import type { Database } from "../db/client";
import { orders, payments, serviceProviders, users, type OrderRow, type PaymentRow } from "../db/schema";
import { recordAudit, requireActor, type Tx } from "../lib/audit";
import { HttpError, notFound } from "../lib/http";
import {
  ActingAdmin,
  apiRouter,
  body,
  chosenByUs,
  common,
  createRoute,
  data,
  error,
  idParam,
  json,
  message,
  mutating,
  paged,
  z,
} from "../lib/openapi";
import { paiseTextToInr, paiseToInr, providerInvoiceSplit } from "../lib/money";
import { containsPattern, istDayEnd, istMidnight } from "../lib/providers";
import { orderStatusLabel } from "../../../app/models/order-labels";
import { MONEY, providerUsers } from "./orders";

const iso = (d: Date | null) => (d ? d.toISOString() : null);
/** The report answers at most this many rows (the total is given beside them). */
export const ORDER_PAYMENT_STATUS_MAX_ROWS = 10_000;
/** Rows per SQL query of the streamed form (?format=ndjson), which has no cap; ?batch_size= may lower it. */
export const ORDER_PAYMENT_STATUS_BATCH = 5_000;
/** The streamed form's first batch is at most this, so the first rows leave sooner. */
const ORDER_PAYMENT_STATUS_FIRST_BATCH = 500;

type PartyCols = { username: string; email: string; firstName: string; lastName: string; phone: string };
type Attempts = { attempt: number; attempts: number; otherReleased: boolean };
type PaymentJoin = { p: PaymentRow; o: OrderRow; user: PartyCols; providerUser: PartyCols; attempts: Attempts };

const party = <U extends typeof users | typeof providerUsers>(u: U) => ({ username: u.username, email: u.email, firstName: u.firstName, lastName: u.lastName, phone: u.phone });

/** Another attempt of the same order was released (the order's money was already paid out). */
const otherAttemptReleased = sql<boolean>`EXISTS (SELECT 1 FROM ${payments} op WHERE op.order_id = ${payments.order_id}
  AND op.payment_id <> ${payments.payment_id} AND op.payment_status = 'WITHDRAWN')`;

/** The payout rule of releaseRefusal in SQL: the payments Release can succeed for now. */
const releasableNow = sql`(${payments.payment_status} = 'PAYMENT_SUCCESS' AND ${orders.status} = 'Completed' AND NOT ${otherAttemptReleased})`;

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

export function paymentRecord({ p, o, user, providerUser, attempts }: PaymentJoin): PaymentRecord {
  // the invoice is recomputed from the amount and the fee in force when paid (same rule as the stored split)
  const split = providerInvoiceSplit(p.total_amount, p.service_fee_percent);
  const refusal = refusalOf(p, o, Boolean(attempts.otherReleased));
  return {
    payment_id: p.payment_id,
    order_id: o.order_id,
    short_id: o.short_id,
    created_at: p.created_at.toISOString(),
    payment_date: p.payment_date.toISOString(),
    release_date: iso(p.release_date),
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
  };
}

function refusalOf(p: PaymentRow, o: OrderRow, otherReleased: boolean): string | null {
  return releaseRefusal(
    { status: p.payment_status, statusLabel: PAYMENT_STATUS_LABELS[p.payment_status] },
    { shortId: o.short_id, status: o.status, statusLabel: orderStatusLabel(o.status) },
    otherReleased,
  );
}

async function paymentById(db: Database | Tx, id: number): Promise<PaymentRecord> {
  const [row] = (await paymentsJoined(db).where(eq(payments.payment_id, id))) as PaymentJoin[];
  if (!row) throw notFound(PAYMENT_MESSAGES.notFound);
  return paymentRecord(row);
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

/** The report's filter on orders. */
function orderPaymentStatusWhere(query: OrderPaymentStatusFilter): SQL | undefined {
  // the latest payment attempt's status, per order (payments_order_idx: one index probe per order)
  const latestStatus = sql`(SELECT lp.payment_status FROM ${payments} lp WHERE lp.order_id = ${orders.order_id} ORDER BY lp.payment_id DESC LIMIT 1)`;
  const conditions: SQL[] = [];
  if (query.start_date) conditions.push(gte(orders.created_at, istMidnight(query.start_date)));
  if (query.end_date) conditions.push(lt(orders.created_at, istDayEnd(query.end_date)));
  if (query.order_status) conditions.push(eq(orders.status, query.order_status));
  if (query.payment_status) conditions.push(sql`${latestStatus} = ${query.payment_status}`);
  return conditions.length ? and(...conditions) : undefined;
}

/**
 * The JSON form's rows: up to `limit`, newest first (created_at, order_id descending), mapped
 * here in JavaScript (the streamed form's SQL-built lines are tested against these).
 */
async function orderPaymentStatusRows(db: Database, where: SQL | undefined, limit: number): Promise<OrderPaymentStatusRow[]> {
  const found = await db
    .select({ o: orders, user: party(users), providerUser: party(providerUsers) })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.user_id))
    .innerJoin(serviceProviders, eq(serviceProviders.serviceProvider_id, orders.service_provider_id))
    .innerJoin(providerUsers, eq(providerUsers.id, serviceProviders.user_id))
    .where(where)
    .orderBy(desc(orders.created_at), desc(orders.order_id))
    .limit(limit);
  const latestPayments = found.length
    ? await db
        .selectDistinctOn([payments.order_id])
        .from(payments)
        .where(inArray(payments.order_id, sql`(SELECT unnest(${`{${found.map((r) => r.o.order_id).join(",")}}`}::int[]))`))
        .orderBy(payments.order_id, desc(payments.payment_id))
    : [];
  const paymentOf = new Map(latestPayments.map((p) => [p.order_id, p]));
  const person = (u: PartyCols) => ({ name: `${u.firstName} ${u.lastName}`.trim(), email: u.email, phone: u.phone, username: u.username });
  return found.map(({ o, user, providerUser }) => {
    const p = paymentOf.get(o.order_id) ?? null;
    const state = (p?.phonepe_response as { data?: { state?: unknown } } | null | undefined)?.data?.state;
    return {
      order_id: o.order_id,
      short_id: o.short_id,
      pay_date: p ? new Date(p.payment_date).toISOString() : null,
      final_pay_status: p?.payment_status ?? null,
      company_invoice_number: p?.company_invoice_number ?? null,
      order_payment_status: typeof state === "string" ? state : (p?.payment_status ?? null),
      createdDate: o.created_at.toISOString(),
      completedDate: iso(o.completedAt),
      client_user: person(user),
      offerings: o.booked_service.offerings,
      charges: paiseToInr(o.charges),
      provider_gst: p?.gst_no ?? null,
      provider: person(providerUser),
      status: o.status,
      paid_to_client: paiseToInr(p?.paid_to_client ?? 0),
      paid_to_provider: paiseToInr(p?.paid_to_provider ?? 0),
      platform_commission: paiseToInr(p?.platform_commission ?? 0),
      gst: paiseToInr(p?.gst ?? 0),
      sp_invoice_to_user_number: p?.sp_invoice_to_user_number ?? null,
    };
  });
}

/** A timestamptz as JavaScript's toISOString() gives it ("2026-01-10T04:21:30.827Z"); NULL stays NULL. */
const isoText = (column: SQL) => sql`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
/** Paise as paiseToInr gives them ("1499.50", "-0.05"). */
const inrText = (paise: SQL) => sql`round(${paise}::numeric / 100, 2)::text`;
/** The report's Person ({ name, email, phone, username }) of users row `u`, as JSON. */
const personJson = (u: string) =>
  sql.raw(`(SELECT row_to_json(x) FROM (SELECT btrim(${u}."firstName" || ' ' || ${u}."lastName") AS name, ${u}.email, ${u}.phone, ${u}.username) x)`);

/**
 * One batch of the streamed report as NDJSON text, built by the database: up to `limit` rows
 * after the keyset cursor, newest first, each line the JSON of an OrderPaymentStatusRow (the same
 * values, keys and order as orderPaymentStatusRows gives; the API tests compare the two forms).
 * One text value per batch: no per-row objects, parsing or JSON.stringify in the API (on PGlite
 * the per-field cost of the result is most of a batch's time).
 */
async function orderPaymentStatusNdjson(
  db: Database,
  where: SQL | undefined,
  limit: number,
  after: { created_at: string; order_id: number } | null,
): Promise<{ text: string; rows: number }> {
  const keyset = after ? sql`(${orders.created_at}, ${orders.order_id}) < (${after.created_at}::timestamptz, ${after.order_id}::int)` : undefined;
  const filter = keyset ? (where ? and(where, keyset) : keyset) : where;
  const line = sql`row_to_json((SELECT r FROM (SELECT
      ${orders.order_id} AS order_id, ${orders.short_id} AS short_id, ${isoText(sql`p.payment_date`)} AS pay_date,
      p.payment_status AS final_pay_status, p.company_invoice_number,
      CASE WHEN jsonb_typeof(p.phonepe_response->'data'->'state') = 'string' THEN p.phonepe_response->'data'->>'state' ELSE p.payment_status END AS order_payment_status,
      ${isoText(sql`${orders.created_at}`)} AS "createdDate", ${isoText(sql`${orders.completedAt}`)} AS "completedDate",
      ${personJson("u")} AS client_user, ${orders.booked_service}->'offerings' AS offerings, ${inrText(sql`${orders.charges}`)} AS charges,
      p.gst_no AS provider_gst, ${personJson("pu")} AS provider, ${orders.status} AS status,
      ${inrText(sql`coalesce(p.paid_to_client, 0)`)} AS paid_to_client, ${inrText(sql`coalesce(p.paid_to_provider, 0)`)} AS paid_to_provider,
      ${inrText(sql`coalesce(p.platform_commission, 0)`)} AS platform_commission, ${inrText(sql`coalesce(p.gst, 0)`)} AS gst,
      p.sp_invoice_to_user_number) r))::text`;
  const result = await db.execute(sql`
    SELECT string_agg(b.line, E'\n' ORDER BY b.created_at DESC, b.order_id DESC) AS body, count(*)::int AS n
    FROM (
      SELECT ${orders.created_at} AS created_at, ${orders.order_id} AS order_id, ${line} AS line
      FROM ${orders}
      JOIN ${users} u ON u.id = ${orders.user_id}
      JOIN ${serviceProviders} sp ON sp."serviceProvider_id" = ${orders.service_provider_id}
      JOIN ${users} pu ON pu.id = sp.user_id
      -- the latest payment attempt (payments_order_idx, one probe per order)
      LEFT JOIN LATERAL (
        SELECT lp.payment_date, lp.payment_status, lp.company_invoice_number, lp.phonepe_response, lp.gst_no, lp.paid_to_client,
               lp.paid_to_provider, lp.platform_commission, lp.gst, lp.sp_invoice_to_user_number
        FROM ${payments} lp WHERE lp.order_id = ${orders.order_id} ORDER BY lp.payment_id DESC LIMIT 1
      ) p ON true
      ${filter ? sql`WHERE ${filter}` : sql``}
      ORDER BY ${orders.created_at} DESC, ${orders.order_id} DESC
      LIMIT ${limit}
    ) b`);
  // both drivers answer { rows } (PGlite's Results, pg's QueryResult)
  const [row] = (result as unknown as { rows: { body: string | null; n: number }[] }).rows;
  return { text: row?.body ?? "", rows: Number(row?.n ?? 0) };
}

/** Dashboard figures for money and orders (added to GET /dashboard-stats). */
export async function orderDashboardStats(db: Database, now = new Date()) {
  const istNow = new Date(now.getTime() + 5.5 * 3600_000).toISOString();
  const today = istMidnight(istNow.slice(0, 10));
  const monthStart = istMidnight(`${istNow.slice(0, 7)}-01`);
  const [year, month] = [Number(istNow.slice(0, 4)), Number(istNow.slice(5, 7))];
  const nextMonth = istMidnight(month === 12 ? `${year + 1}-01-01` : `${year}-${String(month + 1).padStart(2, "0")}-01`);
  const [[bookings], [awaiting], [revenue]] = await Promise.all([
    db.select({ n: count() }).from(orders).where(and(gte(orders.created_at, today), lt(orders.created_at, istDayEnd(istNow.slice(0, 10))))),
    db.select({ n: count() }).from(payments).innerJoin(orders, eq(orders.order_id, payments.order_id)).where(releasableNow),
    db
      .select({ paise: sql<string>`coalesce(sum(${payments.total_amount}), 0)::text` })
      .from(payments)
      .where(and(inArray(payments.payment_status, ["PAYMENT_SUCCESS", "WITHDRAWN"]), gte(payments.payment_date, monthStart), lt(payments.payment_date, nextMonth))),
  ]);
  return {
    bookingsToday: Number(bookings.n),
    paymentsAwaitingRelease: Number(awaiting.n),
    revenueThisMonth: paiseTextToInr(revenue.paise),
  };
}

const Payment = PaymentRecord.openapi("PaymentRecord");
const Row = OrderPaymentStatusRow.openapi("OrderPaymentStatusRow");
const unknownPayment = { 404: error("Unknown payment") };
const paymentId = { params: z.object({ payment_id: idParam("payment_id", "the payment's id") }) };

const listRoute = createRoute({
  method: "get",
  path: "/payments",
  summary: "One page of payments, newest payment_date first, with both invoice views",
  description: `Filters work (the old screen's panel was a placeholder): provider = a provider id or part of the provider's username; status; start_date/end_date on payment_date. ${MONEY} invoice.service_provider: service charge = service_fee_percent of the amount, GST = 18% of the service charge, payable = amount − service charge − GST (each rounded half-up to the paisa); invoice.user: the amount.`,
  request: {
    query: PaymentListQuery.extend({
      short_id: z
        .string()
        .regex(/^[A-Za-z0-9_-]{0,40}$/, "short_id is up to 40 letters, digits, - or _")
        .optional()
        .openapi({ description: "the payments of the order with exactly this short id (every attempt)" }),
    }).superRefine(endOnOrAfterStart),
  },
  responses: { 200: json(paged(data(z.array(Payment))), "The page"), 400: error("Bad query"), ...common },
});
const paymentRoute = createRoute({
  method: "get",
  path: "/payments/{payment_id}",
  summary: "One payment by id, with both invoice views (data)",
  ...chosenByUs(`Used by the payments list's release dialog when its payment is not on the page shown. ${MONEY}`),
  request: paymentId,
  responses: { 200: json(data(Payment), "The payment"), 400: error("Bad id"), ...unknownPayment, ...common },
});
const releaseRoute = createRoute({
  method: "put",
  path: "/payments/{payment_id}",
  summary: "Release a payment to the provider (payment_status → WITHDRAWN)",
  description:
    'The payout rule: only a PAYMENT_SUCCESS payment of a Completed order, and only if no other attempt of that order was released. Any other case answers 409 with the reason ("Payment already released", "Only a successful payment can be released (this one is Payment Failed)", "Order ORD000054 is Cancelled: only a completed order\'s payment can be released", "Another payment of order … was already released"); PaymentRecord.releasable and release_refusal say the same beforehand. Sets release_date and paid_to_provider = service_provider_amount (the provider invoice\'s payable: amount − service charge − GST); audited.',
  request: { ...paymentId, headers: ActingAdmin, body: body(ReleasePaymentBody.openapi("ReleasePaymentBody")) },
  responses: {
    200: json(message.extend({ data: Payment }), "Payment Status Updated Successfully"),
    ...mutating,
    ...unknownPayment,
    409: error("Refused by the payout rule, with the reason"),
    ...common,
  },
});
const batchSizeMessage = `batch_size is a whole number from 1 to ${ORDER_PAYMENT_STATUS_BATCH}`;
const reportRoute = createRoute({
  method: "get",
  path: "/order-payment-status/",
  summary: "The order payment status report: one row per order with its latest payment",
  description: `start_date/end_date filter the order's creation day (IST). final_pay_status WITHDRAWN is shown as Released. At most 10,000 rows (newest first); total_results and truncated sit beside data (format=ndjson streams every row). ${MONEY}`,
  request: {
    query: OrderPaymentStatusQuery.extend({
      format: z
        .enum(["json", "ndjson"], { errorMap: () => ({ message: "format is json or ndjson" }) })
        .default("json")
        .openapi({
          description:
            "json: one JSON body of at most 10,000 rows. ndjson: every matching row, streamed as application/x-ndjson (one OrderPaymentStatusRow per line, same order), read from the database in keyset-paginated batches (the database writes each batch's lines; the next batch is read while one is sent; the first batch is at most 500 rows); bad filters still answer 400 JSON before any row",
        }),
      batch_size: z
        .string()
        .regex(/^\d{1,4}$/, batchSizeMessage)
        .transform(Number)
        .refine((n) => n >= 1 && n <= ORDER_PAYMENT_STATUS_BATCH, batchSizeMessage)
        .optional()
        .openapi({ description: "ndjson only: rows per database batch (tests); default 5000" }),
    }).superRefine(endOnOrAfterStart),
  },
  responses: {
    200: {
      description:
        "format=json: the rows in data.data. format=ndjson: one row per line, all matching rows (no cap); a stream that ends early (connection dropped) is an error",
      content: {
        "application/json": { schema: z.object({ data: data(z.array(Row)), total_results: z.number().int(), truncated: z.boolean() }) },
        "application/x-ndjson": { schema: Row },
      },
    },
    400: error("Bad query"),
    ...common,
  },
});

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
    // short_id: the payments of the order with exactly this short id (the invoice page's lookup)
    const shortId = query.short_id;
    if (shortId) conditions.push(eq(orders.short_id, shortId));
    const where = conditions.length ? and(...conditions) : undefined;
    const needsOrder = Boolean(query.provider) || Boolean(shortId) || query.releasable === "yes";
    const base = needsOrder
      ? db.select({ id: payments.payment_id }).from(payments).innerJoin(orders, eq(orders.order_id, payments.order_id))
      : db.select({ id: payments.payment_id }).from(payments);
    const counted = needsOrder
      ? db.select({ total: count() }).from(payments).innerJoin(orders, eq(orders.order_id, payments.order_id))
      : db.select({ total: count() }).from(payments);
    const [ids, [{ total }]] = await Promise.all([
      base
        .where(where)
        .orderBy(desc(payments.payment_date), desc(payments.payment_id))
        .limit(query.page_size)
        .offset((query.page - 1) * query.page_size),
      counted.where(where),
    ]);
    const position = new Map(ids.map((r, i) => [r.id, i]));
    const rows = ids.length ? ((await paymentsJoined(db).where(inArray(payments.payment_id, [...position.keys()]))) as PaymentJoin[]) : [];
    rows.sort((a, b) => position.get(a.p.payment_id)! - position.get(b.p.payment_id)!);
    return c.json({ data: rows.map(paymentRecord), total_results: Number(total), current_page: query.page, page_size: query.page_size }, 200);
  });

  // One payment by id (our path: the release dialog opened from a URL whose payment is not on the page).
  router.openapi(paymentRoute, async (c) => {
    const { payment_id } = c.req.valid("param");
    return c.json({ data: await paymentById(db, payment_id) }, 200);
  });

  // The release: the payout rule (releaseRefusal), once; every refusal is a 409 with its reason.
  router.openapi(releaseRoute, async (c) => {
    const actor = await requireActor(c, db);
    const { payment_id } = c.req.valid("param");
    await db.transaction(async (tx) => {
      const [found] = await tx.select({ order_id: payments.order_id }).from(payments).where(eq(payments.payment_id, payment_id));
      if (!found) throw notFound(PAYMENT_MESSAGES.notFound);
      // the order first, then its payments: two releases of one order's attempts queue here
      const [order] = await tx.select().from(orders).where(eq(orders.order_id, found.order_id)).for("update");
      const attempts = await tx.select().from(payments).where(eq(payments.order_id, found.order_id)).for("update");
      const current = attempts.find((p) => p.payment_id === payment_id);
      if (!order || !current) throw notFound(PAYMENT_MESSAGES.notFound);
      const refusal = refusalOf(current, order, attempts.some((p) => p.payment_id !== payment_id && p.payment_status === "WITHDRAWN"));
      if (refusal) throw new HttpError(409, { message: refusal });
      const now = new Date(Math.max(Date.now(), current.updated_at.getTime() + 1));
      await tx
        .update(payments)
        .set({ payment_status: "WITHDRAWN", release_date: now, paid_to_provider: current.service_provider_amount, updated_at: now })
        .where(eq(payments.payment_id, payment_id));
      await recordAudit(tx, actor, {
        action: "update",
        entity: "payment",
        entityId: payment_id,
        before: { payment_status: current.payment_status, release_date: null, paid_to_provider: paiseToInr(current.paid_to_provider) },
        after: { payment_status: "WITHDRAWN", release_date: now.toISOString(), paid_to_provider: paiseToInr(current.service_provider_amount) },
      });
    });
    return c.json({ message: PAYMENT_MESSAGES.released, data: await paymentById(db, payment_id) }, 200);
  });

  router.openapi(reportRoute, async (c) => {
    const { format, batch_size, ...query } = c.req.valid("query");
    const where = orderPaymentStatusWhere(query);
    if (format === "ndjson") {
      const batchSize = batch_size ?? ORDER_PAYMENT_STATUS_BATCH;
      // Keyset pagination on (created_at, order_id), newest first, one SQL query per batch that
      // answers the batch's NDJSON text. The next batch is queried while this one is sent (one
      // batch ahead, no more: memory stays flat), and only as the reader takes them (backpressure).
      // No row cap. The first batch is small so that the first rows leave at once.
      let after: { created_at: string; order_id: number } | null = null;
      let size = Math.min(batchSize, ORDER_PAYMENT_STATUS_FIRST_BATCH);
      let done = false;
      let ahead: Promise<{ text: string; rows: number; limit: number }> | null = null;
      const readAhead = () => {
        if (ahead || done) return;
        const limit = size;
        size = batchSize;
        ahead = orderPaymentStatusNdjson(db, where, limit, after).then((batch) => ({ ...batch, limit }));
        // a failure is thrown by the pull that awaits it; until then it is not "unhandled"
        ahead.catch(() => undefined);
      };
      const encoder = new TextEncoder();
      const body = new ReadableStream<Uint8Array>(
        {
          async pull(controller) {
            if (done) return controller.close();
            readAhead();
            const batch = await ahead!;
            ahead = null;
            if (batch.rows < batch.limit) done = true;
            if (batch.rows === 0) return controller.close();
            // the cursor: the batch's last row (the oldest), read back from its line
            const last = JSON.parse(batch.text.slice(batch.text.lastIndexOf("\n") + 1)) as { createdDate: string; order_id: number };
            after = { created_at: last.createdDate, order_id: last.order_id };
            controller.enqueue(encoder.encode(batch.text + "\n"));
            // the next query once this batch is on its way: PGlite runs a query on this thread,
            // and started at once it would hold the batch back from the socket until it is done
            setImmediate(readAhead);
          },
          cancel() {
            // the reader is gone: a batch read ahead just finishes unread
            done = true;
          },
        },
        { highWaterMark: 0 },
      );
      const stream = c.body(body, 200, { "Content-Type": "application/x-ndjson; charset=utf-8", "Cache-Control": "no-store" });
      // @hono/zod-openapi types only JSON and text/plain answers; this one is the route's documented x-ndjson
      return stream as unknown as Response & TypedResponse<never, 200, "json">;
    }
    const [data, [{ total }]] = await Promise.all([
      orderPaymentStatusRows(db, where, ORDER_PAYMENT_STATUS_MAX_ROWS),
      db.select({ total: count() }).from(orders).where(where),
    ]);
    return c.json({ data: { data }, total_results: Number(total), truncated: Number(total) > data.length }, 200);
  });

  return router;
}
