import { PassThrough } from "node:stream";
import ExcelJS from "exceljs";
import { DateTime } from "luxon";
import { createReadableStreamFromReadable } from "@remix-run/node";
import { PAYMENT_STATUS_LABELS, type PaymentStatus } from "~contract/payments";
import { type OrderPaymentStatusRow } from "~contract/order-payment-status";
import { orderStatusLabel } from "~contract/order-labels";
import { ADMIN_ZONE } from "~shared/dates";

export const EXPORT_SHEET_NAME = "Order Payment Status";
/** Rows written between two turns of the event loop (see the loop). */
const ROWS_PER_TURN = 32;
/** The pause per turn while other requests are being answered. */
const YIELD_TO_OTHERS_MS = 4;

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

const MONEY_FORMAT = "#,##0.00";
/** "1499.50" → 1499.5 for the cell; the cell's format shows two decimals. */
const money = (value: string) => Number(value);

/** A cell's value; undefined leaves the cell out (blank), which costs exceljs nothing. */
type CellValue = string | number | undefined;
type ColumnDef = { header: string; width: number; money?: boolean; value: (r: OrderPaymentStatusRow) => CellValue };
/** null or "" → no cell */
const text = (value: string | null) => value || undefined;

const COLUMNS: ColumnDef[] = [
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
 * The report as an .xlsx, written row by row by exceljs' streaming writer straight into the
 * response body as the rows arrive (an array, or an async source such as the API's NDJSON
 * stream): the first bytes leave before the first row is read, each row is committed at once and
 * the writer waits while the browser is behind, so memory stays flat. If the source throws
 * mid-way, the body ends with an error (the browser shows a failed download); `onError` hears it.
 */
export function orderPaymentStatusWorkbookStream(
  rows: Iterable<OrderPaymentStatusRow> | AsyncIterable<OrderPaymentStatusRow>,
  onError?: (error: unknown) => void,
  othersWaiting: () => number = () => 0,
): ReadableStream<Uint8Array> {
  const out = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: true,
    useSharedStrings: false,
    // fast deflate: the file is a download, CPU time matters more than a few KB
    zip: { zlib: { level: 1 } },
  } as ConstructorParameters<typeof ExcelJS.stream.xlsx.WorkbookWriter>[0]);
  const sheet = workbook.addWorksheet(EXPORT_SHEET_NAME, { views: [{ state: "frozen", ySplit: 1 }] });
  sheet.columns = COLUMNS.map((c, i) => ({
    header: c.header,
    key: String(i),
    width: c.width,
    style: c.money ? { numFmt: MONEY_FORMAT } : undefined,
  }));
  sheet.getRow(1).font = { bold: true };
  const columnStyles = COLUMNS.map((c) => Object.freeze(c.money ? { numFmt: MONEY_FORMAT } : {}));
  const setColumnStyle = (cell: ExcelJS.Cell, col: number) => {
    cell.style = columnStyles[col - 1];
  };
  void (async () => {
    try {
      let i = 0;
      const values: CellValue[] = new Array(COLUMNS.length);
      for await (const row of rows) {
        if (out.destroyed) return;
        for (let c = 0; c < COLUMNS.length; c++) values[c] = COLUMNS[c].value(row);
        const added = sheet.addRow(values);
        // one style object per column, shared by all its cells: exceljs looks a known style object
        // up in a WeakMap, where each cell's own copy (its default) costs a style serialisation
        added.eachCell(setColumnStyle);
        added.commit();
        // exceljs writes the sheet's XML into the zip's deflate stream without waiting for it, and
        // zlib takes one chunk (64 KB, ~60 rows) per turn of the event loop: yielding every few rows
        // keeps that queue near empty (every 500 rows it held 60-100 MB at 100k rows). Then wait
        // while the reader (the browser) is behind.
        if (i++ % ROWS_PER_TURN === ROWS_PER_TURN - 1) {
          // while other admins wait for a page, the export gives them the thread (and, through the
          // API stream's backpressure, the API's) for a moment each turn: their pages come first
          if (othersWaiting() > 0) await new Promise((resolve) => setTimeout(resolve, YIELD_TO_OTHERS_MS));
          else await new Promise((resolve) => setImmediate(resolve));
          if (out.writableNeedDrain) await new Promise((resolve) => out.once("drain", resolve).once("close", resolve));
        }
      }
      sheet.commit();
      await workbook.commit();
    } catch (error) {
      onError?.(error);
      out.destroy(error instanceof Error ? error : new Error(String(error)));
    }
  })();
  return createReadableStreamFromReadable(out);
}
