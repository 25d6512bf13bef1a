/**
 * Payment statuses and how they read on screen (spec 2 §2). No zod here: pages' browser bundles
 * import this file; ./payments builds its schemas on it.
 */
export const PAYMENT_STATUSES = [
  "PAYMENT_SUCCESS",
  "PAYMENT_FAILED",
  "PAYMENT_ERROR",
  "PAYMENT_CANCELLED",
  "PAYMENT_PENDING",
  "WITHDRAWN",
] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/**
 * The payments list's sorts (?sortField=…&sortOrder=asc|desc): payment_date (Date), release_date
 * (not yet released first ascending), total_amount (Amount), payment_status (its label's A–Z, each
 * by payment_date the same way). Ties by the payment's id; default: newest payment_date first.
 */
export const PAYMENT_SORT_FIELDS = ["payment_date", "release_date", "total_amount", "payment_status"] as const;
export type PaymentSortField = (typeof PAYMENT_SORT_FIELDS)[number];

/** The filters' labels; WITHDRAWN is shown as Released. */
export const PAYMENT_STATUS_LABELS: Record<PaymentStatus, string> = {
  PAYMENT_SUCCESS: "Payment Success",
  PAYMENT_FAILED: "Payment Failed",
  PAYMENT_ERROR: "Payment Error",
  PAYMENT_CANCELLED: "Payment Cancelled",
  PAYMENT_PENDING: "Payment Pending",
  WITHDRAWN: "Released",
};
