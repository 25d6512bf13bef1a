import { z } from "zod";
import { paging, Search } from "./list-query-schema";
import { paginated } from "./api";
import type { OrderActivityDetails } from "./activity";
import { Inr, ORDER_STATUSES, REASON_STATUSES, SERVICE_TYPES, type OrderStatus, type Party, type ServiceType } from "./orders";
import { PAGE_SIZES } from "./list-query";
import type { BOOKING_TABS } from "./order-labels";

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
  search: Search.optional().default(""),
  ...paging(),
});
export type BookingListQuery = z.infer<typeof BookingListQuery>;

/** GET /get-all-orders query (spec 2 §7 "params"). */
export const OrderListQuery = z.object({ status: BookingListQuery.shape.status, ...paging() });

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

export type BookingListRow = {
  orderId: number;
  shortId: string;
  createdAt: string;
  user: string;
  provider: string;
  serviceType: string;
  charges: string;
  paymentStatus: string;
  status: string;
};

/** The order detail page (Booking List's and Payments' detail): the order as shown, every date formatted (India time), money in rupees. */
export type OrderView = {
  orderId: number;
  shortId: string;
  status: OrderStatus;
  summary: {
    type: string;
    amount: string;
    transactionId: string;
    bookingId: string;
    paidAt: string;
    provider: string;
    cancelledBy: string;
    comment: string;
    user: string;
    cancellationReason: string;
  };
  order: {
    offerings: string;
    createdAt: string;
    statusComment: string;
    userMarkAsDone: string;
    providerMarkAsDone: string;
    user: string;
    provider: string;
    paymentStatus: string;
    completedAt: string;
    milestones: { label: string; value: string }[];
    cancellations: { id: number; by: string; reason: string; comment: string; at: string }[];
  };
  consultation: {
    selectedSlot: { start: string; end: string } | null;
    timeSlots: { slot: number; start: string; end: string }[];
  } | null;
  videoCalls: { id: number; event: string; at: string; user: string }[];
  overlap: string;
  overlapSeconds: number;
  activities: { id: number; type: string; at: string; iso: string; user: string; details: OrderActivityDetails }[];
  chats: { id: number; sender: string; text: string; at: string; fromUser: boolean }[];
  files: { id: number; name: string; sender: string; final: boolean; status: string; at: string }[];
  /** the length the booked offering names (the API then computes the end); else the dialog asks for it */
  reschedule: {
    offerings: string;
    offeringMinutes: number | null;
    /** null when the offering names the minutes; else the current slot's length, or "" */
    askedMinutes: number | "" | null;
    maxMinutes: number;
  };
  canCancel: boolean;
  canComplete: boolean;
  reasonSet: (typeof REASON_STATUSES)[number];
  serviceType: ServiceType;
};

export type OrderDialog = { name: "complete" | "cancel" | "reschedule"; by: Party };

/** What the order detail page's loader gives. */
export type OrderDetailPageData = {
  view: OrderView;
  base: string;
  dialog: OrderDialog | null;
  reasons: { value: string; label: string }[] | null;
  reasonsError: string | null;
  /** the new slot's end, shown after a successful reschedule */
  rescheduledEnd: string | null;
};

export type PaymentDetails = { orderId: number; shortId: string; status: string; fields: { label: string; value: string }[]; json: string };

export type PaymentNotice = { title: string; message: string };

/** What the Booking List's loader gives: one page of one tab, and the payment dialog if asked for. */
export type BookingsPageData = {
  tab: (typeof BOOKING_TABS)[number]["key"];
  search: string;
  rows: BookingListRow[];
  total: number;
  page: number;
  pageSize: number;
  pageSizes: number[];
  errors: string[];
  payment: PaymentDetails | null;
  paymentNotice: PaymentNotice | null;
};
