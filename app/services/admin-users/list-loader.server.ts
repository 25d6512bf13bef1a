import { data } from "@remix-run/node";
import { adminChangeRefusal, adminDeleteRefusal } from "~contract/admin-user-access";
import { grantableFor } from "~/models/admin-user-access";
import { ADMIN_USER_SORT_FIELDS, type AdminUser } from "~contract/admin-users";
import {
  ADMIN_ROLES,
  ADMIN_STATUSES,
  ALL_ACCESS,
  CANNOT_DELETE_SELF,
  CANNOT_END_OWN_SESSIONS,
  END_SESSIONS_NEEDS_ALL_ACCESS,
  lastAllAccessAdmin,
} from "~contract/admin-user-labels";
import {
  accessSummary,
  type AdminUserDialog,
  type AdminUserFilters,
  type AdminUserFormValues,
  type AdminUserRow,
} from "~/models/admin-user-labels";
import { PASSWORD_RULE } from "~/models/passwords";
import { PAGE_SIZES } from "~contract/list-query";
import { Search } from "~contract/list-query-schema";
import { redirectPastLastPage } from "~/services/errors.server";
import { listUrlWithoutDialog } from "~/services/form-result.server";
import { readPaging, readRowDialog, readSort } from "~/services/list-query.server";
import { countAdminSessions } from "~/services/marketplace/admin-sessions.server";
import { TWO_FACTOR_MESSAGES } from "~contract/two-factor";
import type { TwoFactorPolicyView } from "~/models/two-factor";
import { MarketplaceError } from "~/services/marketplace/client.server";
import type { Marketplace } from "~/services/marketplace/index.server";
import { formatDate, formatDateTime } from "~/utils/dates";
import { isOneOf } from "~shared/one-of";

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

/** The list's URL (paging aside): the search, the status and role filters, the sort, as the API's query. */
export function readAdminUsersQuery(params: URLSearchParams) {
  const searched = Search.safeParse(params.get("search") ?? "");
  const search = searched.success ? searched.data : "";
  const { filters, filterErrors } = readFilters(params);
  const sort = readSort(params, ADMIN_USER_SORT_FIELDS) ?? null;
  const query = {
    search: search || undefined,
    status: filters.status || undefined,
    role: filters.role || undefined,
    sortField: sort?.field,
    sortOrder: sort?.order,
  };
  return { query, search, searched, filters, filterErrors, sort };
}

export function toRow(record: AdminUser, selfId: number): AdminUserRow {
  return {
    id: record.adminUserId,
    username: record.adminUsername,
    email: record.adminEmail,
    role: record.adminRole,
    status: record.adminStatus,
    access: accessSummary(record.adminAccessRoleSettings),
    created: formatDate(record.created_at),
    lastSignedIn: record.last_signed_in_at ? formatDateTime(record.last_signed_in_at) : "Never",
    self: record.adminUserId === selfId,
  };
}

/**
 * /admin/list-admin-users: one page of admin users (page, page_size, search and sort in the URL) and the
 * dialog the URL asks for (?dialog=add, ?dialog=edit&id=…, ?dialog=delete&id=…).
 */
export async function adminUsersLoader(request: Request, admin: AdminUser, api: Marketplace) {
  const url = new URL(request.url);
  const paging = readPaging(url.searchParams);
  const { query, search, searched, filters, filterErrors, sort } = readAdminUsersQuery(url.searchParams);
  const list = await api.listAdminUsers({ ...paging, ...query });
  redirectPastLastPage(url, url.searchParams, paging.page, paging.page_size, list.total);

  let dialog: AdminUserDialog | null = null;
  let dialogError: string | null = null;
  if (url.searchParams.get("dialog") === "add") {
    dialog = { kind: "add", values: NEW_ADMIN_VALUES, grant: grantableFor(admin, null) };
  } else {
    const kind =
      (["edit", "delete", "end-sessions", "reset-two-factor"] as const).find((name) => readRowDialog(url.searchParams, name) !== null) ??
      null;
    const id = kind ? readRowDialog(url.searchParams, kind) : null;
    if (kind && id !== null) {
      // the form edits the record as it is now, not the list's copy
      const found = await api.raw.getAdminUser(id).then(
        (record) => ({ record, error: null }),
        (error: unknown) => {
          if (!(error instanceof MarketplaceError)) throw error;
          return { record: null, error: error.kind === "not-found" ? "This admin user no longer exists." : error.message };
        },
      );
      dialogError = found.error;
      const record = found.record;
      const self = record?.adminUserId === admin.adminUserId;
      if (record && kind === "edit") {
        // what the API would refuse whatever is changed (an admin with All Access, to one without it) is said instead of the form
        const refusal = adminChangeRefusal(admin, { targetId: record.adminUserId, before: record, after: record });
        dialog = {
          kind,
          id,
          values: formValuesOf(record),
          updatedText: formatDateTime(record.updated_at),
          grant: grantableFor(admin, record),
          blocked: refusal?.message ?? null,
        };
      } else if (record && kind === "delete") {
        // a delete the API would certainly refuse is not offered: the dialog says why
        const last = !self && (await isLastAllAccessAdmin(record, api));
        const refusal = adminDeleteRefusal(admin, record);
        dialog = {
          kind,
          id,
          username: record.adminUsername,
          blocked: refusal ?? (self ? CANNOT_DELETE_SELF : last ? lastAllAccessAdmin(record.adminUsername, "delete") : null),
        };
      } else if (record && kind === "reset-two-factor") {
        const status = self || !holdsAllAccess(admin) ? null : await api.raw.adminTwoFactorStatus(record.adminUserId).catch(() => null);
        const blocked = !holdsAllAccess(admin)
          ? TWO_FACTOR_MESSAGES.resetNeedsAllAccess
          : self
            ? TWO_FACTOR_MESSAGES.resetOwn
            : status && !status.enabled
              ? `${record.adminUsername} has not set up two-factor sign-in: there is nothing to reset.`
              : null;
        dialog = { kind: "reset-two-factor", id, username: record.adminUsername, blocked };
      } else if (record) {
        const sessions = self || !holdsAllAccess(admin) ? 0 : await countAdminSessions(record.adminUserId).catch(() => 0);
        const blocked = !holdsAllAccess(admin)
          ? END_SESSIONS_NEEDS_ALL_ACCESS
          : self
            ? CANNOT_END_OWN_SESSIONS
            : sessions === 0
              ? `${record.adminUsername} is not signed in anywhere: there is no session to end.`
              : null;
        dialog = { kind: "end-sessions", id, username: record.adminUsername, sessions, blocked };
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
    sort,
    searchError: searched.success ? null : (searched.error.issues[0]?.message ?? null),
    dialog,
    dialogError,
    passwordRule: PASSWORD_RULE,
    listUrl: listUrlWithoutDialog(request),
    filters,
    filterErrors,
    canEndSessions: holdsAllAccess(admin),
    // the two-factor policy is All Access's alone: others are not shown it
    twoFactorPolicy: holdsAllAccess(admin) ? await twoFactorPolicyView(api) : null,
  });
}

/** The policy as the list's panel shows it; unreadable (the API down) says so instead of guessing. */
async function twoFactorPolicyView(api: Marketplace): Promise<TwoFactorPolicyView> {
  const policy = await api.raw.getTwoFactorPolicy().catch(() => null);
  if (!policy) return { on: null, changed: null };
  return {
    on: policy.require_two_factor,
    changed: policy.updated_at ? `${formatDateTime(policy.updated_at)}${policy.updated_by ? ` by ${policy.updated_by}` : ""}` : null,
  };
}

const holdsAllAccess = (admin: AdminUser) => admin.adminAccessRoleSettings.includes(ALL_ACCESS);

/** The list's Status and Role filters (a value it does not know is not applied, and said). */
function readFilters(params: URLSearchParams): { filters: AdminUserFilters; filterErrors: string[] } {
  const filters: AdminUserFilters = { status: params.get("status")?.trim() ?? "", role: params.get("role")?.trim() ?? "" };
  const filterErrors: string[] = [];
  if (filters.status && !isOneOf(ADMIN_STATUSES, filters.status)) {
    filterErrors.push(`Status: choose ${ADMIN_STATUSES.join(", ")}.`);
    filters.status = "";
  }
  if (filters.role && !isOneOf(ADMIN_ROLES, filters.role)) {
    filterErrors.push(`Role: choose ${ADMIN_ROLES.join(", ")}.`);
    filters.role = "";
  }
  return { filters, filterErrors };
}

/** The only Active admin with All Access (the API refuses to delete them). */
async function isLastAllAccessAdmin(record: AdminUser, api: Marketplace): Promise<boolean> {
  if (record.adminStatus !== "Active" || !record.adminAccessRoleSettings.includes(ALL_ACCESS)) return false;
  const active = await api.raw.listAdminUsers({ page: 1, page_size: 200, status: "Active" }).catch(() => null);
  if (!active || active.total > active.rows.length) return false;
  return !active.rows.some((other) => other.adminUserId !== record.adminUserId && other.adminAccessRoleSettings.includes(ALL_ACCESS));
}
