import { PROVIDER_PAYOUTS_SHOWN, type ProviderPayouts } from "~/models/payout-ledger";
import { MarketplaceError } from "~/services/marketplace/client.server";
import type { Marketplace } from "~/services/marketplace/index.server";
import { formatDate } from "~/utils/dates";
import { formatInr } from "~shared/money";

/** The provider details page's "Payouts": what the provider was paid in all and their latest releases; a failed read is told, not fatal. */
export async function readProviderPayouts(api: Marketplace, providerId: number): Promise<ProviderPayouts> {
  try {
    const ledger = await api.raw.getPayoutLedger({ provider: providerId, page: 1, page_size: PROVIDER_PAYOUTS_SHOWN });
    return {
      providerId,
      totalPaid: formatInr(ledger.all_time_paid),
      count: ledger.total_results,
      rows: ledger.data.map((r) => ({
        paymentId: r.payment_id,
        shortId: r.short_id,
        releaseDate: formatDate(r.release_date),
        paid: formatInr(r.paid_to_provider),
      })),
      error: null,
    };
  } catch (error) {
    if (!(error instanceof MarketplaceError)) throw error;
    return { providerId, totalPaid: "—", count: 0, rows: [], error: `The payouts could not be loaded: ${error.message}` };
  }
}
