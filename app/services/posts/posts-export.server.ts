import { SEARCH_TOO_LONG } from "~/services/list-query.server";
import { POST_COLUMNS, type PostRow } from "~/models/post-labels";
import { EXPORT_PAGE_SIZE, type ListExport } from "~/services/list-export.server";
import { readPostsQuery, toRow } from "~/services/posts/posts-list.server";

/** The posts list as an export: its columns, its URL (search, status, sort), its numbered pages. */
export const POSTS_EXPORT: ListExport<ReturnType<typeof readPostsQuery>, PostRow> = {
  list: "posts",
  path: "/admin/posts",
  columns: POST_COLUMNS,
  readQuery: (params) => {
    const query = readPostsQuery(params);
    return { query, errors: query.searchTooLong ? [SEARCH_TOO_LONG] : [] };
  },
  page: async (api, query, at) => {
    const list = await api.listPosts({
      page: at.page,
      page_size: EXPORT_PAGE_SIZE,
      search: query.search || undefined,
      status: query.status || undefined,
      sortField: query.sort?.field,
      sortOrder: query.sort?.order,
    });
    return { rows: list.rows.map(toRow), total: list.total };
  },
};
