import { USER_DIALOGS, USER_SORT_FIELDS, type UserDialogKind } from "~contract/users";
import { USER_STATUS_FILTERS } from "~/models/user-labels";
import { type UserFilters } from "~/models/users";
import type { UsersListQuery } from "~/services/marketplace/users.server";
import { readCursor, readPaging, readSearch, readSort } from "~/services/list-query.server";
import { readDateRange } from "~/utils/dates";
import { isOneOf } from "~shared/one-of";

/** The URL keys of a row dialog: ?dialog=block|activate|delete&user=<username>. */
const DIALOG_KEYS = ["dialog", "user"] as const;

/**
 * The Users screen's URL: paging as every list reads it (10 a page by default), the search (username,
 * email or phone), the sort (sortField/sortOrder, DataTable's header links), the filter card's status
 * (Active / Blocked) and joined dates. A filter typed wrong is not applied and is reported in words;
 * a sort the list does not know is the default order.
 */
export function readUsersQuery(params: URLSearchParams) {
  const filters: UserFilters = {
    status: params.get("status")?.trim() ?? "",
    start_date: params.get("start_date")?.trim() ?? "",
    end_date: params.get("end_date")?.trim() ?? "",
  };
  const errors: string[] = [];
  const query: UsersListQuery = { ...readPaging(params), cursor: readCursor(params) };
  const search = readSearch(params, errors);
  if (search) query.search = search;
  const sort = readSort(params, USER_SORT_FIELDS);
  if (sort) {
    query.sortField = sort.field;
    query.sortOrder = sort.order;
  }
  if (filters.status && filters.status !== "All") {
    if (isOneOf(USER_STATUS_FILTERS, filters.status)) query.is_active = filters.status === "Active";
    else errors.push("Status: choose Active or Blocked.");
  }
  const dates = readDateRange(filters, { from: "Joined from", to: "Joined to" });
  errors.push(...dates.errors);
  if (dates.start_date) query.start_date = dates.start_date;
  if (dates.end_date) query.end_date = dates.end_date;
  const filtered = Boolean((filters.status && filters.status !== "All") || filters.start_date || filters.end_date);
  return { query, search, sort: sort ?? null, filters, errors, filtered };
}

/** The row dialog the URL asks for, if any: its kind and the username it names (maybe empty). */
export function readUserDialog(params: URLSearchParams): { kind: UserDialogKind; username: string } | null {
  const kind = params.get("dialog");
  if (!isOneOf(USER_DIALOGS, kind)) return null;
  return { kind: kind as UserDialogKind, username: (params.get("user") ?? "").trim().slice(0, 150) };
}

/** The list's URL without the dialog's keys: where Cancel, and a confirmed change, go back to. */
export function usersListUrl(url: URL): string {
  const params = new URLSearchParams(url.search);
  for (const key of DIALOG_KEYS) params.delete(key);
  params.delete("index");
  const query = params.toString();
  return url.pathname + (query ? `?${query}` : "");
}
