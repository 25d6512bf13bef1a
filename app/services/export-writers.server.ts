/**
 * The export engine's two writers (issue 32 §2; the Order Payment Status export, generalised): a
 * list's rows, as they arrive from an async source, streamed into an .xlsx (exceljs' streaming
 * writer, one sheet named after the page) or a .csv (@fast-csv/format, UTF-8 with a BOM so that Excel
 * reads the rupee sign and names right). Both write each row at once and wait while the reader (the
 * browser) is behind, so memory stays flat at any number of rows; both give the thread to other
 * admins' pages while they wait (`othersWaiting`). If the source throws mid-way the body ends with
 * an error (the browser shows a failed download, never a silently short file).
 */
import { PassThrough, type Writable } from "node:stream";
import { format as csvFormat } from "@fast-csv/format";
import ExcelJS from "exceljs";
import { createReadableStreamFromReadable } from "@remix-run/node";
import type { CellValue } from "~/models/list-columns";
import { spreadsheetSafe } from "~shared/spreadsheet-text";

/** What a writer needs of a column: the list's ListColumn is one. */
export type ExportColumn<Row> = { header: string; width?: number; money?: boolean; value: (row: Row) => CellValue };

export type ExportOutcome = { rows: number; complete: boolean };

export type WriterOptions = {
  /** other admins' requests in flight (server/admin-server.ts): while any wait, each turn pauses a moment */
  othersWaiting?: () => number;
  /** the source broke off (not heard when the reader went away) */
  onError?: (error: unknown) => void;
  /** once, when the body ends: how many rows were written, and whether all of them */
  onEnd?: (outcome: ExportOutcome) => void;
};

/** Rows written between two turns of the event loop. */
const ROWS_PER_TURN = 32;
/** The pause per turn while other requests are being answered. */
const YIELD_TO_OTHERS_MS = 4;
const MONEY_FORMAT = "#,##0.00";
const DEFAULT_WIDTH = 18;

/** A turn of the event loop (longer while others wait), then wait while the reader is behind. */
async function giveWay(sink: Writable, othersWaiting: () => number) {
  if (othersWaiting() > 0) await new Promise((resolve) => setTimeout(resolve, YIELD_TO_OTHERS_MS));
  else await new Promise((resolve) => setImmediate(resolve));
  if (sink.writableNeedDrain && !sink.destroyed) await new Promise((resolve) => sink.once("drain", resolve).once("close", resolve));
}

/**
 * Runs `write` over the rows, giving way every few rows (and while `sink`, what `write` writes to,
 * is full); `finish` ends the file; the body `out` ends, or is destroyed with the source's error;
 * the outcome is reported once.
 */
function pump<Row>(
  rows: Iterable<Row> | AsyncIterable<Row>,
  out: PassThrough,
  sink: Writable,
  write: (row: Row) => void,
  finish: () => Promise<void>,
  options: WriterOptions,
) {
  const othersWaiting = options.othersWaiting ?? (() => 0);
  let count = 0;
  let reported = false;
  const report = (complete: boolean) => {
    if (reported) return;
    reported = true;
    options.onEnd?.({ rows: count, complete });
  };
  // the reader went away (a cancelled download): the rows written so far are what it got
  out.once("close", () => report(false));
  void (async () => {
    try {
      for await (const row of rows) {
        if (out.destroyed) return;
        write(row);
        count++;
        if (count % ROWS_PER_TURN === 0) await giveWay(sink, othersWaiting);
      }
      if (out.destroyed) return;
      await finish();
      report(true);
    } catch (error) {
      if (!out.destroyed) options.onError?.(error);
      report(false);
      out.destroy(error instanceof Error ? error : new Error(String(error)));
    }
  })();
  return createReadableStreamFromReadable(out);
}

/** The rows as an .xlsx with one sheet (its name ≤ 31 characters), the header row bold and frozen. */
export function workbookStream<Row>(
  sheetName: string,
  columns: readonly ExportColumn<Row>[],
  rows: Iterable<Row> | AsyncIterable<Row>,
  options: WriterOptions = {},
): ReadableStream<Uint8Array> {
  const out = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: true,
    useSharedStrings: false,
    // fast deflate: the file is a download, CPU time matters more than a few KB
    zip: { zlib: { level: 1 } },
  } as ConstructorParameters<typeof ExcelJS.stream.xlsx.WorkbookWriter>[0]);
  const sheet = workbook.addWorksheet(sheetName.slice(0, 31), { views: [{ state: "frozen", ySplit: 1 }] });
  sheet.columns = columns.map((c, i) => ({
    header: c.header,
    key: String(i),
    width: c.width ?? DEFAULT_WIDTH,
    style: c.money ? { numFmt: MONEY_FORMAT } : undefined,
  }));
  sheet.getRow(1).font = { bold: true };
  // one style object per column, shared by all its cells: exceljs looks a known style object up in
  // a WeakMap, where each cell's own copy (its default) costs a style serialisation
  const columnStyles = columns.map((c) => Object.freeze(c.money ? { numFmt: MONEY_FORMAT } : {}));
  const setColumnStyle = (cell: ExcelJS.Cell, col: number) => {
    cell.style = columnStyles[col - 1];
  };
  const values: CellValue[] = new Array(columns.length);
  // exceljs writes the sheet's XML into the zip's deflate stream without waiting for it, and zlib
  // takes one chunk (~60 rows) per turn of the event loop: giving way every few rows keeps that
  // queue near empty (every 500 rows it held 60-100 MB at 100k rows)
  return pump(
    rows,
    out,
    out,
    (row) => {
      for (let c = 0; c < columns.length; c++) values[c] = columns[c].value(row);
      const added = sheet.addRow(values);
      added.eachCell(setColumnStyle);
      added.commit();
    },
    async () => {
      sheet.commit();
      await workbook.commit();
    },
    options,
  );
}

/**
 * A text cell a spreadsheet would read as a formula (=, @, or + and - before anything but a number
 * or a phone number) gets a leading apostrophe: a .csv opened in Excel must not run what a user typed.
 */
export function csvCell(value: CellValue, money = false): string {
  if (value === undefined) return "";
  if (typeof value === "number") return money ? value.toFixed(2) : String(value);
  return spreadsheetSafe(value);
}

/** The rows as a .csv: a header line, then one line per row (RFC 4180 quoting, CRLF, UTF-8 with a BOM). */
export function csvStream<Row>(
  columns: readonly ExportColumn<Row>[],
  rows: Iterable<Row> | AsyncIterable<Row>,
  options: WriterOptions = {},
): ReadableStream<Uint8Array> {
  const out = new PassThrough();
  const csv = csvFormat<string[], string[]>({ writeBOM: true, rowDelimiter: "\r\n", includeEndRowDelimiter: true });
  csv.pipe(out);
  csv.write(columns.map((c) => c.header));
  return pump(
    rows,
    out,
    csv,
    (row) => {
      csv.write(columns.map((c) => csvCell(c.value(row), c.money)));
    },
    () => new Promise<void>((resolve) => csv.end(resolve)),
    options,
  );
}
