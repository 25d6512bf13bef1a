/**
 * The payments list's columns (the table's and the export's), apart from ./payments: that file
 * builds zod schemas, and the table's browser bundle must not carry them.
 */
import { PAYMENT_STATUS_LABELS, type PaymentStatus } from "~contract/payment-labels";
import { plain, type ListColumn } from "~/models/list-columns";
import type { PaymentListRow } from "~/models/payments";

/** A payment status in words, as its badge reads it (WITHDRAWN: "Released"). */
export const paymentStatusText = (status: string | null): string =>
  status ? (status in PAYMENT_STATUS_LABELS ? PAYMENT_STATUS_LABELS[status as PaymentStatus] : status) : "—";

/**
 * The payments list's columns: the table's and the export's (the amount a number in rupees there).
 * The invoice links and the actions are the table's alone.
 */
export const PAYMENT_COLUMNS: readonly ListColumn<PaymentListRow>[] = [
  { key: "shortId", header: "Order Id", width: 14, value: (r) => r.shortId },
  { key: "date", header: "Date", sortField: "payment_date", width: 12, value: (r) => plain(r.date) },
  { key: "releaseDate", header: "Release date", sortField: "release_date", width: 12, value: (r) => plain(r.releaseDate) },
  { key: "user", header: "User", width: 20, value: (r) => plain(r.user) },
  { key: "provider", header: "Provider", width: 20, value: (r) => plain(r.provider) },
  { key: "service", header: "Service", width: 18, value: (r) => plain(r.service) },
  { key: "gateway", header: "Gateway", width: 14, value: (r) => plain(r.gateway) },
  { key: "status", header: "Payment Status", sortField: "payment_status", width: 18, value: (r) => plain(paymentStatusText(r.status)) },
  {
    key: "amount",
    header: "Amount",
    sortField: "total_amount",
    width: 14,
    money: true,
    value: (r) => (r.amountInr ? Number(r.amountInr) : undefined),
  },
  // the latest release request or release (issue 34): who asked, who approved or rejected
  { key: "release", header: "Release", width: 24, value: (r) => plain(r.release ? r.release.text : "") },
];
