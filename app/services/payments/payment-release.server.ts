import type { PaymentRecord } from "~contract/payments";
import type { ReleaseView } from "~/models/bookings";
import { MarketplaceError } from "~/services/marketplace/client.server";
import type { Marketplace } from "~/services/marketplace/index.server";
import { formatDateTime } from "~/utils/dates";
import { formatInr } from "~shared/money";

/** The release part of a payment's detail: its latest request or release, who asked and who decided. */
export function releaseViewOf(payment: PaymentRecord): ReleaseView | null {
  const ledgerHref = `/admin/payments/ledger?provider=${payment.serviceProvider_id}`;
  const r = payment.release;
  if (!r) {
    if (payment.payment_status !== "WITHDRAWN") return null;
    // released before payouts were recorded: the payment's own fields
    return {
      state: "Released",
      items: [
        { label: "Paid to provider", value: formatInr(payment.paid_to_provider) },
        { label: "Released on", value: formatDateTime(payment.release_date) },
        { label: "Requested by", value: "— (released before requests were recorded)" },
      ],
      ledgerHref,
      bankFileHref: null,
    };
  }
  const decided = r.state === "Rejected" ? "Rejected by" : r.state === "Requested" ? "Decided by" : "Approved by";
  const items = [
    { label: "State", value: r.state },
    { label: "Provider receives", value: formatInr(r.amount) },
    { label: "Requested by", value: `${r.requested_by ?? "—"} on ${formatDateTime(r.requested_at)}` },
    { label: decided, value: r.decided_by ? `${r.decided_by} on ${formatDateTime(r.decided_at)}` : "Waiting for a second admin" },
  ];
  if (r.reason) items.push({ label: r.state === "Rejected" ? "Reason" : "Bank's reason", value: r.reason });
  return {
    state: r.state,
    items,
    ledgerHref,
    bankFileHref: r.bank_file_id ? `/admin/payments/bank-files/${r.bank_file_id}` : null,
  };
}

/** The release of the order's paid payment (GET /payments?short_id=); null when never paid or when the read fails. */
export async function paymentReleaseView(api: Marketplace, shortId: string): Promise<ReleaseView | null> {
  try {
    const payment = await api.raw.getPaidPaymentByShortId(shortId);
    return payment ? releaseViewOf(payment) : null;
  } catch (error) {
    if (error instanceof MarketplaceError) return null;
    throw error;
  }
}
