import { PAYMENT_STATUSES, type PaymentListQuery, type PaymentStatus } from "~/models/payment";
import { PAGE_SIZES, readPaging } from "~/components/categories/list-query.server";
import { parseCalendarDate } from "~/services/dates";

export { PAGE_SIZES };

export type PaymentFilters = { provider: string; status: string; start_date: string; end_date: string };

/**
 * The payments list's URL: paging with clean fallbacks and the filter panel's keys. A filter typed
 * wrong is not applied and is reported in words.
 */
export function readPaymentListQuery(params: URLSearchParams) {
  const paging = readPaging(params);
  const raw: PaymentFilters = {
    provider: params.get("provider")?.trim().slice(0, 100) ?? "",
    status: params.get("status")?.trim() ?? "",
    start_date: params.get("start_date")?.trim() ?? "",
    end_date: params.get("end_date")?.trim() ?? "",
  };
  const errors: string[] = [];
  const query: Partial<PaymentListQuery> & { page: number; page_size: number } = { ...paging };
  if (raw.provider) query.provider = raw.provider;
  if (raw.status && raw.status !== "All") {
    if ((PAYMENT_STATUSES as readonly string[]).includes(raw.status)) query.status = raw.status as PaymentStatus;
    else errors.push("Status: choose a status from the list.");
  }
  const from = raw.start_date ? parseCalendarDate(raw.start_date) : null;
  const to = raw.end_date ? parseCalendarDate(raw.end_date) : null;
  if (raw.start_date && !from) errors.push(`From Date "${raw.start_date}" is not a date (use YYYY-MM-DD).`);
  if (raw.end_date && !to) errors.push(`To Date "${raw.end_date}" is not a date (use YYYY-MM-DD).`);
  if (from && to && from > to) {
    errors.push("From Date must be on or before To Date.");
  } else {
    if (from) query.start_date = raw.start_date;
    if (to) query.end_date = raw.end_date;
  }
  return { query, raw, errors };
}

/**
 * ?dialog=release&id=…: null when no release dialog is asked for; `{ id: null }` when the id is
 * not a payment id (the page says so rather than showing nothing).
 */
export function readReleaseDialog(params: URLSearchParams): { id: number | null; raw: string } | null {
  if (params.get("dialog") !== "release") return null;
  const raw = (params.get("id") ?? "").trim();
  return { id: /^\d{1,9}$/.test(raw) && Number(raw) > 0 ? Number(raw) : null, raw: raw.slice(0, 40) };
}
