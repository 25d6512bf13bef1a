/** What only the admin uses of ~contract/bookings (the shared part stays in contract/bookings.ts). */
import type { PageCursors, TotalKind } from "~contract/list-total";
import { BookingRow } from "~contract/bookings";
import { z } from "zod";
import { paginated } from "~contract/api";
import type { OrderActivityDetails } from "~contract/activity";
import { REASON_STATUSES, type OrderStatus, type Party, type ServiceType } from "~contract/orders";
import { PAGE_SIZES } from "~contract/list-query";
import type { BOOKING_TABS, BookingSortField } from "~contract/order-labels";

export const BOOKING_PAGE_SIZES = PAGE_SIZES;

export const BookingPage = paginated(BookingRow);
export type BookingPage = z.infer<typeof BookingPage>;

export type BookingListRow = {
  orderId: number;
  shortId: string;
  createdAt: string;
  /** the customer's users.id: their name links to their page */
  userId: number | null;
  user: string;
  provider: string;
  serviceType: string;
  charges: string;
  /** the charges in rupees as the API sent them ("1499.50"): the export's number */
  chargesInr: string;
  paymentStatus: string;
  status: string;
};

/** The order detail page (Booking List's and Payments' detail): the order as shown, every date formatted (India time), money in rupees. */
export type OrderView = {
  orderId: number;
  shortId: string;
  /** the customer's users.id: their name links to their page */
  customerId: number;
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
  /** the payment detail page only (/admin/payments/{short_id}): the paid payment's release, who asked and approved (issue 34) */
  release?: ReleaseView | null;
};

/** A payment's release as the payment detail page shows it. */
export type ReleaseView = {
  state: string;
  items: { label: string; value: string }[];
  /** the provider's ledger (/admin/payments/ledger?provider=) */
  ledgerHref: string;
  /** the bank file its payout is in, if any */
  bankFileHref: string | null;
};

export type PaymentDetails = { orderId: number; shortId: string; status: string; fields: { label: string; value: string }[]; json: string };

export type PaymentNotice = { title: string; message: string };

/** What the Booking List's loader gives: one page of one tab, and the payment dialog if asked for. */
export type BookingsPageData = {
  tab: (typeof BOOKING_TABS)[number]["key"];
  search: string;
  rows: BookingListRow[];
  total: number;
  totalKind: TotalKind;
  page: number;
  /** the neighbouring pages' cursors (keyset pages past 10,000 rows) */
  cursors?: PageCursors;
  pageSize: number;
  pageSizes: number[];
  /** the sort the URL asks for (null: newest first) */
  sort: { field: BookingSortField; order: "asc" | "desc" } | null;
  errors: string[];
  payment: PaymentDetails | null;
  paymentNotice: PaymentNotice | null;
};
