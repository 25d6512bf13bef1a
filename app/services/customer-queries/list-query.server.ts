import { isRecordId } from "~contract/ids";
import { MAX_SEARCH_LENGTH } from "~contract/list-query";
import { CUSTOMER_QUERY_SORT_FIELDS, type GroupedChatsQuery } from "~contract/customer-queries";
import { readPaging, readSort, SEARCH_TOO_LONG } from "~/services/list-query.server";
import { readDateRange } from "~/utils/dates";

/** The URL keys of the dialogs (the Query Details, its chat page, the service details, the confirmations). */
export const QUERY_DIALOG_KEYS = ["query", "before", "after", "service", "dialog", "id", "user"] as const;
/** The keys that only the inner dialogs use: dropped when going back to the Query Details. */
export const INNER_DIALOG_KEYS = ["service", "dialog", "id", "user"] as const;

const idOf = (value: string | null) => (isRecordId(value?.trim()) ? Number(value!.trim()) : null);

export type AskedQuery = {
  groupId: number | null;
  /** the raw ?query= (to say why it cannot be shown) */
  rawGroup: string;
  before: number | null;
  after: number | null;
  service: number | null;
  confirm: { kind: "delete-message"; id: number } | { kind: "delete-attempt"; id: number; userId: number } | null;
};

/**
 * Customer Queries' URL: paging as every list reads it, the search, the dates (the last message's
 * day), the sort (?sortField=date&sortOrder=asc|desc; none: newest first) and the dialog asked for: ?query=<group id> the Query Details (&before=<id> / &after=<id>
 * a page of its chat), &service=<message id> the service details, &dialog=delete-message&id=…
 * or &dialog=delete-attempt&id=…&user=<user id> a confirmation.
 */
export function readQueriesQuery(params: URLSearchParams) {
  const get = (key: string) => params.get(key)?.trim() ?? "";
  const filters = { search: get("search"), start_date: get("start_date"), end_date: get("end_date") };
  const errors: string[] = [];
  const query: GroupedChatsQuery & { page: number; page_size: number } = { ...readPaging(params) };
  if (filters.search.length > MAX_SEARCH_LENGTH) errors.push(SEARCH_TOO_LONG);
  else if (filters.search) query.search = filters.search;
  const dates = readDateRange(filters, { from: "Start Date", to: "End Date" });
  errors.push(...dates.errors);
  if (dates.start_date) query.start_date = dates.start_date;
  if (dates.end_date) query.end_date = dates.end_date;
  const sort = readSort(params, CUSTOMER_QUERY_SORT_FIELDS) ?? null;
  if (sort) {
    query.sortField = sort.field;
    query.sortOrder = sort.order;
  }

  const dialog = get("dialog");
  const id = idOf(params.get("id"));
  const user = idOf(params.get("user"));
  const asked: AskedQuery | null = params.has("query")
    ? {
        groupId: idOf(params.get("query")),
        rawGroup: get("query"),
        before: idOf(params.get("before")),
        after: params.has("before") ? null : idOf(params.get("after")),
        service: idOf(params.get("service")),
        confirm:
          dialog === "delete-message" && id !== null
            ? { kind: "delete-message", id }
            : dialog === "delete-attempt" && id !== null && user !== null
              ? { kind: "delete-attempt", id, userId: user }
              : null,
      }
    : null;
  return { query, filters, sort, errors, asked };
}

/** The URL without `keys` (default: the inner dialogs', so the Query Details stays open). */
export function queriesUrlWithout(url: URL, keys: readonly string[] = INNER_DIALOG_KEYS): string {
  const params = new URLSearchParams(url.search);
  for (const key of keys) params.delete(key);
  const query = params.toString();
  return url.pathname + (query ? `?${query}` : "");
}
