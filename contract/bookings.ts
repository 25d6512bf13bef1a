import { z } from "zod";
import { customerFilter, keysetPaging, Search, sorting } from "./list-query-schema";
import { BOOKING_SORT_FIELDS } from "./order-labels";
import { Inr, ORDER_STATUSES, SERVICE_TYPES } from "./orders";

/**
 * GET /get-bookings query (path ours). status "" or "All" = every status. Newest first unless
 * sortField/sortOrder say otherwise (the route refines them with sortTogether).
 */
export const BookingListQuery = z.object({
  status: z
    .union([z.literal(""), z.literal("All"), z.enum(ORDER_STATUSES)])
    .optional()
    .transform((v) => (v === "All" || !v ? "" : v)),
  serviceType: z
    .union([z.literal(""), z.literal("All"), z.enum(SERVICE_TYPES)])
    .optional()
    .transform((v) => (v === "All" || !v ? "" : v)),
  search: Search.optional().default(""),
  ...customerFilter,
  ...keysetPaging(),
  ...sorting(BOOKING_SORT_FIELDS),
});
export type BookingListQuery = z.infer<typeof BookingListQuery>;

/** GET /get-all-orders query (spec 2 §7 "params"). */
export const OrderListQuery = z.object({ status: BookingListQuery.shape.status, ...keysetPaging() });

/** One row of the bookings list (spec 2 §3 "Booking/order"). */
export const BookingRow = z.object({
  order_id: z.number().int(),
  short_id: z.string(),
  created_at: z.string(),
  /** the customer's users.id (ours: the admin links their name to their page) */
  user_id: z.number().int().optional(),
  userUsername: z.string(),
  serviceProviderUsername: z.string(),
  serviceType: z.enum(SERVICE_TYPES),
  charges: Inr,
  /** the latest payment attempt's status, null when none */
  paymentStatus: z.string().nullable(),
  status: z.enum(ORDER_STATUSES),
  phonepe_response: z.unknown().nullable().describe("the payment gateway's answer as it sent it (any JSON value)"),
});
export type BookingRow = z.infer<typeof BookingRow>;
