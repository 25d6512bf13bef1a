/**
 * The export engine (issue 32 §2): any list, as it is filtered and sorted, to .xlsx or .csv, every
 * page, no row cap. A list states its export once (its ListExport: the columns its table shows, how
 * its URL reads, how one page is fetched) and its `…/export` resource route hands it here.
 *
 * - The URL is the list's own URL plus `format=xlsx|csv`: the same filter, search and sort as the
 *   page; paging is ignored (every row, in the page's order).
 * - The first page is read and the export recorded in the audit log (who, which list, format,
 *   filter, the list's total) before the first byte: a refused filter, an API failure or a refused
 *   audit entry goes back to the list with the "Failed to export data" toast (with JavaScript: 204
 *   and the message in the link's token cookie, see app/components/export-link.tsx).
 * - Then the rows stream page by page (MAX_PAGE_SIZE a call; the next page is read while this one
 *   is written; a keyset list follows its Next cursor, others their page numbers).
 */
import { type ExportFormat, EXPORT_FORMATS, EXPORT_LISTS, type ExportListKey } from "~contract/list-export";
import { MAX_PAGE_SIZE } from "~contract/list-query";
import {
  EXPORT_COOKIE_MAX_AGE,
  EXPORT_COOKIE_PATH,
  EXPORT_FAILED_PREFIX,
  EXPORT_MESSAGES,
  EXPORT_OK,
  EXPORT_TOKEN,
  EXPORT_TOKEN_PARAM,
  exportCookieName,
} from "~/models/export-status";
import type { ListColumn } from "~/models/list-columns";
import { visibleColumns } from "~/models/list-views";
import { getServerEnv } from "~/services/env.server";
import { csvStream, workbookStream } from "~/services/export-writers.server";
import { errorReporter, MarketplaceError } from "~/services/marketplace/client.server";
import type { Marketplace } from "~/services/marketplace/index.server";
import { redirectWithToast } from "~/services/toast.server";
import { DateTime } from "luxon";
import { ADMIN_ZONE } from "~shared/dates";

/** Rows per API call while exporting: the most the API answers in one page. */
export const EXPORT_PAGE_SIZE = MAX_PAGE_SIZE;

/** Where a page starts: its number, and the keyset cursor that leads to it when the list answers one. */
export type PageAt = { page: number; cursor?: string };
export type ExportPage<Row> = { rows: Row[]; total: number; next?: string | null };

/**
 * A keyset list's page after the first asks for no total (`total=none`): only the first page's
 * total is used (the audit entry's row count), and counting on each of a 100,000-row list's pages
 * cost a large part of the export.
 */
export const laterPage = (at: PageAt): { total?: "none" } => (at.cursor ? { total: "none" } : {});

export type ListExport<Query, Row> = {
  list: ExportListKey;
  /** the list page's path: where a failure goes back to (with the same query) */
  path: string;
  columns: readonly ListColumn<Row>[];
  /** the list's URL as the page reads it (paging aside); errors: a filter it refuses */
  readQuery: (params: URLSearchParams) => { query: Query; errors: string[] };
  /** one page of EXPORT_PAGE_SIZE rows in the list's order, the list's total, and the next page's cursor if the list answers one */
  page: (api: Marketplace["raw"], query: Query, at: PageAt) => Promise<ExportPage<Row>>;
  /** the URL's keys that are not the filter (a row dialog's); paging keys are dropped for every list */
  notFilter?: readonly string[];
};

/** URL keys that are never part of what an export is filtered by. */
const NOT_FILTER = ["page", "page_size", "cursor", "format", EXPORT_TOKEN_PARAM, "index"];

/** The list URL's filter, search and sort, as the audit entry keeps it (and its link reopens). */
export function exportFilter(params: URLSearchParams, notFilter: readonly string[] = []): string {
  const kept = new URLSearchParams();
  for (const [key, value] of params) if (!NOT_FILTER.includes(key) && !notFilter.includes(key) && value !== "") kept.append(key, value);
  return kept.toString();
}

/** users-2026-11-27.csv: the list's key and today in India. */
export function listExportFileName(list: ExportListKey, format: ExportFormat, now = new Date()) {
  return `${list}-${DateTime.fromJSDate(now).setZone(ADMIN_ZONE).toISODate()}.${format}`;
}

const CONTENT_TYPES: Record<ExportFormat, string> = {
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  csv: "text/csv; charset=utf-8",
};

/** The one-time cookie that tells the page (with JavaScript) how the export went. */
export function exportOutcomeCookie(token: string, value: string): string {
  const secure = getServerEnv().COOKIE_SECURE ? "; Secure" : "";
  return `${exportCookieName(token)}=${value}; Path=${EXPORT_COOKIE_PATH}; Max-Age=${EXPORT_COOKIE_MAX_AGE}; SameSite=Lax${secure}`;
}

/** The export link's token, when it carries a well-formed one (JavaScript on). */
export function exportToken(params: URLSearchParams): string | null {
  const raw = params.get(EXPORT_TOKEN_PARAM);
  return raw && EXPORT_TOKEN.test(raw) ? raw : null;
}

/**
 * A failed export's answer: without JavaScript back to `backTo` with the message as a toast; with
 * JavaScript (a token) 204, so the browser stays on the page, with the message in the token's cookie.
 */
export async function exportFailure(request: Request, token: string | null, backTo: string, message: string): Promise<Response> {
  if (!token) return redirectWithToast(request, backTo, { type: "error", message });
  return new Response(null, {
    status: 204,
    headers: { "Set-Cookie": exportOutcomeCookie(token, EXPORT_FAILED_PREFIX + encodeURIComponent(message)), "Cache-Control": "no-store" },
  });
}

/** Every row of the list from `first` on: the next page is read while this one is written. */
async function* everyRow<Row>(first: ExportPage<Row>, fetchPage: (at: PageAt) => Promise<ExportPage<Row>>): AsyncGenerator<Row> {
  let current = first;
  let page = 1;
  for (;;) {
    const more = current.rows.length >= EXPORT_PAGE_SIZE;
    let ahead: Promise<ExportPage<Row>> | null = null;
    if (more) {
      page++;
      ahead = fetchPage(current.next ? { page, cursor: current.next } : { page });
      // awaited below; until then a failure must not count as unhandled
      ahead.catch(() => undefined);
    }
    yield* current.rows;
    if (!ahead) return;
    current = await ahead;
    if (current.rows.length === 0) return;
  }
}

/**
 * GET <list>/export?…the list's URL…&format=xlsx|csv: the list as a download (see the top of this
 * file). The route has already checked the session and the list's access.
 */
export async function listExportResponse<Query, Row>(
  request: Request,
  api: Marketplace,
  spec: ListExport<Query, Row>,
  othersInFlight?: () => number,
): Promise<Response> {
  const url = new URL(request.url);
  const params = url.searchParams;
  const token = exportToken(params);
  const backParams = new URLSearchParams(params);
  for (const key of ["format", EXPORT_TOKEN_PARAM]) backParams.delete(key);
  const backTo = spec.path + (backParams.size ? `?${backParams}` : "");
  const fail = (message: string) => exportFailure(request, token, backTo, message);

  const rawFormat = params.get("format") ?? "xlsx";
  if (!(EXPORT_FORMATS as readonly string[]).includes(rawFormat)) return fail(`${EXPORT_MESSAGES.failed}: choose Excel (.xlsx) or CSV.`);
  const format = rawFormat as ExportFormat;
  const { query, errors } = spec.readQuery(params);
  if (errors.length > 0) return fail(`${EXPORT_MESSAGES.failed}: ${errors.join(" ")}`);

  const fetchPage = (at: PageAt) => spec.page(api.raw, query, at);
  let first: ExportPage<Row>;
  try {
    first = await fetchPage({ page: 1 });
    await api.raw.recordListExport({ list: spec.list, format, filter: exportFilter(params, spec.notFilter), rows: first.total });
  } catch (error) {
    if (!(error instanceof MarketplaceError)) throw error;
    return fail(EXPORT_MESSAGES.failed);
  }

  // From here the download has started, so a redirect is no longer possible: if a later page fails,
  // the body ends with an error and the browser shows a failed download (never a silently short file).
  const report = errorReporter();
  const options = {
    othersWaiting: othersInFlight,
    onError: (error: unknown) => {
      if (!request.signal.aborted) report(`${spec.list} export broke off`, error);
    },
  };
  const rows = everyRow(first, fetchPage);
  // the columns the page shows (the column chooser's `columns`), in their declared order
  const columns = visibleColumns(
    spec.columns.map((column) => ({ ...column, choosable: true })),
    url.search,
  );
  const body = format === "csv" ? csvStream(columns, rows, options) : workbookStream(EXPORT_LISTS[spec.list].name, columns, rows, options);
  const headers = new Headers({
    "Content-Type": CONTENT_TYPES[format],
    "Content-Disposition": `attachment; filename="${listExportFileName(spec.list, format)}"`,
    "Cache-Control": "no-store",
  });
  if (token) headers.append("Set-Cookie", exportOutcomeCookie(token, EXPORT_OK));
  return new Response(body, { status: 200, headers });
}
