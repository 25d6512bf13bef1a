import type { AdminUserRow } from "~/models/admin-user-labels";
import { ADMIN_USER_COLUMNS } from "~/models/admin-user-labels";
import { readAdminUsersQuery, toRow } from "~/services/admin-users/list-loader.server";
import { EXPORT_PAGE_SIZE, type ListExport } from "~/services/list-export.server";

type Query = ReturnType<typeof readAdminUsersQuery>["query"];

/** The Admin Users list as an export, for the admin exporting it ("(you)" is the table's alone). */
export const ADMIN_USERS_EXPORT: ListExport<Query, AdminUserRow> = {
  list: "admin-users",
  path: "/admin/list-admin-users",
  columns: ADMIN_USER_COLUMNS,
  readQuery: (params) => {
    const read = readAdminUsersQuery(params);
    const searchError = read.searched.success ? [] : [read.searched.error.issues[0]?.message ?? "Search is not valid."];
    return { query: read.query, errors: [...searchError, ...read.filterErrors] };
  },
  notFilter: ["dialog", "id", "edit", "delete", "end-sessions"],
  page: async (api, query, at) => {
    const list = await api.listAdminUsers({ ...query, page: at.page, page_size: EXPORT_PAGE_SIZE });
    return { rows: list.rows.map((record) => toRow(record, 0)), total: list.total };
  },
};
