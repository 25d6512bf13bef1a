import { z } from "zod";
import { paginated } from "./api";
import { Inr, ORDER_STATUSES, SERVICE_TYPES } from "./orders";
import { PAGE_SIZES } from "./list-query";

/** The bookings page's tabs (spec 2 §2) → the status they filter on ("" = All Booking). */
export const BOOKING_TABS = [
  { label: "All Booking", status: "" },
  { label: "Pending", status: "Pending" },
  { label: "In Progress", status: "InProgress" },
  { label: "Scheduled Consultations", status: "Scheduled" },
  { label: "Partially Completed", status: "PartialyCompleted" },
  { label: "Completed", status: "Completed" },
  { label: "Canceled", status: "Cancelled" },
  { label: "Tickets", status: "Tickets" },
] as const;

export const BOOKING_PAGE_SIZES = PAGE_SIZES;

/** GET /get-bookings query (path ours). status "" or "All" = every status. */
export const BookingListQuery = z.object({
  status: z
    .union([z.literal(""), z.literal("All"), z.enum(ORDER_STATUSES)])
    .optional()
    .transform((v) => (v === "All" || !v ? "" : v)),
  serviceType: z
    .union([z.literal(""), z.literal("All"), z.enum(SERVICE_TYPES)])
    .optional()
    .transform((v) => (v === "All" || !v ? "" : v)),
  search: z.string().trim().max(100, "Search is at most 100 characters").optional().default(""),
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  page_size: z.coerce.number().int().min(1).max(200).default(10),
});
export type BookingListQuery = z.infer<typeof BookingListQuery>;

/** GET /get-all-orders query (spec 2 §7 "params"). */
export const OrderListQuery = z.object({
  status: BookingListQuery.shape.status,
  page: BookingListQuery.shape.page,
  page_size: BookingListQuery.shape.page_size,
});

/** One row of the bookings list (spec 2 §3 "Booking/order"). */
export const BookingRow = z.object({
  order_id: z.number().int(),
  short_id: z.string(),
  created_at: z.string(),
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

export const BookingPage = paginated(BookingRow);
export type BookingPage = z.infer<typeof BookingPage>;
