import { PAGE_SIZES } from "~/models/list-query";
// Zod-free copies of the contract's labels for the pages' browser bundle (app/models/payments.ts
// holds the schemas; tests/routes/payments.test.ts checks these stay equal).
export { PAGE_SIZES };

export const PAYMENT_STATUS_LABELS = {
  PAYMENT_SUCCESS: "Payment Success",
  PAYMENT_FAILED: "Payment Failed",
  PAYMENT_ERROR: "Payment Error",
  PAYMENT_CANCELLED: "Payment Cancelled",
  PAYMENT_PENDING: "Payment Pending",
  WITHDRAWN: "Released",
} as const;
export type PaymentStatusName = keyof typeof PAYMENT_STATUS_LABELS;
export const PAYMENT_STATUS_NAMES = Object.keys(PAYMENT_STATUS_LABELS) as PaymentStatusName[];
