import { createSession } from "@remix-run/node";
import { describe, expect, it } from "vitest";
import { USER_MESSAGES } from "~contract/user-labels";
import { sessionStorage } from "~/services/session.server";
import * as usersRoute from "~/routes/admin.user";
import type { UserListRecord } from "~contract/users";
import type { UsersPageData } from "../../app/models/users";
import { formatDate } from "../../app/utils/dates";
import { apiCall, callRoute, expectRedirect, requestAs, statusOf } from "../support/routes";

const LIST = "/admin/user";

function payload(result: unknown): UsersPageData {
  if (result && typeof result === "object" && "data" in result && "init" in result) return (result as { data: UsersPageData }).data;
  return result as UsersPageData;
}

type Made = { user_id: number; username: string; is_active: boolean; orders: string[] };
/** A plain user of this test's own (the API's test fixture), with open orders if asked. */
async function makeUser(
  body: { is_active?: boolean; open_orders?: number; rating?: number; created_at?: string; phone?: string } = {},
): Promise<Made> {
  return (await apiCall<{ data: Made }>("/test-fixtures/users", { method: "POST", body })).data;
}

async function apiUsers(query: Record<string, string>) {
  const url = `/users?${new URLSearchParams(query)}`;
  const data = (await apiCall<{ data: UserListRecord[] }>(url)).data;
  return data;
}

const load = async (url: string, who: "admin" | "support" = "admin") => callRoute(usersRoute, await requestAs(who, url));
const post = async (url: string, form: Record<string, string>) => callRoute(usersRoute, await requestAs("admin", url, { form }));

describe("Users list (/admin/user)", () => {
  it("keyset pages: Next's cursor opens the next page's rows, cursor=last the last page with its number", async () => {
    const first = payload(await load(LIST));
    expect(first.cursors?.previous).toBeNull();
    expect(first.cursors?.next).toMatch(/^after\./);
    const second = payload(await load(`${LIST}?page=2&cursor=${first.cursors!.next}`));
    expect(second.page).toBe(2);
    expect(second.rows.map((r) => r.id)).toEqual((await apiUsers({ page_size: "10", page: "2" })).map((u) => u.id));
    const pages = Math.ceil(first.total / 10);
    const last = payload(await load(`${LIST}?cursor=last`));
    expect(last.page).toBe(pages);
    expect(last.cursors?.next).toBeNull();
    expect(last.rows.map((r) => r.id)).toEqual((await apiUsers({ page_size: "10", page: String(pages) })).map((u) => u.id));
    // a cursor that is not one is dropped: the numbered page
    const odd = payload(await load(`${LIST}?page=2&cursor=sideways`));
    expect(odd.rows.map((r) => r.id)).toEqual(second.rows.map((r) => r.id));
  });

  it("shows the first page, newest first, formatted as the table shows it", async () => {
    const result = await load(LIST);
    expect(statusOf(result)).toBe(200);
    const page = payload(result);
    const api = await apiUsers({ page_size: "10" });
    expect(page.rows.map((r) => r.id)).toEqual(api.map((u) => u.id));
    expect(page).toMatchObject({ page: 1, pageSize: 10, search: "", filtered: false, dialog: null, notice: null, filterErrors: [] });
    expect(page.total).toBeGreaterThan(10);
    const [first] = page.rows;
    expect(first).toMatchObject({
      username: api[0].username,
      email: api[0].email || "—",
      phone: api[0].phone || "—",
      joined: formatDate(api[0].createdAt),
      active: api[0].is_active,
    });
  });

  it("searches by username (part of it, any case); a blank search shows everyone", async () => {
    const user = await makeUser();
    const found = payload(await load(`${LIST}?search=${user.username.toUpperCase()}`));
    expect(found.search).toBe(user.username.toUpperCase());
    expect(found.rows.map((r) => r.username)).toEqual([user.username]);
    expect(found.total).toBe(1);
    expect(found.rows[0]).toMatchObject({
      name: expect.stringContaining("Test User"),
      phone: expect.stringMatching(/^\+91 /),
      rating: "4.5",
      active: true,
    });
    const blank = payload(await load(`${LIST}?search=`));
    expect(blank.search).toBe("");
    expect(blank.total).toBe(payload(await load(LIST)).total);
  });

  it("searches the email and phone too", async () => {
    const phone = `+91 64${String(Date.now()).slice(-8)}`;
    const user = await makeUser({ phone });
    const email = (await apiUsers({ search: user.username }))[0].email;
    for (const search of [email.toUpperCase(), phone, phone.slice(-6)]) {
      const found = payload(await load(`${LIST}?search=${encodeURIComponent(search)}`));
      expect(
        found.rows.map((r) => r.username),
        search,
      ).toEqual([user.username]);
    }
  });

  it("sorts as the URL says (the API's order, the sort handed to the table); an unknown sort is the default order", async () => {
    const phone = `+91 65${String(Date.now()).slice(-8)}`;
    const low = await makeUser({ phone, rating: 1.5, created_at: "2024-02-02T10:00:00+05:30" });
    const high = await makeUser({ phone, rating: 4.75, created_at: "2024-02-01T10:00:00+05:30" });
    const sorted = async (query: string) => payload(await load(`${LIST}?search=${encodeURIComponent(phone)}&${query}`));
    const byRating = await sorted("sortField=rating&sortOrder=desc");
    expect(byRating.sort).toEqual({ field: "rating", order: "desc" });
    expect(byRating.rows.map((r) => r.username)).toEqual([high.username, low.username]);
    expect((await sorted("sortField=rating&sortOrder=asc")).rows.map((r) => r.username)).toEqual([low.username, high.username]);
    expect((await sorted("sortField=created_at&sortOrder=asc")).rows.map((r) => r.username)).toEqual([high.username, low.username]);
    const unknown = await load(`${LIST}?search=${encodeURIComponent(phone)}&sortField=password&sortOrder=asc`);
    expect(statusOf(unknown)).toBe(200);
    expect(payload(unknown).sort).toBeNull();
    expect(payload(unknown).rows.map((r) => r.username)).toEqual([low.username, high.username]);
  });

  it("marks a user who is also a provider with their provider page's id", async () => {
    const provider = (
      await apiCall<{ data: { serviceProvider_id: number; username: string } }>("/test-fixtures/providers", { method: "POST", body: {} })
    ).data;
    const page = payload(await load(`${LIST}?search=${provider.username}`));
    expect(page.canOpenProviders).toBe(true);
    expect(page.rows.map((r) => r.providerId)).toEqual([provider.serviceProvider_id]);
    const plain = await makeUser();
    expect(payload(await load(`${LIST}?search=${plain.username}`)).rows[0].providerId).toBeNull();
  });

  it("filters by status and joined dates, and keeps the page size", async () => {
    const blocked = await makeUser({ is_active: false });
    const result = payload(await load(`${LIST}?status=Blocked&page_size=25`));
    expect(result.filtered).toBe(true);
    expect(result.pageSize).toBe(25);
    expect(result.rows.length).toBeGreaterThan(0);
    expect(result.rows.every((r) => !r.active)).toBe(true);
    expect(result.rows.map((r) => r.id)).toContain(blocked.user_id);
    const active = payload(await load(`${LIST}?status=Active&search=${blocked.username}`));
    expect(active.total).toBe(0);

    const today = new Date(Date.now() + 5.5 * 3600_000).toISOString().slice(0, 10);
    const joinedToday = payload(await load(`${LIST}?start_date=${today}&end_date=${today}&page_size=100`));
    expect(joinedToday.rows.map((r) => r.id)).toContain(blocked.user_id);
    expect(joinedToday.filters).toEqual({ status: "", start_date: today, end_date: today });
    const before = payload(await load(`${LIST}?end_date=2020-01-01`));
    expect(before.total).toBe(0);
  });

  it("reports a wrong filter instead of applying it (400)", async () => {
    const result = await load(`${LIST}?status=Nope&start_date=2025-13-45`);
    expect(statusOf(result)).toBe(400);
    expect(payload(result).filterErrors).toEqual([
      "Status: choose Active or Blocked.",
      'Joined from "2025-13-45" is not a date (use YYYY-MM-DD).',
    ]);
    expect(payload(result).total).toBe(payload(await load(LIST)).total);
    const backwards = payload(await load(`${LIST}?start_date=2025-05-02&end_date=2025-05-01`));
    expect(backwards.filterErrors).toEqual(["Joined from must be on or before Joined to."]);
  });

  it("a page past the last goes to the last one, other keys kept", async () => {
    const far = await load(`${LIST}?page=99999&status=Active`);
    const response = expectRedirect(far, `${LIST}?page=`);
    expect(response.headers.get("Location")).toContain("status=Active");
  });

  it("opens a row's confirmation from the URL, from the page or by username (bookmarked URL)", async () => {
    const user = await makeUser();
    const onPage = payload(await load(`${LIST}?search=${user.username}&dialog=block&user=${user.username}`));
    expect(onPage.dialog).toEqual({
      kind: "block",
      id: user.user_id,
      username: user.username,
      name: expect.stringContaining("Test User"),
      isProvider: false,
    });
    const offPage = payload(await load(`${LIST}?status=Blocked&dialog=delete&user=${user.username}`));
    expect(offPage.dialog).toMatchObject({ kind: "delete", id: user.user_id, username: user.username });
    const already = payload(await load(`${LIST}?dialog=activate&user=${user.username}`));
    expect(already.dialog).toBeNull();
    expect(already.notice).toEqual({ title: "Already active", message: `${user.username} is already active.`, tone: "info" });
    const unknown = payload(await load(`${LIST}?dialog=delete&user=nobody_here_at_all`));
    expect(unknown.dialog).toBeNull();
    expect(unknown.notice).toMatchObject({ title: "User not found", tone: "error" });
    expect(payload(await load(`${LIST}?dialog=delete`)).notice?.message).toBe("The link does not name a user.");
    expect(payload(await load(`${LIST}?dialog=explode&user=${user.username}`)).dialog).toBeNull();
  });

  it("Block then Activate: back to the same list without the dialog, with the toast", async () => {
    const user = await makeUser();
    const url = `${LIST}?search=${user.username}&page_size=25&dialog=block&user=${user.username}`;
    const blocked = await post(url, { intent: "block", id: String(user.user_id), username: user.username });
    const response = expectRedirect(blocked, LIST);
    expect(response.headers.get("Location")).toBe(`${LIST}?search=${user.username}&page_size=25`);
    await expect(response).toSendToast({ type: "success", message: "User Updated Successfully" });
    expect((await apiUsers({ search: user.username }))[0].is_active).toBe(false);
    expect(payload(await load(`${LIST}?search=${user.username}`)).rows[0].active).toBe(false);

    const activated = await post(`${LIST}?dialog=activate&user=${user.username}`, {
      intent: "activate",
      id: String(user.user_id),
      username: user.username,
    });
    await expect(activated).toSendToast({ type: "success", message: "User Updated Successfully" });
    expect(expectRedirect(activated, LIST).headers.get("Location")).toBe(LIST);
    expect((await apiUsers({ search: user.username }))[0].is_active).toBe(true);
  });

  it("a refused status change says why in place of the dialog", async () => {
    const missing = await post(`${LIST}?dialog=block&user=x`, { intent: "block", id: "999999999", username: "x" });
    expect(statusOf(missing)).toBe(404);
    expect(payload(missing)).toMatchObject({
      intent: "block",
      notice: { title: "The user could not be updated", message: "User not found", tone: "error" },
    });
    const noId = await post(LIST, { intent: "activate", id: "abc" });
    expect(statusOf(noId)).toBe(400);
  });

  it("Delete: done with the toast; refused (open orders) with the API's reason, and nothing changes", async () => {
    const user = await makeUser();
    const done = await post(`${LIST}?dialog=delete&user=${user.username}`, {
      intent: "delete",
      id: String(user.user_id),
      username: user.username,
    });
    expect(expectRedirect(done, LIST).headers.get("Location")).toBe(LIST);
    await expect(done).toSendToast({ type: "success", message: "User Deleted Successfully" });
    expect(await apiUsers({ search: user.username })).toEqual([]);

    const busy = await makeUser({ open_orders: 2 });
    const refused = await post(`${LIST}?dialog=delete&user=${busy.username}`, {
      intent: "delete",
      id: String(busy.user_id),
      username: busy.username,
    });
    expect(statusOf(refused)).toBe(409);
    expect(payload(refused)).toEqual({
      intent: "delete",
      username: busy.username,
      notice: {
        title: "This user cannot be deleted",
        message: "This user has 2 open orders: they cannot be deleted until those are completed or cancelled",
        tone: "error",
      },
    });
    expect((await apiUsers({ search: busy.username })).map((u) => u.id)).toEqual([busy.user_id]);

    const again = await post(LIST, { intent: "delete", username: user.username });
    expect(statusOf(again)).toBe(404);
    expect(payload(again)).toMatchObject({ notice: { message: "User not found" } });
  });

  it("a user who is also a provider: an admin with only User access is not offered the delete, and is refused it", async () => {
    const name = `users-only-${Math.random().toString(36).slice(2, 8)}`;
    const registered = await apiCall<{ data: { adminUserId: number } }>("/register-admin-user", {
      method: "POST",
      actingAdmin: "admin",
      body: {
        adminUsername: name,
        adminPassword: "Users-only-2026",
        adminEmail: `${name}@example.com`,
        adminStatus: "Active",
        adminRole: "Support",
        adminAccessRoleSettings: ["User"],
      },
    });
    const opened = await apiCall<{ data: { token: string } }>("/admin-sessions", {
      method: "POST",
      body: {
        adminUserId: registered.data.adminUserId,
        user_agent: "routes test",
        address: "127.0.0.1",
        idle_seconds: 3600,
        absolute_seconds: 86_400,
      },
    });
    const cookie = (await sessionStorage().commitSession(createSession({}, opened.data.token))).split(";")[0];
    const as = (url: string, form?: Record<string, string>) => requestAs(null, url, { form, headers: { Cookie: cookie } });
    const { data: provider } = await apiCall<{ data: { user_id: number; username: string } }>("/test-fixtures/provider-accounts", {
      method: "POST",
      body: { password: "Provider-2026x" },
    });
    const url = `${LIST}?dialog=delete&user=${provider.username}`;

    const shown = payload(await callRoute(usersRoute, await as(url)));
    expect(shown.dialog).toMatchObject({
      kind: "delete",
      username: provider.username,
      isProvider: true,
      blocked: USER_MESSAGES.providerNeedsAccess(provider.username),
    });
    // posted all the same (an old page, a hand-made form): the API refuses, the page says why
    const refused = await callRoute(
      usersRoute,
      await as(url, { intent: "delete", id: String(provider.user_id), username: provider.username }),
    );
    expect(statusOf(refused)).toBe(403);
    expect((refused as { data: { notice: unknown } }).data.notice).toEqual({
      title: USER_MESSAGES.deleteFailed,
      message: USER_MESSAGES.providerNeedsAccess(provider.username),
      tone: "error",
    });
    expect((await apiUsers({ search: provider.username })).map((u) => u.username)).toEqual([provider.username]);

    // "support" holds ServiceProvider too: offered, and done
    const offered = payload(await load(url, "support"));
    expect(offered.dialog).toMatchObject({ username: provider.username, isProvider: true });
    expect(offered.dialog?.blocked).toBeUndefined();
    expectRedirect(
      await callRoute(
        usersRoute,
        await requestAs("support", url, { form: { intent: "delete", id: String(provider.user_id), username: provider.username } }),
      ),
      LIST,
    );
    expect(await apiUsers({ search: provider.username })).toEqual([]);
  });

  it("refuses an unknown intent", async () => {
    const result = await post(LIST, { intent: "promote", username: "x" });
    expect(result).toBeInstanceOf(Response);
    expect(statusOf(result)).toBe(400);
  });

  it("needs the User access: others get 403, no session goes to login", async () => {
    expect(statusOf(await load(LIST, "support"))).toBe(200);
    expect(statusOf(await callRoute(usersRoute, await requestAs("catalog", LIST)))).toBe(403);
    expect(statusOf(await callRoute(usersRoute, await requestAs("catalog", LIST, { form: { intent: "delete", username: "x" } })))).toBe(
      403,
    );
    expectRedirect(await callRoute(usersRoute, await requestAs(null, LIST)), "/admin/login");
    expectRedirect(await callRoute(usersRoute, await requestAs(null, LIST, { form: { intent: "delete", username: "x" } })), "/admin/login");
  });
});
