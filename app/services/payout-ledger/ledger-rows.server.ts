import type { PayoutLedgerPage, PayoutLedgerRow } from "~contract/payout-ledger";
import type { LedgerRow, LedgerTotals } from "~/models/payout-ledger";
import { formatDate } from "~/utils/dates";
import { formatInr } from "~shared/money";

/** One release as the table shows it and the export writes it. */
export function toLedgerRow(r: PayoutLedgerRow): LedgerRow {
  return {
    paymentId: r.payment_id,
    shortId: r.short_id,
    releaseDate: formatDate(r.release_date),
    gross: formatInr(r.total_amount),
    serviceCharge: formatInr(r.platform_commission),
    gst: formatInr(r.gst),
    paid: formatInr(r.paid_to_provider),
    runningTotal: formatInr(r.running_total),
    grossInr: r.total_amount,
    serviceChargeInr: r.platform_commission,
    gstInr: r.gst,
    paidInr: r.paid_to_provider,
    runningTotalInr: r.running_total,
    requestedBy: r.requested_by,
    approvedBy: r.approved_by,
    state: r.payout_state,
  };
}

export function toLedgerTotals(totals: PayoutLedgerPage["totals"]): LedgerTotals {
  return {
    count: totals.count,
    gross: formatInr(totals.total_amount),
    serviceCharge: formatInr(totals.platform_commission),
    gst: formatInr(totals.gst),
    paid: formatInr(totals.paid_to_provider),
  };
}
