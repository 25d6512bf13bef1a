/**
 * A provider's payout ledger (issue 34 §2): every release of a payment to one provider, with its
 * order, gross, service charge, GST, amount paid, who requested and who approved it, and the
 * running total of what the provider was paid. GET /payout-ledger answers it; the admin shows it
 * at /admin/payments/ledger?provider=<id> and on the provider's details page.
 *
 * Money is integer paise in the database and rupee strings ("1499.50") on the wire (shared/money).
 */
import { z } from "zod";
import { recordId } from "./ids";
import { dateRange, endOnOrAfterStart, paging } from "./list-query-schema";
import { Inr } from "./orders";
import { PAYOUT_STATES } from "./payouts";

export const LEDGER_SORT_FIELDS = ["release_date"] as const;

export const LEDGER_MESSAGES = {
  providerNotFound: "Service provider not found",
} as const;

/**
 * GET /payout-ledger query. The running total is over ALL the provider's releases in release order,
 * whatever the date filter shows. Newest release first unless sortOrder=asc.
 */
export const PayoutLedgerQuery = z
  .object({
    provider: recordId("provider").describe("the service provider's id (serviceProvider_id)"),
    ...dateRange,
    ...paging(),
    sortField: z
      .enum(LEDGER_SORT_FIELDS, { errorMap: () => ({ message: "sortField must be release_date" }) })
      .optional()
      .describe("release_date (the only order; may be left out)"),
    sortOrder: z
      .enum(["asc", "desc"], { errorMap: () => ({ message: "sortOrder must be asc or desc" }) })
      .optional()
      .describe("desc (default): newest release first; asc: oldest first"),
  })
  .superRefine(endOnOrAfterStart);
export type PayoutLedgerQuery = z.infer<typeof PayoutLedgerQuery>;

/** One release of the ledger. */
export const PayoutLedgerRow = z.object({
  payment_id: z.number().int(),
  order_id: z.number().int(),
  short_id: z.string(),
  release_date: z.string().nullable().describe("when the payment was released (ISO time)"),
  total_amount: Inr.describe("gross: what the customer paid, rupees"),
  platform_commission: Inr.describe("the service charge, rupees"),
  gst: Inr.describe("GST on the service charge, rupees"),
  paid_to_provider: Inr.describe("the amount paid to the provider, rupees"),
  running_total: Inr.describe("what the provider was paid up to and including this release (over all their releases), rupees"),
  payout_id: z.number().int().nullable().describe("null: released before payouts were recorded"),
  payout_state: z.enum(PAYOUT_STATES).nullable(),
  requested_by: z.string().nullable().describe("the requesting admin's username; null for an old release"),
  approved_by: z
    .string()
    .nullable()
    .describe("the approving admin's username (the releasing admin below the threshold); null for an old release"),
});
export type PayoutLedgerRow = z.infer<typeof PayoutLedgerRow>;

/** The filtered range's totals (every row under the date filter, not only the page). */
export const PayoutLedgerTotals = z.object({
  count: z.number().int(),
  total_amount: Inr,
  platform_commission: Inr,
  gst: Inr,
  paid_to_provider: Inr,
});
export type PayoutLedgerTotals = z.infer<typeof PayoutLedgerTotals>;

export const PayoutLedgerProvider = z.object({
  serviceProvider_id: z.number().int(),
  username: z.string(),
});

export const PayoutLedgerPage = z.object({
  provider: PayoutLedgerProvider,
  data: z.array(PayoutLedgerRow),
  totals: PayoutLedgerTotals,
  /** what the provider was paid over all their releases (the date filter aside) */
  all_time_paid: Inr,
  total_results: z.number().int(),
  current_page: z.number().int(),
  page_size: z.number().int(),
});
export type PayoutLedgerPage = z.infer<typeof PayoutLedgerPage>;
