/** payout-ledger: the handler of the call payout-ledger.routes.ts defines. */
import { and, asc, count, desc, eq, gte, lt, ne, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { LEDGER_MESSAGES, type PayoutLedgerPage, type PayoutLedgerQuery } from "~contract/payout-ledger";
import { paiseToInr } from "~shared/money";
import type { Database } from "../../db/client";
import { adminUsers, orders, payments, payouts, serviceProviders, users } from "../../db/schema";
import { notFound } from "../../lib/http";
import { apiRouter } from "../../lib/openapi";
import { istDayEnd, istMidnight } from "../../lib/providers";
import { ledgerRoute } from "./payout-ledger.routes";

const requester = alias(adminUsers, "ledger_requester");
const approver = alias(adminUsers, "ledger_approver");

/**
 * The provider's releases with the running total of what they were paid, over ALL their releases
 * in release order (release_date, payment_id): the window runs before the date filter, so a
 * filtered page shows the true cumulative figure. orders_provider_idx finds the provider's orders,
 * payments_order_idx their payments (a provider's releases, not the whole table).
 */
function releasedOf(db: Database, providerId: number) {
  return db.$with("released").as(
    db
      .select({
        payment_id: payments.payment_id,
        order_id: payments.order_id,
        short_id: orders.short_id,
        release_date: payments.release_date,
        total_amount: payments.total_amount,
        platform_commission: payments.platform_commission,
        gst: payments.gst,
        paid_to_provider: payments.paid_to_provider,
        running_total:
          sql<string>`(sum(${payments.paid_to_provider}) over (order by ${payments.release_date}, ${payments.payment_id}))::text`.as(
            "running_total",
          ),
        all_time: sql<string>`(sum(${payments.paid_to_provider}) over ())::text`.as("all_time"),
      })
      .from(payments)
      .innerJoin(orders, eq(orders.order_id, payments.order_id))
      .where(and(eq(orders.service_provider_id, providerId), eq(payments.payment_status, "WITHDRAWN"))),
  );
}

/** The provider's id and username; 404 when there is no such provider. */
async function providerOf(db: Database, providerId: number) {
  const [found] = await db
    .select({ serviceProvider_id: serviceProviders.serviceProvider_id, username: users.username })
    .from(serviceProviders)
    .innerJoin(users, eq(users.id, serviceProviders.user_id))
    .where(eq(serviceProviders.serviceProvider_id, providerId));
  if (!found) throw notFound(LEDGER_MESSAGES.providerNotFound);
  return found;
}

const sumText = (column: SQL) => sql<string>`coalesce(sum(${column}), 0)::text`;

/** The range's totals and what the provider was paid in all, read apart (a page past the last row carries none). */
async function totalsOf(db: Database, released: ReturnType<typeof releasedOf>, where: SQL | undefined) {
  const [[range], [all]] = await Promise.all([
    db
      .with(released)
      .select({
        count: count(),
        total_amount: sumText(sql`${released.total_amount}`),
        platform_commission: sumText(sql`${released.platform_commission}`),
        gst: sumText(sql`${released.gst}`),
        paid_to_provider: sumText(sql`${released.paid_to_provider}`),
      })
      .from(released)
      .where(where),
    db
      .with(released)
      .select({ paid: sumText(sql`${released.paid_to_provider}`) })
      .from(released),
  ]);
  return { range, allTime: all.paid };
}

/**
 * The provider's ledger: one page, the filtered range's totals and what they were paid in all, in
 * one query (the totals as windows over the filtered rows, computed before the page is cut; the
 * payouts and admins joined to the page's rows only). A page with no rows reads the totals apart.
 */
export async function payoutLedger(db: Database, query: PayoutLedgerQuery): Promise<PayoutLedgerPage> {
  const provider = await providerOf(db, query.provider);
  const released = releasedOf(db, query.provider);
  const range: SQL[] = [];
  if (query.start_date) range.push(gte(released.release_date, istMidnight(query.start_date)));
  if (query.end_date) range.push(lt(released.release_date, istDayEnd(query.end_date)));
  const where = range.length ? and(...range) : undefined;
  const dir = query.sortOrder === "asc" ? asc : desc;
  const windowSum = (column: SQL) => sql<string>`(sum(${column}) over ())::text`;

  const page = db
    .select({
      payment_id: released.payment_id,
      order_id: released.order_id,
      short_id: released.short_id,
      release_date: released.release_date,
      total_amount: released.total_amount,
      platform_commission: released.platform_commission,
      gst: released.gst,
      paid_to_provider: released.paid_to_provider,
      running_total: released.running_total,
      all_time: released.all_time,
      n: sql<number>`(count(*) over ())::int`.as("n"),
      sum_total_amount: windowSum(sql`${released.total_amount}`).as("sum_total_amount"),
      sum_platform_commission: windowSum(sql`${released.platform_commission}`).as("sum_platform_commission"),
      sum_gst: windowSum(sql`${released.gst}`).as("sum_gst"),
      sum_paid: windowSum(sql`${released.paid_to_provider}`).as("sum_paid"),
    })
    .from(released)
    .where(where)
    .orderBy(dir(released.release_date), dir(released.payment_id))
    .limit(query.page_size)
    .offset((query.page - 1) * query.page_size)
    .as("ledger_page");

  const rows = await db
    .with(released)
    .select({
      r: {
        payment_id: page.payment_id,
        order_id: page.order_id,
        short_id: page.short_id,
        release_date: page.release_date,
        total_amount: page.total_amount,
        platform_commission: page.platform_commission,
        gst: page.gst,
        paid_to_provider: page.paid_to_provider,
        running_total: page.running_total,
      },
      all_time: page.all_time,
      n: page.n,
      sums: {
        total_amount: page.sum_total_amount,
        platform_commission: page.sum_platform_commission,
        gst: page.sum_gst,
        paid_to_provider: page.sum_paid,
      },
      payout_id: payouts.payout_id,
      payout_state: payouts.state,
      requested_by: requester.adminUsername,
      approved_by: approver.adminUsername,
    })
    .from(page)
    // one live payout per payment (payouts_payment_live_idx): a rejected request is never the release
    .leftJoin(payouts, and(eq(payouts.payment_id, page.payment_id), ne(payouts.state, "Rejected")))
    .leftJoin(requester, eq(requester.adminUserId, payouts.requested_by))
    .leftJoin(approver, eq(approver.adminUserId, payouts.decided_by))
    .orderBy(dir(page.release_date), dir(page.payment_id));

  const first = rows[0];
  const { range: totals, allTime } = first
    ? { range: { count: Number(first.n), ...first.sums }, allTime: first.all_time }
    : await totalsOf(db, released, where);

  return {
    provider,
    data: rows.map(({ r, payout_id, payout_state, requested_by, approved_by }) => ({
      payment_id: r.payment_id,
      order_id: r.order_id,
      short_id: r.short_id,
      release_date: r.release_date ? new Date(r.release_date).toISOString() : null,
      total_amount: paiseToInr(r.total_amount),
      platform_commission: paiseToInr(r.platform_commission),
      gst: paiseToInr(r.gst),
      paid_to_provider: paiseToInr(r.paid_to_provider),
      running_total: paiseToInr(r.running_total),
      payout_id: payout_id ?? null,
      payout_state: payout_state ?? null,
      requested_by: payout_id === null ? null : (requested_by ?? null),
      // the approver of a release (Approved and after); below the threshold the releasing admin
      approved_by: payout_id === null ? null : (approved_by ?? null),
    })),
    totals: {
      count: Number(totals.count),
      total_amount: paiseToInr(totals.total_amount),
      platform_commission: paiseToInr(totals.platform_commission),
      gst: paiseToInr(totals.gst),
      paid_to_provider: paiseToInr(totals.paid_to_provider),
    },
    all_time_paid: paiseToInr(allTime),
    total_results: Number(totals.count),
    current_page: query.page,
    page_size: query.page_size,
  };
}

export function payoutLedgerRouter(db: Database) {
  const router = apiRouter();
  router.openapi(ledgerRoute, async (c) => c.json(await payoutLedger(db, c.req.valid("query")), 200));
  return router;
}
