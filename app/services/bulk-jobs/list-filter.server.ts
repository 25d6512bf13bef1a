import { BULK_JOB_LISTS, BULK_LIST_INFO, NOT_FILTER_KEYS, type BulkJobList } from "~contract/bulk-job-labels";
import type { RouteAccess } from "~contract/access";
import { providerListParams } from "~/services/marketplace/service-providers.server";
import { usersListParams } from "~/services/marketplace/users.server";
import { listUrlOf, readProviderListQuery } from "~/services/service-providers/list-query.server";
import { readUsersQuery, usersListUrl } from "~/services/users/list-query.server";
import { commentsListUrl, readCommentsQuery } from "~/services/comments/list-query.server";
import { documentsListUrl, readDocumentsQuery } from "~/services/documents/list-query.server";
import { isOneOf } from "~shared/one-of";

/** The list a bulk-job URL names (?list=…), or null. */
export function bulkListOf(params: URLSearchParams): BulkJobList | null {
  const list = params.get("list");
  return isOneOf(BULK_JOB_LISTS, list) ? list : null;
}

/** The access the guard asks for: the named list's ("always" when none is named: the page then answers 404). */
export function bulkListAccess(request: Request): RouteAccess {
  const list = bulkListOf(new URL(request.url).searchParams);
  return list ? BULK_LIST_INFO[list].access : "always";
}

/** The API query parameters minus paging, sort and cursor, blanks dropped: what the job's rows are. */
function filterOf(params: Record<string, string | number | boolean | undefined>): Record<string, string> {
  const filter: Record<string, string> = {};
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === "" || (NOT_FILTER_KEYS as readonly string[]).includes(key)) continue;
    filter[key] = String(value);
  }
  return filter;
}

/**
 * A list's filter, read from its URL with the list's own reader, as the API query parameters the
 * list sends: the same rows the list shows (all pages of them). `errors`: filters the list would
 * not apply (a job is not made from them); `listUrl`: the list, as the admin left it.
 */
export function readListFilter(list: BulkJobList, url: URL) {
  const params = new URLSearchParams(url.search);
  params.delete("list");
  if (list === "service-provider") {
    const { query, errors } = readProviderListQuery(params);
    return { filter: filterOf(providerListParams(query)), query, errors, listUrl: listUrlOf(`/admin/service-provider?${params}`) };
  }
  if (list === "documents") {
    const { query, errors } = readDocumentsQuery(params);
    return { filter: filterOf(query), query, errors, listUrl: documentsListUrl(new URL(`/admin/documents?${params}`, url)) };
  }
  if (list === "comments") {
    const { query, errors } = readCommentsQuery(params);
    return { filter: filterOf(query), query, errors, listUrl: commentsListUrl(new URL(`/admin/comments?${params}`, url)) };
  }
  const { query, errors } = readUsersQuery(params);
  return { filter: filterOf(usersListParams(query)), query, errors, listUrl: usersListUrl(new URL(`/admin/user?${params}`, url)) };
}

/**
 * The list's URL for a job's stored filter (its API query parameters): where the job's page goes
 * back to, the list as the admin filtered it. The lists whose URL words differ from their API's
 * (Users' status, Comments' status) are turned back; the others' keys are the same.
 */
export function listUrlOfFilter(list: BulkJobList, filter: Record<string, string>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filter)) {
    if (list === "user" && key === "is_active") params.set("status", value === "true" ? "Active" : "Blocked");
    else if (list === "comments" && key === "is_approved") params.set("status", value);
    else params.set(key, value);
  }
  return `${BULK_LIST_INFO[list].path}${params.size ? `?${params}` : ""}`;
}
