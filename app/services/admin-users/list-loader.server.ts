import { data } from "@remix-run/node";
import type { AdminUser } from "~/models/admin-users";
import {
  accessSummary,
  ALL_ACCESS,
  PASSWORD_RULE,
  type AdminUserDialog,
  type AdminUserFormValues,
  type AdminUserRow,
} from "~/models/admin-user-labels";
import { PAGE_SIZES } from "~/models/list-query";
import { Search } from "~/models/list-query-schema";
import { redirectPastLastPage, throwLoaderError } from "~/services/errors.server";
import { listUrlWithoutDialog } from "~/services/form-result.server";
import { readPaging, readRowDialog } from "~/services/list-query.server";
import { getAdminUser, listAdminUsers } from "~/services/marketplace/admin-users.server";
import { callerOf, MarketplaceError } from "~/services/marketplace/client.server";
import { formatDate, formatDateTime } from "~/utils/dates";

export const NEW_ADMIN_VALUES: AdminUserFormValues = {
  adminUsername: "",
  adminEmail: "",
  adminStatus: "",
  adminRole: "",
  allAccess: false,
  access: [],
};

/** An admin user as the edit form starts from. */
export function formValuesOf(record: AdminUser): AdminUserFormValues {
  const all = record.adminAccessRoleSettings.includes(ALL_ACCESS);
  return {
    adminUsername: record.adminUsername,
    adminEmail: record.adminEmail,
    adminStatus: record.adminStatus,
    adminRole: record.adminRole,
    allAccess: all,
    access: all ? [] : record.adminAccessRoleSettings,
    updated_at: record.updated_at,
  };
}

function toRow(record: AdminUser, selfId: number): AdminUserRow {
  return {
    id: record.adminUserId,
    username: record.adminUsername,
    email: record.adminEmail,
    role: record.adminRole,
    status: record.adminStatus,
    access: accessSummary(record.adminAccessRoleSettings),
    created: formatDate(record.created_at),
    self: record.adminUserId === selfId,
  };
}

/**
 * /admin/list-admin-users: one page of admin users (page, page_size and search in the URL) and the
 * dialog the URL asks for (?dialog=add, ?dialog=edit&id=…, ?dialog=delete&id=…).
 */
export async function adminUsersLoader(request: Request, admin: AdminUser) {
  const url = new URL(request.url);
  const paging = readPaging(url.searchParams);
  const searched = Search.safeParse(url.searchParams.get("search") ?? "");
  const search = searched.success ? searched.data : "";
  const caller = callerOf(admin, request);

  const list = await listAdminUsers({ ...paging, search: search || undefined }, caller).catch(throwLoaderError);
  redirectPastLastPage(url, url.searchParams, paging.page, paging.page_size, list.total);

  let dialog: AdminUserDialog | null = null;
  let dialogError: string | null = null;
  if (url.searchParams.get("dialog") === "add") {
    dialog = { kind: "add", values: NEW_ADMIN_VALUES };
  } else {
    const kind = readRowDialog(url.searchParams, "edit") !== null ? "edit" : readRowDialog(url.searchParams, "delete") !== null ? "delete" : null;
    const id = kind ? readRowDialog(url.searchParams, kind) : null;
    if (kind && id !== null) {
      // the form edits the record as it is now, not the list's copy
      const found = await getAdminUser(id, caller).then(
        (record) => ({ record, error: null }),
        (error: unknown) => {
          if (!(error instanceof MarketplaceError)) throw error;
          return { record: null, error: error.kind === "not-found" ? "This admin user no longer exists." : error.message };
        },
      );
      dialogError = found.error;
      const record = found.record;
      if (record && kind === "edit") {
        dialog = { kind, id, values: formValuesOf(record), updatedText: formatDateTime(record.updated_at) };
      } else if (record) {
        dialog = { kind: "delete", id, username: record.adminUsername, self: record.adminUserId === admin.adminUserId };
      }
    }
  }

  return data({
    rows: list.rows.map((record) => toRow(record, admin.adminUserId)),
    total: list.total,
    page: paging.page,
    pageSize: paging.page_size,
    pageSizes: PAGE_SIZES,
    search,
    searchError: searched.success ? null : (searched.error.issues[0]?.message ?? null),
    dialog,
    dialogError,
    passwordRule: PASSWORD_RULE,
    listUrl: listUrlWithoutDialog(request),
  });
}
