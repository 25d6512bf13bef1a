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

/** The filters' labels; WITHDRAWN is shown as Released. */
export const PAYMENT_STATUS_LABELS: Record<PaymentStatus, string> = {
  PAYMENT_SUCCESS: "Payment Success",
  PAYMENT_FAILED: "Payment Failed",
  PAYMENT_ERROR: "Payment Error",
  PAYMENT_CANCELLED: "Payment Cancelled",
  PAYMENT_PENDING: "Payment Pending",
  WITHDRAWN: "Released",
};
