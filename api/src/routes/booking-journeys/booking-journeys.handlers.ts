/** booking-journeys: the handlers of the calls booking-journeys.routes.ts defines. */
import { and, desc, eq, gte, isNull, lt, sql, type SQL } from "drizzle-orm";
import { alias, type AnyPgColumn } from "drizzle-orm/pg-core";
import { ALL_STEPS_DONE, BookingJourneyFunnel, BookingJourneyRecord, JOURNEY_STEPS, JOURNEY_TEXTS } from "~contract/booking-journeys";
import { TOTAL_COUNT_HEADER } from "~contract/service-providers";
import type { Database } from "../../db/client";
import { bookingJourneys, serviceProviders, users } from "../../db/schema";
import { notFound } from "../../lib/http";
import { apiRouter } from "../../lib/openapi";
import { istDayEnd, istMidnight } from "../../lib/providers";
import { listRoute, detailRoute } from "./booking-journeys.routes";

const providerUser = alias(users, "journey_provider_user");

const fullName = (t: { firstName: AnyPgColumn; lastName: AnyPgColumn }) => sql<string>`trim(${t.firstName} || ' ' || ${t.lastName})`;

const columns = {
  id: bookingJourneys.id,
  service_name: bookingJourneys.service_name,
  user_id: users.id,
  user_fullname: fullName(users),
  user_username: users.username,
  user_phone: users.phone,
  provider_fullname: fullName(providerUser),
  provider_username: providerUser.username,
  provider_phone: providerUser.phone,
  journey_started_at: bookingJourneys.journey_started_at,
  last_updated_at: bookingJourneys.last_updated_at,
  dialogue_opened_at: bookingJourneys.dialogue_opened_at,
  basic_info_completed_at: bookingJourneys.basic_info_completed_at,
  order_summary_completed_at: bookingJourneys.order_summary_completed_at,
  address_completed_at: bookingJourneys.address_completed_at,
  payment_completed_at: bookingJourneys.payment_completed_at,
  basic_info_data: bookingJourneys.basic_info_data,
  order_summary_data: bookingJourneys.order_summary_data,
  address_data: bookingJourneys.address_data,
  payment_data: bookingJourneys.payment_data,
  active_step: bookingJourneys.active_step,
};

type Row = { [K in keyof typeof columns]: unknown };

const iso = (value: unknown) =>
  value instanceof Date ? value.toISOString() : value === null || value === undefined ? null : new Date(String(value)).toISOString();

const record = (value: unknown) =>
  value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : null;

function journeyRecord(row: Row): BookingJourneyRecord {
  return {
    id: Number(row.id),
    service_name: String(row.service_name),
    user_id: Number(row.user_id),
    user_fullname: String(row.user_fullname ?? ""),
    user_username: String(row.user_username ?? ""),
    user_phone: String(row.user_phone ?? ""),
    provider_fullname: String(row.provider_fullname ?? ""),
    provider_username: String(row.provider_username ?? ""),
    provider_phone: String(row.provider_phone ?? ""),
    journey_started_at: iso(row.journey_started_at) ?? "",
    last_updated_at: iso(row.last_updated_at) ?? "",
    dialogue_opened_at: iso(row.dialogue_opened_at),
    basic_info_completed_at: iso(row.basic_info_completed_at),
    order_summary_completed_at: iso(row.order_summary_completed_at),
    address_completed_at: iso(row.address_completed_at),
    payment_completed_at: iso(row.payment_completed_at),
    basic_info_data: record(row.basic_info_data),
    order_summary_data: record(row.order_summary_data),
    address_data: record(row.address_data),
    payment_data: record(row.payment_data),
    active_step: Number(row.active_step),
  };
}

function joined(db: Database) {
  return db
    .select(columns)
    .from(bookingJourneys)
    .innerJoin(users, eq(users.id, bookingJourneys.user_id))
    .innerJoin(serviceProviders, eq(serviceProviders.serviceProvider_id, bookingJourneys.service_provider_id))
    .innerJoin(providerUser, eq(providerUser.id, serviceProviders.user_id))
    .$dynamic();
}

/**
 * Journeys (not converted) started in the range, per active step 1…6: one index-only range count
 * per step on booking_journeys_step_idx (active_step, journey_started_at, id WHERE order_id IS NULL).
 */
export async function countByStep(db: Database, range: { start_date?: string; end_date?: string }): Promise<number[]> {
  const from = range.start_date ? sql` AND journey_started_at >= ${istMidnight(range.start_date).toISOString()}::timestamptz` : sql``;
  const to = range.end_date ? sql` AND journey_started_at < ${istDayEnd(range.end_date).toISOString()}::timestamptz` : sql``;
  const answer = (await db.execute(sql`
    SELECT s.step::int AS step,
           (SELECT count(*)::int FROM booking_journeys
             WHERE order_id IS NULL AND active_step = s.step${from}${to}) AS n
    FROM generate_series(1, ${ALL_STEPS_DONE}::int) AS s(step)
    ORDER BY s.step`)) as unknown as { rows: { step: number; n: number }[] };
  const counts = Array.from({ length: ALL_STEPS_DONE + 1 }, () => 0);
  for (const row of answer.rows) counts[Number(row.step)] = Number(row.n);
  return counts;
}

function funnelOf(counts: number[]): BookingJourneyFunnel {
  const reached = (step: number) => counts.slice(step).reduce((sum, n) => sum + n, 0);
  return {
    total: reached(1),
    steps: JOURNEY_STEPS.map(({ step, name }) => ({ step, name, reached: reached(step), stopped: counts[step] })),
    all_completed: counts[ALL_STEPS_DONE],
  };
}

export function bookingJourneysRouter(db: Database) {
  const router = apiRouter();

  router.openapi(listRoute, async (c) => {
    const query = c.req.valid("query");
    const conditions: SQL[] = [isNull(bookingJourneys.order_id)];
    if (query.step) conditions.push(eq(bookingJourneys.active_step, query.step));
    if (query.start_date) conditions.push(gte(bookingJourneys.journey_started_at, istMidnight(query.start_date)));
    if (query.end_date) conditions.push(lt(bookingJourneys.journey_started_at, istDayEnd(query.end_date)));
    const order = [desc(bookingJourneys.journey_started_at), desc(bookingJourneys.id)];
    // the page's ids first (a walk of the started or step index), then only those rows are joined
    const page = db
      .select({ id: bookingJourneys.id })
      .from(bookingJourneys)
      .where(and(...conditions))
      .orderBy(...order)
      .limit(query.page_size)
      .offset((query.page - 1) * query.page_size)
      .as("page");
    const [rows, counts] = await Promise.all([
      joined(db)
        .innerJoin(page, eq(page.id, bookingJourneys.id))
        .orderBy(...order),
      countByStep(db, query),
    ]);
    const funnel = funnelOf(counts);
    // the list's total and the funnel come from the same counts, so they always agree
    const total = query.step ? counts[query.step] : funnel.total;
    c.header(TOTAL_COUNT_HEADER, String(total));
    return c.json({ total, page: query.page, page_size: query.page_size, results: rows.map(journeyRecord), funnel }, 200);
  });

  router.openapi(detailRoute, async (c) => {
    const { id } = c.req.valid("param");
    const [row] = await joined(db).where(eq(bookingJourneys.id, id));
    if (!row) throw notFound(JOURNEY_TEXTS.notFound);
    return c.json({ data: journeyRecord(row) }, 200);
  });

  return router;
}
