/**
 * The payout ledger (issue 34 §2): one provider's releases with the running total of what they were
 * paid. The call's definition (path, validation, answers, OpenAPI): payout-ledger.handlers.ts serves it.
 */
import { PayoutLedgerPage, PayoutLedgerQuery } from "~contract/payout-ledger";
import { chosenByUs, common, createRoute, error, json } from "../../lib/openapi";
import { MONEY } from "../orders";

export const ledgerRoute = createRoute({
  method: "get",
  path: "/payout-ledger",
  summary: "One provider's payout ledger: their released payments, the running total, the range's totals (issue 34)",
  ...chosenByUs(
    `Rows: the provider's released payments (payment_status WITHDRAWN of orders with that service_provider_id), each with its non-rejected payout (who requested, who approved, its state; all null for a payment released before payouts were recorded). running_total is what the provider was paid up to and including the row, over ALL their releases in release order (release_date, then payment_id), so a date filter shows the true cumulative figure. start_date/end_date are India days on release_date. Newest release first; sortOrder=asc oldest first. totals sums every row under the date filter; all_time_paid every release. ${MONEY}`,
  ),
  request: { query: PayoutLedgerQuery },
  responses: {
    200: json(PayoutLedgerPage.openapi("PayoutLedgerPage"), "The page"),
    400: error("Bad query (provider missing or not an id, a bad date, end before start, a bad sort)"),
    404: error("Service provider not found"),
    ...common,
  },
});
