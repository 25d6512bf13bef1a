import { PayoutLedgerPage, type PayoutLedgerQuery } from "~contract/payout-ledger";
import { apiRequest, type Caller } from "./client.server";

/** One page of a provider's payout ledger (GET /payout-ledger): its releases, running total and the range's totals. */
export async function getPayoutLedger(
  caller: Caller,
  query: Pick<PayoutLedgerQuery, "provider" | "page" | "page_size"> &
    Partial<Pick<PayoutLedgerQuery, "start_date" | "end_date" | "sortOrder">>,
): Promise<PayoutLedgerPage> {
  return apiRequest("/payout-ledger", {
    query: {
      provider: query.provider,
      start_date: query.start_date,
      end_date: query.end_date,
      sortOrder: query.sortOrder,
      page: query.page,
      page_size: query.page_size,
    },
    caller,
    answer: PayoutLedgerPage,
  });
}
