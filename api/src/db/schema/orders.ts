/** Orders and their money, cancellations, ratings and records (spec 2; spec 3 §2.12). Money is integer paise. */
import { sql } from "drizzle-orm";
import { boolean, index, integer, jsonb, numeric, pgTable, serial, text, uniqueIndex, type AnyPgColumn } from "drizzle-orm/pg-core";
import { ORDER_STATUSES, PARTIES, SERVICE_TYPES } from "~contract/orders";
import { PAYMENT_STATUSES } from "~contract/payment-labels";
import { users } from "./users";
import { serviceProviders } from "./providers";
import { createdAt, ts, updatedAt } from "./columns";

// the contract's lists (contract/orders, contract/payment-labels), not copies
export const SERVICE_TYPE_VALUES = SERVICE_TYPES;

export const ORDER_STATUS_VALUES = ORDER_STATUSES;

export const PAYMENT_STATUS_VALUES = PAYMENT_STATUSES;

export const PARTY_VALUES = PARTIES;

export const orders = pgTable(
  "orders",
  {
    order_id: serial("order_id").primaryKey(),
    short_id: text("short_id").notNull(),
    user_id: integer("user_id")
      .notNull()
      .references(() => users.id),
    service_provider_id: integer("service_provider_id")
      .notNull()
      .references(() => serviceProviders.serviceProvider_id),
    serviceType: text("serviceType", { enum: SERVICE_TYPE_VALUES }).notNull(),
    status: text("status", { enum: ORDER_STATUS_VALUES }).notNull().default("Pending"),
    /** paise */
    charges: integer("charges").notNull(),
    booked_service: jsonb("booked_service").$type<{ offerings: string; [key: string]: unknown }>().notNull(),
    statusComment: text("statusComment"),
    user_mark_as_done: boolean("user_mark_as_done").notNull().default(false),
    service_provider_mark_as_done: boolean("service_provider_mark_as_done").notNull().default(false),
    bookingTime: ts("bookingTime"),
    acceptedAt: ts("acceptedAt"),
    finalDraftSharedAt: ts("finalDraftSharedAt"),
    draftAcceptedAt: ts("draftAcceptedAt"),
    ticketRaisedAt: ts("ticketRaisedAt"),
    resolvedAt: ts("resolvedAt"),
    completedAt: ts("completedAt"),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    uniqueIndex("orders_short_id_idx").on(t.short_id),
    // the bookings list: newest first, all or one status (scanned backward for oldest first)
    index("orders_created_idx").on(t.created_at, t.order_id),
    index("orders_status_created_idx").on(t.status, t.created_at, t.order_id),
    // the bookings list sorted by Charges, all or one status (read forward or backward)
    index("orders_charges_idx").on(t.charges, t.order_id),
    index("orders_status_charges_idx").on(t.status, t.charges, t.order_id),
    index("orders_user_idx").on(t.user_id),
    index("orders_provider_idx").on(t.service_provider_id),
  ],
);

/** A payment's release date, not yet released (null) as -infinity: the list's Release date sort and its index. */
export const paymentReleaseKey = (releaseDate: AnyPgColumn) => sql`coalesce(${releaseDate}, '-infinity'::timestamptz)`;

export const payments = pgTable(
  "payments",
  {
    payment_id: serial("payment_id").primaryKey(),
    order_id: integer("order_id")
      .notNull()
      .references(() => orders.order_id, { onDelete: "cascade" }),
    transaction_id: text("transaction_id").notNull(),
    payment_gateway: text("payment_gateway").notNull().default("PhonePe"),
    payment_status: text("payment_status", { enum: PAYMENT_STATUS_VALUES }).notNull(),
    /** paise */
    total_amount: integer("total_amount").notNull(),
    payment_date: ts("payment_date").notNull(),
    release_date: ts("release_date"),
    phonepe_response: jsonb("phonepe_response"),
    invoice_number: text("invoice_number"),
    company_invoice_number: text("company_invoice_number"),
    sp_invoice_to_user_number: text("sp_invoice_to_user_number"),
    gst_no: text("gst_no"),
    /** the provider plan's service fee in force when paid, percent with 2 decimals */
    service_fee_percent: numeric("service_fee_percent", { precision: 5, scale: 2, mode: "string" }).notNull().default("0"),
    /** paise: service charge, 18% GST on it, and what the provider receives */
    platform_commission: integer("platform_commission").notNull().default(0),
    gst: integer("gst").notNull().default(0),
    service_provider_amount: integer("service_provider_amount").notNull().default(0),
    /** paise refunded to the client / released to the provider */
    paid_to_client: integer("paid_to_client").notNull().default(0),
    paid_to_provider: integer("paid_to_provider").notNull().default(0),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    index("payments_order_idx").on(t.order_id, t.payment_id),
    index("payments_date_idx").on(t.payment_date, t.payment_id),
    index("payments_status_date_idx").on(t.payment_status, t.payment_date, t.payment_id),
    // the list sorted by Amount, and by Release date (one non-null key: the not yet released first
    // ascending), each read forward or backward
    index("payments_amount_idx").on(t.total_amount, t.payment_id),
    index("payments_release_idx").on(paymentReleaseKey(t.release_date), t.payment_id),
    // the dashboard's revenue per week: successful payments' amounts over a payment_date range (index-only)
    index("payments_revenue_idx")
      .on(t.payment_date, t.total_amount)
      .where(sql`${t.payment_status} IN ('PAYMENT_SUCCESS', 'WITHDRAWN')`),
  ],
);

export const cancelledOrders = pgTable(
  "cancelled_orders",
  {
    id: serial("id").primaryKey(),
    order_id: integer("order_id")
      .notNull()
      .references(() => orders.order_id, { onDelete: "cascade" }),
    cancelled_by: text("cancelled_by", { enum: PARTY_VALUES }).notNull(),
    reason: text("reason").notNull(),
    comment: text("comment").notNull(),
    created_by: text("created_by"),
    created_at: createdAt(),
  },
  (t) => [index("cancelled_orders_order_idx").on(t.order_id)],
);

export const cancellationReasons = pgTable(
  "cancellation_reasons",
  {
    reasons_id: serial("reasons_id").primaryKey(),
    status: text("status", { enum: ["PRE", "POST"] }).notNull(),
    service_type: text("service_type", { enum: SERVICE_TYPE_VALUES }).notNull(),
    reason: text("reason").notNull(),
    repercussion: text("repercussion").notNull().default(""),
    user_type: text("user_type", { enum: PARTY_VALUES }).notNull(),
    order: integer("order").notNull().default(0),
    created_at: createdAt(),
    /** the version an edit started from (409 when it moved on) and who saved it */
    updated_at: updatedAt(),
    updated_by: text("updated_by"),
  },
  (t) => [index("cancellation_reasons_set_idx").on(t.user_type, t.status, t.service_type, t.order)],
);

/** A customer's rating of a finished order (spec 2 Rating): one per order. */
export const RATING_TYPE_VALUES = ["Poor", "Fair", "Good", "Very Good", "Excellent"] as const;

/**
 * A rating type's rank, worst (1) to best (5): the list's Type sort and its index (ratings_rank_idx)
 * use this one expression, its literals inline so the planner matches the index.
 */
export const ratingRank = (type: AnyPgColumn) =>
  sql`(CASE ${type} ${sql.raw(RATING_TYPE_VALUES.map((v, i) => `WHEN '${v}' THEN ${i + 1}`).join(" "))} END)`;

export const ratings = pgTable(
  "ratings",
  {
    rating_id: serial("rating_id").primaryKey(),
    order_id: integer("order_id")
      .notNull()
      .references(() => orders.order_id, { onDelete: "cascade" }),
    type: text("type", { enum: RATING_TYPE_VALUES }).notNull(),
    comment: text("comment").notNull().default(""),
    created_at: createdAt(),
  },
  (t) => [
    uniqueIndex("ratings_order_idx").on(t.order_id),
    index("ratings_created_idx").on(t.created_at, t.rating_id),
    index("ratings_type_idx").on(t.type, t.created_at, t.rating_id),
    // the list sorted by Type (worst to best, each newest first), read forward or backward
    index("ratings_rank_idx").on(ratingRank(t.type), t.created_at, t.rating_id),
  ],
);

export const mainConsultations = pgTable("main_consultations", {
  id: serial("id").primaryKey(),
  order_id: integer("order_id")
    .notNull()
    .unique()
    .references(() => orders.order_id, { onDelete: "cascade" }),
  consultationDetails: jsonb("consultationDetails")
    .$type<{ selectedSlot: { startTime: string; endTime: string } | null; [key: string]: unknown }>()
    .notNull(),
  timeSlots: jsonb("timeSlots").$type<{ slot: number; startTime: string; endTime: string }[]>().notNull().default([]),
  created_at: createdAt(),
  updated_at: updatedAt(),
});

export const orderChats = pgTable(
  "order_chats",
  {
    order_chat_id: serial("order_chat_id").primaryKey(),
    order_id: integer("order_id")
      .notNull()
      .references(() => orders.order_id, { onDelete: "cascade" }),
    sender: integer("sender"),
    sender_name: text("sender_name"),
    data: jsonb("data").$type<{ text: string }>().notNull(),
    /** text, as the source system stores it: a bad value can exist */
    timestamp: text("timestamp").notNull(),
  },
  (t) => [index("order_chats_order_idx").on(t.order_id, t.order_chat_id)],
);

export const orderFiles = pgTable(
  "order_files",
  {
    file_id: serial("file_id").primaryKey(),
    order_id: integer("order_id")
      .notNull()
      .references(() => orders.order_id, { onDelete: "cascade" }),
    sender: integer("sender"),
    sender_name: text("sender_name"),
    file: text("file").notNull(),
    final_status: text("final_status"),
    created_at: createdAt(),
  },
  (t) => [index("order_files_order_idx").on(t.order_id, t.file_id)],
);

export const orderActivities = pgTable(
  "order_activities",
  {
    id: serial("id").primaryKey(),
    order_id: integer("order_id")
      .notNull()
      .references(() => orders.order_id, { onDelete: "cascade" }),
    activity_type: text("activity_type").notNull(),
    activity_timestamp: ts("activity_timestamp").notNull().defaultNow(),
    user_id: integer("user_id"),
    details: text("details"),
  },
  (t) => [index("order_activities_order_idx").on(t.order_id, t.activity_timestamp)],
);

export const videoCallLogs = pgTable(
  "video_call_logs",
  {
    id: serial("id").primaryKey(),
    order_id: integer("order_id")
      .notNull()
      .references(() => orders.order_id, { onDelete: "cascade" }),
    event: text("event", { enum: ["join", "leave"] }).notNull(),
    timestamp: ts("timestamp").notNull(),
    user_id: integer("user_id").notNull(),
  },
  (t) => [index("video_call_logs_order_idx").on(t.order_id, t.timestamp)],
);

export type OrderRow = typeof orders.$inferSelect;

export type PaymentRow = typeof payments.$inferSelect;

export type RatingRow = typeof ratings.$inferSelect;
