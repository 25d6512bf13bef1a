/** order-payment-status: the handlers of the calls order-payment-status.routes.ts defines. */
import type { TypedResponse } from "hono";
import { and, count, desc, eq, gte, inArray, lt, sql, type SQL } from "drizzle-orm";
import { OrderPaymentStatusQuery, OrderPaymentStatusRow } from "~contract/order-payment-status";
import type { Database } from "../../db/client";
import { orders, payments, serviceProviders, users } from "../../db/schema";
import { paiseToInr } from "~shared/money";
import { apiRouter } from "../../lib/openapi";
import { istDayEnd, istMidnight } from "../../lib/providers";
import { providerUsers } from "../orders";
import { party, type PartyCols } from "../payments";
import { reportRoute } from "./order-payment-status.routes";

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** The report answers at most this many rows (the total is given beside them). */
export const ORDER_PAYMENT_STATUS_MAX_ROWS = 10_000;

/** The default batch: on PGlite a batch's query holds the API's one thread, so other admins' calls wait for at most one small batch. */
const ORDER_PAYMENT_STATUS_DEFAULT_BATCH = 1_000;

/** While other calls are answered, the next batch waits this long at a time, at most MAX_WAITS times in a row. */
const WAIT_MS = 5;

const MAX_WAITS = 40;

/** The streamed form's first batch is at most this, so the first rows leave sooner (100: at a million orders the 500-row first batch took 60–80 ms of SQL, issue 31 §6). */
const ORDER_PAYMENT_STATUS_FIRST_BATCH = 100;

/** The report's filter on orders. */
function orderPaymentStatusWhere(query: OrderPaymentStatusQuery): SQL | undefined {
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
  const person = (u: PartyCols) => ({
    name: `${u.firstName} ${u.lastName}`.trim(),
    email: u.email,
    phone: u.phone,
    username: u.username,
    id: u.id,
  });
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

/** The report's Person ({ name, email, phone, username, id }) of users row `u`, as JSON. */
const personJson = (u: string) =>
  sql.raw(
    `(SELECT row_to_json(x) FROM (SELECT btrim(${u}."firstName" || ' ' || ${u}."lastName") AS name, ${u}.email, ${u}.phone, ${u}.username, ${u}.id) x)`,
  );

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
  const keyset = after
    ? sql`(${orders.created_at}, ${orders.order_id}) < (${after.created_at}::timestamptz, ${after.order_id}::int)`
    : undefined;
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

export function orderPaymentStatusRouter(db: Database, othersInFlight: () => number = () => 0) {
  const router = apiRouter();

  router.openapi(reportRoute, async (c) => {
    const { format, batch_size, ...query } = c.req.valid("query");
    const where = orderPaymentStatusWhere(query);
    if (format === "ndjson") {
      const batchSize = batch_size ?? ORDER_PAYMENT_STATUS_DEFAULT_BATCH;
      // Keyset pagination on (created_at, order_id), newest first, one SQL query per batch that
      // answers the batch's NDJSON text. The next batch is queried while this one is sent (one
      // batch ahead, no more: memory stays flat), and only as the reader takes them (backpressure).
      // No row cap. The first batch is small so that the first rows leave at once.
      let after: { created_at: string; order_id: number } | null = null;
      let size = Math.min(batchSize, ORDER_PAYMENT_STATUS_FIRST_BATCH);
      let done = false;
      let ahead: Promise<{ text: string; rows: number; limit: number }> | null = null;
      let waited = 0;
      const readAhead = () => {
        if (ahead || done) return;
        // other calls first: the query would hold this thread (PGlite) until it is done
        if (othersInFlight() > 0 && waited++ < MAX_WAITS) return void setTimeout(readAhead, WAIT_MS);
        waited = 0;
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
            while (!ahead && !done) await new Promise((resolve) => setTimeout(resolve, WAIT_MS));
            if (!ahead) return controller.close();
            const batch = await ahead;
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
