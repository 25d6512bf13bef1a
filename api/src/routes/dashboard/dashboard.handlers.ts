/** dashboard: the handlers of the calls dashboard.routes.ts defines. */
import { and, count, eq, gte, isNotNull, isNull, lt, not, sql, type AnyColumn, type SQL } from "drizzle-orm";
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

/** The timestamps of the range's days: an index range on the column, never a function of it. */
const within = (column: AnyColumn, range: { from: string; to: string }) =>
  and(gte(column, istMidnight(range.from)), lt(column, istDayEnd(range.to)))!;

type PerPeriod = Map<string, { n: number; paise: number }>;

/**
 * Rows per IST day or week (its Monday) in SQL: grouped on date_trunc, each group's key written
 * "YYYY-MM-DD" once (to_char on every row was most of a long range's time), with the sum of a
 * paise column if given.
 */
async function perPeriod(
  db: Database,
  unit: "day" | "week",
  column: AnyColumn,
  table: SQL,
  where: SQL,
  sum?: AnyColumn,
): Promise<PerPeriod> {
  const answer = (await db.execute(sql`
    SELECT to_char(g.k, 'YYYY-MM-DD') AS key, g.n, g.paise
    FROM (SELECT date_trunc(${sql.raw(`'${unit}'`)}, ${column} AT TIME ZONE ${sql.raw(`'${ADMIN_ZONE}'`)}) AS k, count(*)::int AS n,
                 ${sum ? sql`coalesce(sum(${sum}), 0)::text` : sql`'0'`} AS paise
          FROM ${table} WHERE ${where} GROUP BY 1) g`)) as unknown as { rows: { key: string; n: number; paise: string }[] };
  return new Map(answer.rows.map((r) => [r.key, { n: Number(r.n), paise: Number(r.paise) }]));
}

/**
 * GET /dashboard-trends: the charts of the sections asked for over the range, each grouped in SQL
 * on an index of its date (orders_created_idx, payments_revenue_idx, users_joined_idx,
 * service_providers_created_idx, booking_journeys_*), and the series filled with zeros.
 */
async function dashboardTrends(db: Database, asked: Set<DashboardTrendSection>, range: { from: string; to: string }) {
  const weekly = async (column: AnyColumn, table: SQL, where: SQL) => {
    const found = await perPeriod(db, "week", column, table, where);
    return weeksOf(range).map((w) => ({ ...w, count: found.get(w.week)?.n ?? 0 }));
  };
  const [perDay, byStatus, revenue, awaiting, providers, joined, funnel, failed] = await Promise.all([
    asked.has("bookings") ? perPeriod(db, "day", orders.created_at, sql`${orders}`, within(orders.created_at, range)) : null,
    asked.has("bookings") ? db.select({ key: orders.status, n: count() }).from(orders).groupBy(orders.status) : null,
    asked.has("payments")
      ? perPeriod(
          db,
          "week",
          payments.payment_date,
          sql`${payments}`,
          // the literals of payments_revenue_idx's condition, so the planner can use it
          and(sql`${payments.payment_status} IN ('PAYMENT_SUCCESS', 'WITHDRAWN')`, within(payments.payment_date, range))!,
          payments.total_amount,
        )
      : null,
    asked.has("payments") ? awaitingReleaseTotals(db) : null,
    asked.has("providers")
      ? weekly(
          serviceProviders.created_at,
          sql`${serviceProviders}`,
          and(isNull(serviceProviders.deleted_at), within(serviceProviders.created_at, range))!,
        )
      : null,
    asked.has("users") ? weekly(users.created_at, sql`${users}`, and(not(users.is_deleted), within(users.created_at, range))!) : null,
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
  if (perDay) trends.bookingsPerDay = daysOf(range).map((day) => ({ day, count: perDay.get(day)?.n ?? 0 }));
  if (byStatus) {
    const found = new Map(byStatus.map((r) => [r.key, Number(r.n)]));
    trends.ordersByStatus = ORDER_STATUSES.map((status) => ({ status, count: found.get(status) ?? 0 }));
  }
  if (revenue) {
    trends.revenuePerWeek = weeksOf(range).map((w) => ({
      ...w,
      count: revenue.get(w.week)?.n ?? 0,
      paise: revenue.get(w.week)?.paise ?? 0,
    }));
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
