/** Booking journeys: a customer's way through a booking. */
import { sql, type SQL } from "drizzle-orm";
import { index, integer, jsonb, pgTable, serial, text } from "drizzle-orm/pg-core";
import { users } from "./users";
import { serviceProviders } from "./providers";
import { ts } from "./columns";
import { orders } from "./orders";

/**
 * Booking journeys (spec 3 §3 Booking journey): a customer's way from Book Now to payment. A step
 * is complete when its timestamp exists; active_step is the first incomplete one (6 = all five
 * done). order_id is set when the journey became an order: the screen lists the others.
 */
export const bookingJourneys = pgTable(
  "booking_journeys",
  {
    id: serial("id").primaryKey(),
    user_id: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    service_provider_id: integer("service_provider_id")
      .notNull()
      .references(() => serviceProviders.serviceProvider_id, { onDelete: "cascade" }),
    service_name: text("service_name").notNull(),
    journey_started_at: ts("journey_started_at").notNull().defaultNow(),
    last_updated_at: ts("last_updated_at").notNull().defaultNow(),
    dialogue_opened_at: ts("dialogue_opened_at"),
    basic_info_completed_at: ts("basic_info_completed_at"),
    order_summary_completed_at: ts("order_summary_completed_at"),
    address_completed_at: ts("address_completed_at"),
    payment_completed_at: ts("payment_completed_at"),
    basic_info_data: jsonb("basic_info_data").$type<Record<string, unknown>>(),
    order_summary_data: jsonb("order_summary_data").$type<Record<string, unknown>>(),
    address_data: jsonb("address_data").$type<Record<string, unknown>>(),
    payment_data: jsonb("payment_data").$type<Record<string, unknown>>(),
    order_id: integer("order_id").references(() => orders.order_id, { onDelete: "set null" }),
    active_step: integer("active_step").generatedAlwaysAs(
      (): SQL => sql`CASE
        WHEN ${bookingJourneys.dialogue_opened_at} IS NULL THEN 1
        WHEN ${bookingJourneys.basic_info_completed_at} IS NULL THEN 2
        WHEN ${bookingJourneys.order_summary_completed_at} IS NULL THEN 3
        WHEN ${bookingJourneys.address_completed_at} IS NULL THEN 4
        WHEN ${bookingJourneys.payment_completed_at} IS NULL THEN 5
        ELSE 6 END`,
    ),
  },
  (t) => [
    // the list (not converted), newest started first, all steps or one; the funnel counts per step
    // over a started-at range from the second (index-only)
    index("booking_journeys_started_idx")
      .on(t.journey_started_at, t.id)
      .where(sql`${t.order_id} IS NULL`),
    index("booking_journeys_step_idx")
      .on(t.active_step, t.journey_started_at, t.id)
      .where(sql`${t.order_id} IS NULL`),
    // the dashboard's funnel: journeys that became an order, counted over a started-at range (index-only)
    index("booking_journeys_booked_idx")
      .on(t.journey_started_at)
      .where(sql`${t.order_id} IS NOT NULL`),
    index("booking_journeys_user_idx").on(t.user_id),
    index("booking_journeys_provider_idx").on(t.service_provider_id),
  ],
);

export type BookingJourneyRow = typeof bookingJourneys.$inferSelect;
