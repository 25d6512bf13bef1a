/** dashboard: the handlers of the calls dashboard.routes.ts defines. */
import { and, count, eq, gte, inArray, isNotNull, isNull, lt, sql, type AnyColumn, type SQL } from "drizzle-orm";
import { DASHBOARD_SECTION_KEYS, DashboardFigures, type DashboardTrends, type DashboardTrendSection } from "~contract/dashboard";
import { ALL_STEPS_DONE, JOURNEY_STEPS } from "~contract/booking-journeys";
import { ORDER_STATUSES } from "~contract/order-values";
import { OUTBOX_CHANNELS } from "~contract/outbox-labels";
import { ADMIN_ZONE } from "~shared/time-zone";
import type { Database } from "../../db/client";
import { adminUsers, bookingJourneys, categories, faqs, orders, outbox, payments, serviceProviders, users } from "../../db/schema";
import { apiRouter } from "../../lib/openapi";
import { istDayEnd, istMidnight } from "../../lib/providers";
import { countByStep } from "../booking-journeys";
import { awaitingReleaseTotals, orderDashboardStats } from "../payments";
import { statsRoute, trendsRoute } from "./dashboard.routes";

const DAY_MS = 86_400_000;
const dayOf = (time: number) => new Date(time).toISOString().slice(0, 10);
const timeOf = (day: string) => Date.parse(`${day}T00:00:00Z`);

/** Every day of the range, "YYYY-MM-DD". */
function daysOf(range: { from: string; to: string }): string[] {
  const days: string[] = [];
  for (let t = timeOf(range.from); t <= timeOf(range.to); t += DAY_MS) days.push(dayOf(t));
  return days;
}

/** The range's weeks (Monday first, as date_trunc('week') in SQL), each cut to the range. */
function weeksOf(range: { from: string; to: string }): { week: string; from: string; to: string }[] {
  const start = timeOf(range.from);
  const end = timeOf(range.to);
  const weeks = [];
  for (let monday = start - ((new Date(start).getUTCDay() + 6) % 7) * DAY_MS; monday <= end; monday += 7 * DAY_MS) {
    weeks.push({ week: dayOf(monday), from: dayOf(Math.max(monday, start)), to: dayOf(Math.min(monday + 6 * DAY_MS, end)) });
  }
  return weeks;
}

/** The IST calendar day of a timestamp column, and its week's Monday, as "YYYY-MM-DD" (grouped in SQL). */
const istDay = (column: AnyColumn) => sql<string>`to_char((${column} AT TIME ZONE ${sql.raw(`'${ADMIN_ZONE}'`)})::date, 'YYYY-MM-DD')`;
const istWeek = (column: AnyColumn) =>
  sql<string>`to_char(date_trunc('week', ${column} AT TIME ZONE ${sql.raw(`'${ADMIN_ZONE}'`)})::date, 'YYYY-MM-DD')`;
/** The timestamps of the range's days: an index range on the column, never a function of it. */
const within = (column: AnyColumn, range: { from: string; to: string }) =>
  and(gte(column, istMidnight(range.from)), lt(column, istDayEnd(range.to)))!;

type Grouped = { key: string; n: number; paise?: string };
const byKey = (rows: Grouped[]) => new Map(rows.map((r) => [r.key, r]));

/**
 * GET /dashboard-trends: the charts of the sections asked for over the range, each grouped in SQL
 * on an index of its date (orders_created_idx, payments_revenue_idx, users_joined_idx,
 * service_providers_created_idx, booking_journeys_*), and the series filled with zeros.
 */
async function dashboardTrends(db: Database, asked: Set<DashboardTrendSection>, range: { from: string; to: string }) {
  const weekly = async (column: AnyColumn, table: Parameters<ReturnType<Database["select"]>["from"]>[0], where: SQL) => {
    const rows = await db
      .select({ key: istWeek(column), n: count() })
      .from(table)
      .where(where)
      .groupBy(sql`1`);
    const found = byKey(rows.map((r) => ({ key: r.key, n: Number(r.n) })));
    return weeksOf(range).map((w) => ({ ...w, count: found.get(w.week)?.n ?? 0 }));
  };
  const [perDay, byStatus, revenue, awaiting, providers, joined, funnel, failed] = await Promise.all([
    asked.has("bookings")
      ? db
          .select({ key: istDay(orders.created_at), n: count() })
          .from(orders)
          .where(within(orders.created_at, range))
          .groupBy(sql`1`)
      : null,
    asked.has("bookings") ? db.select({ key: orders.status, n: count() }).from(orders).groupBy(orders.status) : null,
    asked.has("payments")
      ? db
          .select({ key: istWeek(payments.payment_date), n: count(), paise: sql<string>`coalesce(sum(${payments.total_amount}), 0)::text` })
          .from(payments)
          .where(and(inArray(payments.payment_status, ["PAYMENT_SUCCESS", "WITHDRAWN"]), within(payments.payment_date, range)))
          .groupBy(sql`1`)
      : null,
    asked.has("payments") ? awaitingReleaseTotals(db) : null,
    asked.has("providers")
      ? weekly(
          serviceProviders.created_at,
          serviceProviders,
          and(isNull(serviceProviders.deleted_at), within(serviceProviders.created_at, range))!,
        )
      : null,
    asked.has("users") ? weekly(users.created_at, users, and(eq(users.is_deleted, false), within(users.created_at, range))!) : null,
    asked.has("journeys")
      ? Promise.all([
          countByStep(db, { start_date: range.from, end_date: range.to }),
          db
            .select({ n: count() })
            .from(bookingJourneys)
            .where(and(isNotNull(bookingJourneys.order_id), within(bookingJourneys.journey_started_at, range))),
        ])
      : null,
    asked.has("messages")
      ? db.select({ key: outbox.channel, n: count() }).from(outbox).where(eq(outbox.status, "failed")).groupBy(outbox.channel)
      : null,
  ]);
  const trends: DashboardTrends = { ...range };
  if (perDay) {
    const found = byKey(perDay.map((r) => ({ key: r.key, n: Number(r.n) })));
    trends.bookingsPerDay = daysOf(range).map((day) => ({ day, count: found.get(day)?.n ?? 0 }));
  }
  if (byStatus) {
    const found = new Map(byStatus.map((r) => [r.key, Number(r.n)]));
    trends.ordersByStatus = ORDER_STATUSES.map((status) => ({ status, count: found.get(status) ?? 0 }));
  }
  if (revenue) {
    const found = byKey(revenue.map((r) => ({ key: r.key, n: Number(r.n), paise: r.paise })));
    trends.revenuePerWeek = weeksOf(range).map((w) => {
      const row = found.get(w.week);
      return { ...w, count: row?.n ?? 0, paise: Number(row?.paise ?? 0) };
    });
  }
  if (awaiting) trends.paymentsAwaitingRelease = awaiting;
  if (providers) trends.newProvidersPerWeek = providers;
  if (joined) trends.newUsersPerWeek = joined;
  if (funnel) {
    const [counts, [{ n }]] = funnel;
    const booked = Number(n);
    // counts[k]: not booked, stopped at step k (6: all five done); a booked journey reached every step
    const reached = (step: number) => counts.slice(step).reduce((sum, c) => sum + c, 0) + booked;
    trends.bookingFunnel = {
      started: reached(1),
      steps: JOURNEY_STEPS.map(({ step, name }) => ({ step, name, reached: reached(step), stopped: counts[step] })),
      allStepsNoOrder: counts[ALL_STEPS_DONE],
      booked,
    };
  }
  if (failed) {
    const found = new Map(failed.map((r) => [r.key, Number(r.n)]));
    const byChannel = OUTBOX_CHANNELS.map((channel) => ({ channel, count: found.get(channel) ?? 0 }));
    trends.failedMessages = { total: byChannel.reduce((sum, c) => sum + c.count, 0), byChannel };
  }
  return trends;
}

/**
 * GET /dashboard-stats?sections=…: the figures of the sections asked for (all without the
 * parameter). The admin asks only for what its admin's access covers, so a section not asked for
 * is neither computed (where it has its own queries) nor answered.
 */
export function dashboardRouter(db: Database) {
  const router = apiRouter();
  router.openapi(statsRoute, async (c) => {
    const { sections } = c.req.valid("query");
    const asked = new Set(sections);
    const total = async (query: Promise<{ n: number }[]>) => Number((await query)[0]?.n ?? 0);
    const [catalogue, admins, money, messages] = await Promise.all([
      asked.has("categories")
        ? Promise.all([
            total(db.select({ n: count() }).from(categories).where(isNull(categories.parentCategoryId))),
            total(db.select({ n: count() }).from(categories).where(isNotNull(categories.parentCategoryId))),
            total(db.select({ n: count() }).from(faqs)),
          ])
        : null,
      asked.has("admin-users")
        ? Promise.all([
            total(db.select({ n: count() }).from(adminUsers)),
            total(db.select({ n: count() }).from(adminUsers).where(eq(adminUsers.adminStatus, "Active"))),
          ])
        : null,
      asked.has("bookings") || asked.has("payments") ? orderDashboardStats(db) : null,
      asked.has("messages")
        ? db
            .select({
              failed: sql<number>`count(*) filter (where ${outbox.status} = 'failed')`.mapWith(Number),
              waiting: sql<number>`count(*) filter (where ${outbox.status} = 'queued')`.mapWith(Number),
            })
            .from(outbox)
            .where(sql`${outbox.status} <> 'sent'`)
        : null,
    ]);
    const stats: DashboardFigures = {};
    if (catalogue) [stats.categories, stats.subCategories, stats.faqs] = catalogue;
    if (admins) [stats.adminUsers, stats.activeAdminUsers] = admins;
    if (messages) [{ failed: stats.failedMessages, waiting: stats.waitingMessages }] = messages;
    if (money) {
      // bookings and money come from one helper; only the asked sections' keys leave the API
      for (const section of ["bookings", "payments"] as const) {
        if (!asked.has(section)) continue;
        for (const key of DASHBOARD_SECTION_KEYS[section]) Object.assign(stats, { [key]: money[key] });
      }
    }
    return c.json({ data: stats }, 200);
  });

  router.openapi(trendsRoute, async (c) => {
    const { sections, from, to } = c.req.valid("query");
    return c.json({ data: await dashboardTrends(db, new Set(sections), { from, to }) }, 200);
  });
  return router;
}
