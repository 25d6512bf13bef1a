import { readCustomer, readPaging, readSort } from "~/services/list-query.server";
import { isRecordId } from "~contract/ids";
import { PAYMENT_SORT_FIELDS, PAYMENT_STATUSES, type PaymentListQuery } from "~contract/payments";
import { type PaymentFilters } from "~/models/payments";
import { readDateRange } from "~/utils/dates";
import { isOneOf } from "~shared/one-of";
import { RELEASE_STATE_FILTERS } from "~contract/payouts";
import { REQUEST_DIALOG_KINDS, type RequestDialogKind } from "~/models/payments";

/**
 * The payments list's URL: paging with clean fallbacks, the filter panel's keys and the sort
 * (sortField/sortOrder, DataTable's header links). A filter or sort typed wrong is not applied and
 * is reported in words.
 */
export function readPaymentListQuery(params: URLSearchParams) {
  const paging = readPaging(params);
  const raw: PaymentFilters = {
    provider: params.get("provider")?.trim().slice(0, 100) ?? "",
    status: params.get("status")?.trim() ?? "",
    releasable: params.get("releasable")?.trim() ?? "",
    release_state: params.get("release_state")?.trim() ?? "",
    start_date: params.get("start_date")?.trim() ?? "",
    end_date: params.get("end_date")?.trim() ?? "",
  };
  const errors: string[] = [];
  const query: Partial<PaymentListQuery> & { page: number; page_size: number } = { ...paging };
  if (raw.provider) query.provider = raw.provider;
  if (raw.status && raw.status !== "All") {
    if (isOneOf(PAYMENT_STATUSES, raw.status)) query.status = raw.status;
    else errors.push("Status: choose a status from the list.");
  }
  if (raw.releasable === "yes") query.releasable = "yes";
  else if (raw.releasable && raw.releasable !== "All") errors.push("Release: choose an option from the list.");
  if (raw.release_state && raw.release_state !== "All") {
    if (isOneOf(RELEASE_STATE_FILTERS, raw.release_state)) query.release_state = raw.release_state;
    else errors.push("Release state: choose a state from the list.");
  }
  const userId = readCustomer(params, errors);
  if (userId) query.user_id = userId;
  const dates = readDateRange(raw, { from: "From Date", to: "To Date" });
  errors.push(...dates.errors);
  if (dates.start_date) query.start_date = dates.start_date;
  if (dates.end_date) query.end_date = dates.end_date;
  const sort = readSort(params, PAYMENT_SORT_FIELDS, errors);
  if (sort) {
    query.sortField = sort.field;
    query.sortOrder = sort.order;
  }
  return { query, raw, sort: sort ?? null, errors };
}

/**
 * ?dialog=release&id=…: null when no release dialog is asked for; `{ id: null }` when the id is
 * not a payment id (the page says so rather than showing nothing).
 */
export function readReleaseDialog(params: URLSearchParams): { id: number | null; raw: string } | null {
  if (params.get("dialog") !== "release") return null;
  const raw = (params.get("id") ?? "").trim();
  return { id: isRecordId(raw) ? Number(raw) : null, raw: raw.slice(0, 40) };
}

/** ?dialog=approve-release|reject-release&id=<payment id>: the release request dialog asked for, or null. */
export function readRequestDialog(params: URLSearchParams): { kind: RequestDialogKind; id: number | null; raw: string } | null {
  const kind = params.get("dialog");
  if (!isOneOf(REQUEST_DIALOG_KINDS, kind)) return null;
  const raw = (params.get("id") ?? "").trim();
  return { kind, id: isRecordId(raw) ? Number(raw) : null, raw: raw.slice(0, 40) };
}
