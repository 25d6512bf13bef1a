import { data } from "@remix-run/node";
import { MAX_SEARCH_LENGTH, PAGE_SIZES } from "~contract/list-query";
import { POST_SORT_FIELDS, POST_STATUSES, type PostListRow } from "~contract/posts";
import { type PostRow, type PostsPageData, type PostStatus } from "~/models/post-labels";
import { redirectPastLastPage } from "~/services/errors.server";
import { readPaging, readSort, SEARCH_TOO_LONG } from "~/services/list-query.server";
import type { Marketplace } from "~/services/marketplace/index.server";
import { formatDateTime } from "~/utils/dates";
import { isOneOf } from "~shared/one-of";

/** The list's URL: paging as every list reads it, the search, the status filter and the sort (a bad sort is ignored). */
export function readPostsQuery(params: URLSearchParams) {
  const search = (params.get("search") ?? "").trim();
  const asked = params.get("status") ?? "";
  const status: PostStatus | "" = isOneOf(POST_STATUSES, asked) ? asked : "";
  return {
    ...readPaging(params),
    search: search.slice(0, MAX_SEARCH_LENGTH),
    searchTooLong: search.length > MAX_SEARCH_LENGTH,
    status,
    sort: readSort(params, POST_SORT_FIELDS),
  };
}

/** A post as the table's row (and the export's). */
export const toRow = (post: PostListRow): PostRow => ({
  id: post.id,
  title: post.title,
  author: post.author,
  status: post.status,
  tags: post.tags,
  createdAt: formatDateTime(post.created_at),
  updatedAt: formatDateTime(post.updated_at),
});

/** /admin/posts: one page of posts, searched and filtered as the URL says. */
export async function postsListLoader(request: Request, api: Marketplace) {
  const url = new URL(request.url);
  const query = readPostsQuery(url.searchParams);
  const list = await api.listPosts({
    page: query.page,
    page_size: query.page_size,
    search: query.search || undefined,
    status: query.status || undefined,
    sortField: query.sort?.field,
    sortOrder: query.sort?.order,
  });
  redirectPastLastPage(url, url.searchParams, query.page, query.page_size, list.total);
  return data<PostsPageData>({
    rows: list.rows.map(toRow),
    total: list.total,
    page: query.page,
    pageSize: query.page_size,
    pageSizes: PAGE_SIZES,
    search: query.search,
    searchError: query.searchTooLong ? SEARCH_TOO_LONG : null,
    status: query.status,
    sort: query.sort,
  });
}
