import { z } from "zod";
import { DOCUMENT_SORT_FIELDS, DocumentReviewRow, type ProviderDocumentsQuery } from "~/models/service-providers";
import { readDateRange } from "~/utils/dates";
import { apiRequest, type Caller } from "./client.server";
import { PAGE_SIZES } from "~/models/list-query";

/** One page of the provider documents review (spec 3 §2.2). */
export async function listProviderDocuments(query: Partial<ProviderDocumentsQuery>, caller: Caller) {
  const answer = await apiRequest("/get-all-serviceprovider-documents", {
    query,
    caller,
    answer: z.object({
      data: z.array(DocumentReviewRow),
      total_results: z.number().int(),
      current_page: z.number().int(),
      page_size: z.number().int(),
    }),
  });
  return { rows: answer.data, total: answer.total_results, page: answer.current_page, pageSize: answer.page_size };
}

export const DOCUMENT_PAGE_SIZES = PAGE_SIZES;
const DEFAULT_PAGE_SIZE = 50;
const page = z.coerce.number().int().min(1).max(1_000_000);
const pageSize = z.coerce.number().int().refine((n) => (DOCUMENT_PAGE_SIZES as readonly number[]).includes(n));
const sortField = z.enum(DOCUMENT_SORT_FIELDS);
const sortOrder = z.enum(["asc", "desc"]);

/** The URL's search, dates, sort and paging; a wrong value is reported in words and not applied. */
export function readDocumentsQuery(params: URLSearchParams) {
  const get = (key: string) => params.get(key)?.trim() ?? "";
  const raw = { search: get("search"), start_date: get("start_date"), end_date: get("end_date") };
  const errors: string[] = [];
  const p = page.safeParse(params.get("page") ?? undefined);
  const s = pageSize.safeParse(params.get("page_size") ?? undefined);
  const query: Partial<ProviderDocumentsQuery> & { page: number; page_size: number } = {
    page: p.success ? p.data : 1,
    page_size: s.success ? s.data : DEFAULT_PAGE_SIZE,
  };
  if (raw.search.length > 100) errors.push("Search is at most 100 characters.");
  else if (raw.search) query.search = raw.search;
  const dates = readDateRange(raw, { from: "Start Date", to: "End Date" });
  errors.push(...dates.errors);
  if (dates.start_date) query.start_date = dates.start_date;
  if (dates.end_date) query.end_date = dates.end_date;
  const field = sortField.safeParse(params.get("sortField") ?? undefined);
  const order = sortOrder.safeParse(params.get("sortOrder") ?? undefined);
  const sort = field.success && order.success ? { field: field.data, order: order.data } : undefined;
  if (sort) {
    query.sortField = sort.field;
    query.sortOrder = sort.order;
  }
  return { query, raw, errors, sort };
}
