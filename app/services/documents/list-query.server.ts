import type { DocumentsFilters, DocumentsSort } from "~/models/documents";
import { MAX_SEARCH_LENGTH } from "~contract/list-query";
import { DOCUMENT_SORT_FIELDS, type ProviderDocumentsQuery } from "~contract/service-providers";
import { readDateRange } from "~/utils/dates";
import { isOneOf } from "~shared/one-of";
import { DOCUMENT_REVIEW_STATUSES } from "~contract/document-labels";
import { readPaging, SEARCH_TOO_LONG } from "../list-query.server";

const SORT_ORDERS = ["asc", "desc"] as const;

export const REVIEW_STATUS_REFUSED = "Review: choose Pending, Approved or Rejected.";

/** The URL's search, dates, review status, sort and paging; a wrong value is reported in words and not applied. */
export function readDocumentsQuery(params: URLSearchParams) {
  const get = (key: string) => params.get(key)?.trim() ?? "";
  const raw: DocumentsFilters = {
    search: get("search"),
    start_date: get("start_date"),
    end_date: get("end_date"),
    review_status: get("review_status"),
  };
  const errors: string[] = [];
  const query: Partial<ProviderDocumentsQuery> & { page: number; page_size: number } = readPaging(params, 50);
  if (raw.search.length > MAX_SEARCH_LENGTH) errors.push(SEARCH_TOO_LONG);
  else if (raw.search) query.search = raw.search;
  const dates = readDateRange(raw, { from: "Start Date", to: "End Date" });
  errors.push(...dates.errors);
  if (dates.start_date) query.start_date = dates.start_date;
  if (dates.end_date) query.end_date = dates.end_date;
  if (isOneOf(DOCUMENT_REVIEW_STATUSES, raw.review_status)) query.review_status = raw.review_status;
  else if (raw.review_status && raw.review_status !== "All") errors.push(REVIEW_STATUS_REFUSED);
  const field = params.get("sortField");
  const order = params.get("sortOrder");
  const sort: DocumentsSort | undefined =
    isOneOf(DOCUMENT_SORT_FIELDS, field) && isOneOf(SORT_ORDERS, order) ? { field, order } : undefined;
  if (sort) {
    query.sortField = sort.field;
    query.sortOrder = sort.order;
  }
  return { query, raw, errors, sort };
}

/** The Documents list's URL as the admin left it (a bulk job's way back): its own keys, no dialog. */
export function documentsListUrl(url: URL) {
  const params = new URLSearchParams();
  for (const key of ["search", "start_date", "end_date", "review_status", "sortField", "sortOrder", "page", "page_size"]) {
    const value = url.searchParams.get(key);
    if (value) params.set(key, value);
  }
  return `/admin/documents${params.size ? `?${params}` : ""}`;
}
