/**
 * The payout ledger's columns: the table's and the export's (amounts as numbers in rupees there),
 * apart from ./payout-ledger so the table's bundle carries nothing else.
 */
import { plain, type ListColumn } from "~/models/list-columns";
import type { LedgerRow } from "~/models/payout-ledger";

const rupees = (inr: string) => Number(inr);

export const LEDGER_COLUMNS: readonly ListColumn<LedgerRow>[] = [
  { key: "shortId", header: "Order Id", width: 14, value: (r) => r.shortId },
  { key: "releaseDate", header: "Release date", sortField: "release_date", width: 14, value: (r) => plain(r.releaseDate) },
  { key: "gross", header: "Gross", width: 14, money: true, value: (r) => rupees(r.grossInr) },
  { key: "serviceCharge", header: "Service charge", width: 14, money: true, value: (r) => rupees(r.serviceChargeInr) },
  { key: "gst", header: "GST", width: 12, money: true, value: (r) => rupees(r.gstInr) },
  { key: "paid", header: "Amount paid", width: 14, money: true, value: (r) => rupees(r.paidInr) },
  { key: "runningTotal", header: "Running total", width: 16, money: true, value: (r) => rupees(r.runningTotalInr) },
  { key: "requestedBy", header: "Requested by", width: 18, value: (r) => plain(r.requestedBy) },
  { key: "approvedBy", header: "Approved by", width: 18, value: (r) => plain(r.approvedBy) },
  { key: "state", header: "Payout state", width: 14, value: (r) => plain(r.state) },
];
