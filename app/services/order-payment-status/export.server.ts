import { DateTime } from "luxon";
import { PAYMENT_STATUS_LABELS, type PaymentStatus } from "~contract/payments";
import { type OrderPaymentStatusRow } from "~contract/order-payment-status";
import { orderStatusLabel } from "~contract/order-labels";
import { ADMIN_ZONE } from "~shared/dates";
import { workbookStream, type ExportColumn } from "~/services/export-writers.server";

export const EXPORT_SHEET_NAME = "Order Payment Status";

/** order-payment-status-YYYY-MM-DD.xlsx, today in India. */
export function exportFileName(now = new Date()) {
  return `order-payment-status-${DateTime.fromJSDate(now).setZone(ADMIN_ZONE).toISODate()}.xlsx`;
}

export const statusLabel = (status: string | null) => (status ? (PAYMENT_STATUS_LABELS[status as PaymentStatus] ?? status) : "");

const pad = (n: number) => String(n).padStart(2, "0");
/**
 * formatDateTime's "dd-MM-yyyy HH:mm" in India time without luxon per cell (30,000 cells a
 * report): Asia/Kolkata is a fixed UTC+05:30 (no daylight saving), so plain UTC getters suffice.
 */
export function istDateTime(iso: string | null): string {
  if (!iso) return "";
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) return "";
  const d = new Date(ms + 330 * 60_000);
  return `${pad(d.getUTCDate())}-${pad(d.getUTCMonth() + 1)}-${d.getUTCFullYear()} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`;
}

/** "1499.50" → 1499.5 for the cell; the cell's format shows two decimals. */
const money = (value: string) => Number(value);

/** null or "" → no cell */
const text = (value: string | null) => value || undefined;

const COLUMNS: ExportColumn<OrderPaymentStatusRow>[] = [
  { header: "Order Id", width: 14, value: (r) => text(r.short_id) },
  { header: "Created Date", width: 18, value: (r) => text(istDateTime(r.createdDate)) },
  { header: "Completed Date", width: 18, value: (r) => text(istDateTime(r.completedDate)) },
  { header: "Order Status", width: 16, value: (r) => text(r.status && orderStatusLabel(r.status)) },
  { header: "Pay Date", width: 18, value: (r) => text(istDateTime(r.pay_date)) },
  { header: "Final Pay Status", width: 18, value: (r) => text(statusLabel(r.final_pay_status)) },
  { header: "Order Payment Status", width: 20, value: (r) => text(r.order_payment_status) },
  { header: "Company Invoice Number", width: 22, value: (r) => text(r.company_invoice_number) },
  { header: "SP Invoice To User Number", width: 24, value: (r) => text(r.sp_invoice_to_user_number) },
  { header: "Client Name", width: 20, value: (r) => text(r.client_user.name) },
  { header: "Client Username", width: 18, value: (r) => text(r.client_user.username) },
  { header: "Client Email", width: 26, value: (r) => text(r.client_user.email) },
  { header: "Client Phone", width: 16, value: (r) => text(r.client_user.phone) },
  { header: "Provider Name", width: 20, value: (r) => text(r.provider.name) },
  { header: "Provider Username", width: 18, value: (r) => text(r.provider.username) },
  { header: "Provider Email", width: 26, value: (r) => text(r.provider.email) },
  { header: "Provider Phone", width: 16, value: (r) => text(r.provider.phone) },
  { header: "Provider GST", width: 18, value: (r) => text(r.provider_gst) },
  { header: "Offerings", width: 30, value: (r) => text(r.offerings) },
  { header: "Charges", width: 14, money: true, value: (r) => money(r.charges) },
  { header: "Paid To Client", width: 14, money: true, value: (r) => money(r.paid_to_client) },
  { header: "Paid To Provider", width: 14, money: true, value: (r) => money(r.paid_to_provider) },
  { header: "Platform Commission", width: 14, money: true, value: (r) => money(r.platform_commission) },
  { header: "GST", width: 12, money: true, value: (r) => money(r.gst) },
];

/**
 * The report as an .xlsx, streamed row by row as the rows arrive (an array, or an async source
 * such as the API's NDJSON stream) by the export engine's writer (app/services/export-writers.server.ts).
 */
export function orderPaymentStatusWorkbookStream(
  rows: Iterable<OrderPaymentStatusRow> | AsyncIterable<OrderPaymentStatusRow>,
  onError?: (error: unknown) => void,
  othersWaiting: () => number = () => 0,
): ReadableStream<Uint8Array> {
  return workbookStream(EXPORT_SHEET_NAME, COLUMNS, rows, { onError, othersWaiting });
}
