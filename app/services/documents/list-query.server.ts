import type { DocumentsFilters, DocumentsSort } from "~/models/documents";
import { MAX_SEARCH_LENGTH } from "~contract/list-query";
import { DOCUMENT_SORT_FIELDS, type ProviderDocumentsQuery } from "~contract/service-providers";
import { readDateRange } from "~/utils/dates";
import { isOneOf } from "~shared/one-of";
import { readPaging, SEARCH_TOO_LONG } from "../list-query.server";

const SORT_ORDERS = ["asc", "desc"] as const;

/** The URL's search, dates, sort and paging; a wrong value is reported in words and not applied. */
export function readDocumentsQuery(params: URLSearchParams) {
  const get = (key: string) => params.get(key)?.trim() ?? "";
  const raw: DocumentsFilters = { search: get("search"), start_date: get("start_date"), end_date: get("end_date") };
  const errors: string[] = [];
  const query: Partial<ProviderDocumentsQuery> & { page: number; page_size: number } = readPaging(params, 50);
  if (raw.search.length > MAX_SEARCH_LENGTH) errors.push(SEARCH_TOO_LONG);
  else if (raw.search) query.search = raw.search;
  const dates = readDateRange(raw, { from: "Start Date", to: "End Date" });
  errors.push(...dates.errors);
  if (dates.start_date) query.start_date = dates.start_date;
  if (dates.end_date) query.end_date = dates.end_date;
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
