import { z } from "zod";
import { customerFilter, dateRange, paging, Search, sorting } from "./list-query-schema";
import { Inr, ORDER_STATUSES, SERVICE_TYPES } from "./orders";
import { PayoutSummary, RELEASE_STATE_FILTERS } from "./payouts";

import { PAYMENT_SORT_FIELDS, PAYMENT_STATUSES, PAYMENT_STATUS_LABELS, type PaymentSortField, type PaymentStatus } from "./payment-labels";

export { PAYMENT_SORT_FIELDS, PAYMENT_STATUSES, PAYMENT_STATUS_LABELS, type PaymentSortField, type PaymentStatus };
export const GST_RATE_PERCENT = 18;

export const PAYMENT_MESSAGES = {
  notFound: "Payment not found",
  released: "Payment Status Updated Successfully",
  alreadyReleased: "Payment already released",
  notReleasable: (statusLabel: string) => `Only a successful payment can be released (this one is ${statusLabel})`,
  orderNotCompleted: (shortId: string, orderStatusLabel: string) =>
    `Order ${shortId} is ${orderStatusLabel}: only a completed order's payment can be released`,
  otherAttemptReleased: (shortId: string) => `Another payment of order ${shortId} was already released`,
  noInvoice: (shortId: string) => `Order ${shortId} has no successful payment, so it has no invoice`,
} as const;

/** A payment that money was taken for: it has invoices (a released one too). */
export const PAID_STATUSES: readonly PaymentStatus[] = ["PAYMENT_SUCCESS", "WITHDRAWN"];

/**
 * The payout rule (README "Payouts"): a payment can be released when it is successful, its order
 * is Completed, and no other attempt of the same order was released. Answers why not, or null.
 */
export function releaseRefusal(
  payment: { status: PaymentStatus; statusLabel: string },
  order: { shortId: string; status: string; statusLabel: string },
  otherAttemptReleased: boolean,
): string | null {
  if (payment.status === "WITHDRAWN") return PAYMENT_MESSAGES.alreadyReleased;
  if (payment.status !== "PAYMENT_SUCCESS") return PAYMENT_MESSAGES.notReleasable(payment.statusLabel);
  if (order.status !== "Completed") return PAYMENT_MESSAGES.orderNotCompleted(order.shortId, order.statusLabel);
  if (otherAttemptReleased) return PAYMENT_MESSAGES.otherAttemptReleased(order.shortId);
  return null;
}

/** GET /payments query. provider: a provider id (digits) or part of the provider's username. */
export const PaymentListQuery = z.object({
  provider: Search.optional().default(""),
  status: z
    .union([z.literal(""), z.literal("All"), z.enum(PAYMENT_STATUSES)])
    .optional()
    .transform((v) => (v === "All" || !v ? "" : v)),
  ...dateRange,
  ...customerFilter,
  /** "yes": only the payments that can be released now (the dashboard's "awaiting release") */
  releasable: z
    .union([z.literal(""), z.literal("yes")])
    .optional()
    .default(""),
  /** ours (issue 34): the payments whose latest release request or release is in this state */
  release_state: z
    .union([z.literal(""), z.enum(RELEASE_STATE_FILTERS)])
    .optional()
    .default(""),
  ...paging(),
  ...sorting(PAYMENT_SORT_FIELDS),
});
export type PaymentListQuery = z.infer<typeof PaymentListQuery>;

/** The two invoice views (spec 2 §2 Invoices), in rupees. */
export const PaymentInvoice = z.object({
  service_provider: z.object({
    amount: Inr,
    service_fee_percent: z.string(),
    service_charge: Inr,
    gst_percent: z.number(),
    gst: Inr,
    payable: Inr,
  }),
  user: z.object({ amount: Inr }),
});

/** One payment (spec 2 §3 "Payment/order record"). Money in rupees as exact strings. */
export const PaymentRecord = z.object({
  payment_id: z.number().int(),
  order_id: z.number().int(),
  short_id: z.string(),
  created_at: z.string(),
  payment_date: z.string(),
  release_date: z.string().nullable(),
  /** the customer's users.id (the admin links their name to their page) */
  user_id: z.number().int().optional(),
  userUsername: z.string(),
  userEmail: z.string(),
  serviceProviderUsername: z.string(),
  serviceProviderEmail: z.string(),
  serviceProvider_id: z.number().int(),
  serviceType: z.enum(SERVICE_TYPES),
  order_status: z.enum(ORDER_STATUSES),
  offering_name: z.string(),
  transaction_id: z.string(),
  payment_gateway: z.string(),
  payment_status: z.enum(PAYMENT_STATUSES),
  total_amount: Inr,
  invoice_number: z.string().nullable(),
  company_invoice_number: z.string().nullable(),
  sp_invoice_to_user_number: z.string().nullable(),
  gst_no: z.string().nullable(),
  platform_commission: Inr,
  gst: Inr,
  service_provider_amount: Inr,
  paid_to_client: Inr,
  paid_to_provider: Inr,
  phonepe_response: z.unknown().nullable().describe("the payment gateway's answer as it sent it (any JSON value)"),
  invoice: PaymentInvoice,
  /** this payment's place among its order's attempts (1 = first), and how many there are */
  attempt: z.number().int().min(1),
  attempts: z.number().int().min(1),
  /** whether Release can succeed now, and if not, why (the payout rule, releaseRefusal) */
  releasable: z.boolean(),
  release_refusal: z.string().nullable(),
  /** invoices exist only for a payment that was paid (PAYMENT_SUCCESS or WITHDRAWN) */
  has_invoice: z.boolean(),
  /** ours (issue 34): its latest release request or release, null when none (a release before payouts existed has none) */
  release: PayoutSummary.nullable().optional(),
  /** ours (issue 34): a Release now would be a request for a second admin's approval (at or above the threshold) */
  release_needs_approval: z.boolean().optional(),
});
export type PaymentRecord = z.infer<typeof PaymentRecord>;

/** PUT /payments/{payment_id}: the release. */
export const ReleasePaymentBody = z.object({
  payment_status: z.literal("WITHDRAWN", { errorMap: () => ({ message: "payment_status can only be set to WITHDRAWN" }) }),
});

/** The money and order figures GET /dashboard-stats adds (revenue in rupees, exact string). */
export const OrderDashboardStats = z.object({
  bookingsToday: z.number().int(),
  paymentsAwaitingRelease: z.number().int(),
  /** ours (issue 34): release requests waiting for a second admin */
  releaseRequestsAwaitingApproval: z.number().int(),
  revenueThisMonth: Inr,
});
