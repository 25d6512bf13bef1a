import { isRecordId } from "~contract/ids";
import { CUSTOMER_PARAM } from "~/models/user-story";
import { noControlCharacters } from "~contract/input-rules";
import { hasControlCharacters } from "~/models/input-rules";
import { CURSOR_PARAM, DEFAULT_PAGE_SIZE, isPageCursor, MAX_SEARCH_LENGTH } from "~contract/list-query";
import { isOneOf } from "~shared/one-of";
import { Page } from "~contract/list-query-schema";
import { OfferedPageSize } from "~/models/list-query-schema";

/**
 * The URL keys every list shares, read with the models' ListQuery rules (page 1 … 1,000,000, a page
 * size the lists offer): a URL that breaks them falls back quietly to the first page, since a
 * bookmark or a hand-edited link should still open the list.
 */
export function readPaging(params: URLSearchParams, defaultPageSize: number = DEFAULT_PAGE_SIZE) {
  const p = Page.safeParse(params.get("page") ?? undefined);
  const s = OfferedPageSize.safeParse(params.get("page_size") ?? undefined);
  return { page: p.success ? p.data : 1, page_size: s.success ? s.data : defaultPageSize };
}

/**
 * A keyset page's ?cursor= (the million-row lists: docs/decisions/0020-keyset-pages.md): the
 * Previous/Next/last link's cursor, passed to the API as it came; one not of that form is dropped
 * (the numbered page is read).
 */
export function readCursor(params: URLSearchParams): string | undefined {
  const cursor = params.get(CURSOR_PARAM);
  return isPageCursor(cursor) ? cursor : undefined;
}

/** What every list says of a search over MAX_SEARCH_LENGTH (the page's notice, an export's refusal). */
export const SEARCH_TOO_LONG = `Search is at most ${MAX_SEARCH_LENGTH} characters.`;

/**
 * A list's search box (?search=…), trimmed: the text to send, or "" and a message in `errors` when
 * it holds control characters (a NUL, which no field can hold); over MAX_SEARCH_LENGTH it is cut
 * there, and `errors` says so.
 */
export function readSearch(params: URLSearchParams, errors: string[], key = "search"): string {
  const raw = (params.get(key) ?? "").trim();
  if (hasControlCharacters(raw)) {
    errors.push(`${noControlCharacters("Search")}.`);
    return "";
  }
  if (raw.length > MAX_SEARCH_LENGTH) errors.push(SEARCH_TOO_LONG);
  return raw.slice(0, MAX_SEARCH_LENGTH);
}

/** One page of an in-memory list (sub-categories come with their parent, all at once). */
export function pageOf<T>(items: T[], paging: { page: number; page_size: number }) {
  const pages = Math.max(1, Math.ceil(items.length / paging.page_size));
  const current = Math.min(paging.page, pages);
  return {
    rows: items.slice((current - 1) * paging.page_size, current * paging.page_size),
    total: items.length,
    page: current,
    pageSize: paging.page_size,
  };
}

/** A row dialog the URL asks for (?dialog=<name>&id=…): the record id, or null when absent or not an id. */
export function readRowDialog(params: URLSearchParams, name: string): number | null {
  if (params.get("dialog") !== name) return null;
  const id = params.get("id");
  return isRecordId(id) ? Number(id) : null;
}

/** The delete dialog the URL asks for (?dialog=delete&id=…), if any. */
export function readDialog(params: URLSearchParams): { kind: "delete"; id: number } | null {
  const id = readRowDialog(params, "delete");
  return id === null ? null : { kind: "delete", id };
}

export type ListSort<F extends string> = { field: F; order: "asc" | "desc" };

/**
 * ?sortField=…&sortOrder=asc|desc for a list that sorts by one of `fields` (DataTable's header links
 * write them): both valid, or no sort (the list's default order) — a hand-edited URL still opens.
 * Given `errors`, a sort the list refuses is also said there (as the list's refused filters are).
 */
export function readSort<const F extends string>(
  params: URLSearchParams,
  fields: readonly F[],
  errors?: string[],
): ListSort<F> | undefined {
  const field = params.get("sortField") ?? "";
  const order = params.get("sortOrder") ?? "";
  if (!isOneOf(fields, field) || (order !== "asc" && order !== "desc")) {
    if (errors && (field || order)) errors.push(sortRefused(field, order, fields));
    return undefined;
  }
  return { field: field as F, order };
}

/** Why a URL's sort was not applied (the list then shows its default order). */
function sortRefused(field: string, order: string, fields: readonly string[]): string {
  if (!field) return "Sort: choose a column to sort by.";
  if (!fields.includes(field)) return `Sort: this list cannot be sorted by "${field.slice(0, 40)}".`;
  return "Sort: the order must be ascending or descending.";
}

/**
 * ?user=<users.id>: only that customer's records; a value that is not an id is not applied, and
 * `errors` says so.
 */
export function readCustomer(params: URLSearchParams, errors: string[]): number | undefined {
  const raw = params.get(CUSTOMER_PARAM)?.trim();
  if (!raw) return undefined;
  if (isRecordId(raw)) return Number(raw);
  errors.push("User: the link does not name a user.");
  return undefined;
}
