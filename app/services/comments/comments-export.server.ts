import { COMMENT_COLUMNS, type CommentRow } from "~/models/comments";
import { toRow } from "~/services/comments/comments-list.server";
import { readCommentsQuery } from "~/services/comments/list-query.server";
import { EXPORT_PAGE_SIZE, type ListExport } from "~/services/list-export.server";
import type { CommentsListQuery } from "~/services/marketplace/comments.server";

/** Comment Moderation as an export: its columns (each article's title whole), its URL, its numbered pages. */
export const COMMENTS_EXPORT: ListExport<CommentsListQuery, CommentRow> = {
  list: "comments",
  path: "/admin/comments",
  columns: COMMENT_COLUMNS,
  readQuery: (params) => {
    const { query, errors } = readCommentsQuery(params);
    return { query, errors };
  },
  notFilter: ["comment", "dialog", "id", "ids", "select"],
  page: async (api, query, at) => {
    const list = await api.listComments({ ...query, page: at.page, page_size: EXPORT_PAGE_SIZE });
    return { rows: list.rows.map(toRow), total: list.total };
  },
};
