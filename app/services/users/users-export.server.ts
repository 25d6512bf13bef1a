import { USER_COLUMNS } from "~/models/users";
import { EXPORT_PAGE_SIZE, laterPage, type ListExport } from "~/services/list-export.server";
import type { UsersListQuery } from "~/services/marketplace/users.server";
import { readUsersQuery } from "~/services/users/list-query.server";
import { toRow } from "~/services/users/users-list.server";

/** The Users list as an export: its columns, its URL, its pages (keyset: each page's Next cursor). */
export const USERS_EXPORT: ListExport<UsersListQuery, ReturnType<typeof toRow>> = {
  list: "users",
  path: "/admin/user",
  columns: USER_COLUMNS,
  readQuery: (params) => readUsersQuery(params),
  notFilter: ["dialog", "user"],
  page: async (api, query, at) => {
    const list = await api.listUsers({ ...query, page: at.page, page_size: EXPORT_PAGE_SIZE, cursor: at.cursor, ...laterPage(at) });
    return { rows: list.rows.map(toRow), total: list.total, next: list.cursors.next };
  },
};
