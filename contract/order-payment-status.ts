import { z } from "zod";
import { dateRange } from "./list-query-schema";
import { Inr, ORDER_STATUSES } from "./orders";
import { PAYMENT_STATUSES } from "./payment-labels";

/** GET /order-payment-status/ (spec 2 §2, §7). */
export const ORDER_PAYMENT_ORDER_STATUSES = ["Completed", "PartialyCompleted", "Pending"] as const;
export const OrderPaymentStatusQuery = z.object({
  ...dateRange,
  payment_status: z
    .union([z.literal(""), z.literal("All"), z.enum(PAYMENT_STATUSES)])
    .optional()
    .transform((v) => (v === "All" || !v ? "" : v)),
  order_status: z
    .union([z.literal(""), z.literal("All"), z.enum(ORDER_PAYMENT_ORDER_STATUSES)])
    .optional()
    .transform((v) => (v === "All" || !v ? "" : v)),
});
export type OrderPaymentStatusQuery = z.infer<typeof OrderPaymentStatusQuery>;

/** id: the person's users.id (ours, so optional: the admin links a client's name to their page when it is there) */
const Person = z.object({ name: z.string(), email: z.string(), phone: z.string(), username: z.string(), id: z.number().int().optional() });
export const OrderPaymentStatusRow = z.object({
  order_id: z.number().int(),
  short_id: z.string(),
  pay_date: z.string().nullable(),
  /** the latest payment's status; WITHDRAWN is shown as Released */
  final_pay_status: z.enum(PAYMENT_STATUSES).nullable(),
  company_invoice_number: z.string().nullable(),
  /** the same status as the payment gateway reported it, before any release */
  order_payment_status: z.string().nullable(),
  createdDate: z.string(),
  completedDate: z.string().nullable(),
  client_user: Person,
  offerings: z.string(),
  charges: Inr,
  provider_gst: z.string().nullable(),
  provider: Person,
  status: z.enum(ORDER_STATUSES),
  paid_to_client: Inr,
  paid_to_provider: Inr,
  platform_commission: Inr,
  gst: Inr,
  sp_invoice_to_user_number: z.string().nullable(),
});
export type OrderPaymentStatusRow = z.infer<typeof OrderPaymentStatusRow>;
