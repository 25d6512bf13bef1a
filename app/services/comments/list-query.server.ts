import type { CommentsListQuery } from "~/services/marketplace/comments.server";
import { readPaging, readSort, readSearch } from "~/services/list-query.server";
import { COMMENT_SORT_FIELDS, COMMENT_STATUS_FILTERS, MAX_BULK_COMMENTS } from "~contract/comment-labels";
import { isRecordId } from "~contract/ids";
import { isOneOf } from "~shared/one-of";

/** The keys of the URL's dialogs and selection: dropped when going back to the plain list. */
const DIALOG_KEYS = ["comment", "dialog", "id", "ids", "select", "index"] as const;

/** Comment ids from repeated and/or comma-separated values ("1,2", ids=3&ids=4), de-duplicated; null if one is not an id. */
export function readIds(values: readonly string[]): number[] | null {
  const parts = values
    .flatMap((v) => v.split(","))
    .map((v) => v.trim())
    .filter(Boolean);
  if (parts.length > MAX_BULK_COMMENTS || !parts.every((p) => isRecordId(p))) return null;
  return [...new Set(parts.map(Number))];
}

/**
 * Comment Moderation's URL: paging as every list reads it, the search, ?status=approved|pending,
 * the sort (?sortField=created_at|is_approved&sortOrder=asc|desc; anything else: newest first, quietly),
 * and the dialog asked for (?comment=<id> the content; ?dialog=delete&id=<id>; ?dialog=bulk-delete&ids=…).
 */
export function readCommentsQuery(params: URLSearchParams) {
  const status = (params.get("status") ?? "").trim();
  const errors: string[] = [];
  const query: CommentsListQuery = { ...readPaging(params) };
  const search = readSearch(params, errors);
  if (search) query.search = search;
  if (status) {
    if (isOneOf(COMMENT_STATUS_FILTERS, status)) query.is_approved = status;
    else errors.push("Status: choose Approved or Pending.");
  }
  const sort = readSort(params, COMMENT_SORT_FIELDS);
  if (sort) {
    query.sortField = sort.field;
    query.sortOrder = sort.order;
  }
  const dialog = params.get("dialog");
  const asked =
    dialog === "delete"
      ? ({ kind: "delete", id: (params.get("id") ?? "").trim() } as const)
      : dialog === "bulk-delete"
        ? ({ kind: "bulk-delete", ids: readIds(params.getAll("ids")) } as const)
        : params.has("comment")
          ? ({ kind: "view", id: (params.get("comment") ?? "").trim() } as const)
          : null;
  return { query, search, status, sort, errors, asked, selectAll: params.get("select") === "all" };
}

/** The list's URL without the dialogs' and selection's keys (keepView: the content dialog stays open). */
export function commentsListUrl(url: URL, { keepView = false } = {}): string {
  const params = new URLSearchParams(url.search);
  for (const key of DIALOG_KEYS) if (!(keepView && key === "comment")) params.delete(key);
  const query = params.toString();
  return url.pathname + (query ? `?${query}` : "");
}
