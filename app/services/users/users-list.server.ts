import { data } from "@remix-run/node";
import { hasAccess } from "~contract/access";
import type { AdminUser } from "~contract/admin-users";
import { userDeleteRefusal } from "~contract/user-labels";
import { USER_MESSAGES, type UserDialogKind, type UserListRecord } from "~contract/users";
import { type UserDialog, type UserNotice, type UserRow, type UsersPageData } from "~/models/users";
import { nullOnApiFailure, redirectPastLastPage } from "~/services/errors.server";
import { MarketplaceError } from "~/services/marketplace/client.server";
import type { Marketplace } from "~/services/marketplace/index.server";
import { readUserDialog, readUsersQuery } from "~/services/users/list-query.server";
import { formatDate } from "~/utils/dates";

const fullName = (u: UserListRecord) => [u.firstName, u.lastName].filter(Boolean).join(" ");

export function toRow(u: UserListRecord): UserRow {
  return {
    id: u.id,
    username: u.username,
    name: fullName(u) || "—",
    email: u.email || "—",
    // the stored number carries its country code when it has one ("+91 98…")
    phone: u.phone || "—",
    joined: formatDate(u.createdAt),
    rating: u.rating > 0 ? u.rating.toFixed(1) : "—",
    active: u.is_active,
    providerId: u.provider_id,
  };
}

/**
 * The dialog the URL asks for (?dialog=block|activate|delete&user=<username>): the user from this
 * page's rows, else found by GET /search-users (a bookmarked or shared URL), so it opens whatever page
 * or filters the URL carries. An unknown user, or a change already made, is told in words.
 */
async function dialogFor(
  asked: { kind: UserDialogKind; username: string } | null,
  rows: readonly UserListRecord[],
  api: Marketplace,
  admin: AdminUser,
): Promise<{ dialog: UserDialog | null; notice: UserNotice | null }> {
  if (!asked) return { dialog: null, notice: null };
  const missing = (message: string): { dialog: null; notice: UserNotice } => ({
    dialog: null,
    notice: { title: USER_MESSAGES.notFound, message, tone: "error" },
  });
  if (!asked.username) return missing("The link does not name a user.");
  let user = rows.find((u) => u.username === asked.username);
  if (!user) {
    try {
      user = (await api.raw.searchUsers(asked.username, 10)).find((u) => u.username === asked.username);
    } catch (error) {
      if (!(error instanceof MarketplaceError)) throw error;
      return { dialog: null, notice: { title: "Could not load the user", message: error.message, tone: "error" } };
    }
  }
  if (!user) return missing(`No user has the username "${asked.username}". They may have been deleted, or the link is wrong.`);
  if (asked.kind === "block" && !user.is_active) {
    return { dialog: null, notice: { title: "Already blocked", message: `${user.username} is already blocked.`, tone: "info" } };
  }
  if (asked.kind === "activate" && user.is_active) {
    return { dialog: null, notice: { title: "Already active", message: `${user.username} is already active.`, tone: "info" } };
  }
  const dialog: UserDialog = { kind: asked.kind, id: user.id, username: user.username, name: fullName(user), isProvider: user.is_provider };
  if (asked.kind === "delete") {
    // a delete the API would refuse (a provider without ServiceProvider access, open orders) is not offered: the dialog says why
    const refusal = userDeleteRefusal(admin.adminAccessRoleSettings, { username: user.username, isProvider: user.is_provider });
    if (refusal) {
      dialog.blocked = refusal;
      return { dialog, notice: null };
    }
    const open = (await api.raw.openOrdersOf(user.id).catch(nullOnApiFailure)) ?? 0;
    if (open > 0) dialog.blocked = USER_MESSAGES.openOrders(open);
  }
  return { dialog, notice: null };
}

/**
 * The page's number as shown: /users answers none, so a keyset page's is worked out here — the last
 * page's from the total, the first when Previous found nothing before it.
 */
function keysetPageNumber(
  query: { page: number; page_size: number; cursor?: string },
  list: { total: number; cursors: { previous: string | null } },
) {
  if (query.cursor === "last") return Math.max(1, Math.ceil(list.total / query.page_size));
  if (query.cursor?.startsWith("before.") && !list.cursors.previous) return 1;
  return query.page;
}

/** The Users screen: one filtered page, and the row dialog its URL asks for (400 when a filter is refused). */
export async function usersListLoader(request: Request, admin: AdminUser, api: Marketplace) {
  const url = new URL(request.url);
  const { query, search, sort, filters, errors, filtered } = readUsersQuery(url.searchParams);
  const list = await api.listUsers(query);
  redirectPastLastPage(url, url.searchParams, query.page, query.page_size, list.total, list.totalKind);
  const { dialog, notice } = await dialogFor(readUserDialog(url.searchParams), list.rows, api, admin);
  return data<UsersPageData>(
    {
      rows: list.rows.map(toRow),
      total: list.total,
      totalKind: list.totalKind,
      page: keysetPageNumber(query, list),
      cursors: list.cursors,
      pageSize: query.page_size,
      search,
      sort,
      canOpenProviders: hasAccess(admin.adminAccessRoleSettings, "ServiceProvider"),
      filters,
      filterErrors: errors,
      filtered,
      dialog,
      notice,
    },
    { status: errors.length > 0 ? 400 : 200 },
  );
}
