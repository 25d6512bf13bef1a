import { createSession } from "@remix-run/node";
import { describe, expect, it } from "vitest";
import * as route from "~/routes/admin.list-admin-users";
import {
  ADMIN_USER_DELETED,
  CANNOT_BLOCK_SELF,
  CANNOT_DELETE_SELF,
  EMAIL_INVALID,
  emailTaken,
  EMAIL_REQUIRED,
  lastAllAccessAdmin,
  PASSWORD_NEEDS_MIX,
  PASSWORD_REQUIRED,
  PASSWORD_TOO_SHORT,
  ROLE_REQUIRED,
  STATUS_REQUIRED,
  USERNAME_REQUIRED,
  USERNAME_TAKEN,
} from "~contract/admin-user-labels";
import {
  ADMIN_USER_ADDED,
  ADMIN_USER_DELETE_FAILED,
  ADMIN_USER_UPDATED,
  DASHBOARD_ONLY,
  NO_CHANGE,
  passwordSet,
} from "../../app/models/admin-user-labels";
import { PASSWORD_RULE } from "../../app/models/passwords";
import { ACCESS_RULE_MESSAGES } from "~contract/admin-user-access";
import type { AdminUser } from "~contract/admin-users";
import { sessionStorage } from "~/services/session.server";
import { adminUserIdOf, apiCall, callRoute, expectRedirect, readToast, requestAs, statusOf } from "../support/routes";

const suffix = () => Math.random().toString(36).slice(2, 8);
const PASSWORD = "Route-pass-2026";
const PATH = "/admin/list-admin-users";

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- loader/action payloads read by property
function payload(result: unknown): any {
  if (result && typeof result === "object" && "data" in result && "init" in result) return (result as { data: unknown }).data;
  return result;
}

async function createAdmin(extra: Partial<Record<string, unknown>> = {}) {
  const answer = await apiCall<{ data: AdminUser }>("/register-admin-user", {
    method: "POST",
    actingAdmin: "admin",
    body: {
      adminUsername: `route-${suffix()}`,
      adminPassword: PASSWORD,
      adminEmail: `route-${suffix()}@example.com`,
      adminStatus: "Active",
      adminRole: "Support",
      adminAccessRoleSettings: ["Bookings", "Contacts"],
      ...extra,
    },
  });
  return answer.data;
}
const readAdmin = async (id: number) => (await apiCall<{ data: AdminUser }>(`/get-admin-user-by-id?adminUserId=${id}`)).data;

/** The Cookie of a new session of any admin (as signing in opens it). */
async function cookieOf(adminUserId: number) {
  const opened = await apiCall<{ data: { token: string } }>("/admin-sessions", {
    method: "POST",
    body: { adminUserId, user_agent: "routes test", address: "127.0.0.1", idle_seconds: 3600, absolute_seconds: 86_400 },
  });
  const setCookie = await sessionStorage().commitSession(createSession({}, opened.data.token));
  return setCookie.split(";")[0];
}

const post = async (form: Record<string, string | string[]>, query = "") =>
  callRoute(route, await requestAs("admin", `${PATH}${query}`, { form }));

function editForm(record: AdminUser, changes: Record<string, string | string[]> = {}): Record<string, string | string[]> {
  const all = record.adminAccessRoleSettings.includes("*");
  const form: Record<string, string | string[]> = {
    intent: "save",
    adminUsername: record.adminUsername,
    adminEmail: record.adminEmail,
    adminStatus: record.adminStatus,
    adminRole: record.adminRole,
    access: all ? [] : record.adminAccessRoleSettings,
    updated_at: record.updated_at,
  };
  if (all) form.allAccess = "on";
  return { ...form, ...changes };
}

describe("admin users list", () => {
  it("lists admin users with their access, never a password, and marks the signed-in admin", async () => {
    const mine = await createAdmin({ adminAccessRoleSettings: ["Bookings", "Contacts"] });
    const result = await callRoute(route, await requestAs("admin", `${PATH}?search=${mine.adminUsername}`));
    expect(statusOf(result)).toBe(200);
    const page = payload(result);
    expect(page.rows).toEqual([
      expect.objectContaining({
        id: mine.adminUserId,
        username: mine.adminUsername,
        role: "Support",
        status: "Active",
        access: "Bookings, Contacts",
        self: false,
      }),
    ]);
    expect(page.rows[0].created).toMatch(/^\d{2}-[A-Z][a-z]{2}-\d{4}$/);
    expect(page.search).toBe(mine.adminUsername);
    expect(page.passwordRule).toBe(PASSWORD_RULE);

    const all = payload(await callRoute(route, await requestAs("admin", `${PATH}?page_size=100`)));
    const root = all.rows.find((r: { username: string }) => r.username === "admin");
    expect(root).toMatchObject({ access: "All Access", self: true });
    expect(JSON.stringify(all)).not.toMatch(/adminPassword|argon2|scrypt/);
  });

  it("pages from the URL and sends a page past the end to the last page", async () => {
    const first = payload(await callRoute(route, await requestAs("admin", `${PATH}?page_size=10&page=abc`)));
    expect(first).toMatchObject({ page: 1, pageSize: 10 });
    expectRedirect(await callRoute(route, await requestAs("admin", `${PATH}?page=999`)), `${PATH}?page=`);
  });

  it("sorts as the URL says (username, status, last signed in, created); an unknown sort is newest first", async () => {
    const tag = suffix();
    const z = await createAdmin({ adminUsername: `zz-sort-${tag}`, adminStatus: "Block" });
    const y = await createAdmin({ adminUsername: `yy-sort-${tag}` });
    const names = async (query: string) => {
      const page = payload(await callRoute(route, await requestAs("admin", `${PATH}?search=sort-${tag}&${query}`)));
      return { sort: page.sort, names: page.rows.map((r: { username: string }) => r.username) };
    };
    expect(await names("sortField=adminUsername&sortOrder=asc")).toEqual({
      sort: { field: "adminUsername", order: "asc" },
      names: [y.adminUsername, z.adminUsername],
    });
    expect((await names("sortField=adminStatus&sortOrder=desc")).names).toEqual([z.adminUsername, y.adminUsername]);
    expect((await names("sortField=created_at&sortOrder=asc")).names).toEqual([z.adminUsername, y.adminUsername]);
    expect(await names("sortField=adminPassword&sortOrder=asc")).toEqual({ sort: null, names: [y.adminUsername, z.adminUsername] });
  });

  it("opens the add, edit and delete dialogs from the URL", async () => {
    const mine = await createAdmin();
    const add = payload(await callRoute(route, await requestAs("admin", `${PATH}?dialog=add`)));
    expect(add.dialog).toMatchObject({
      kind: "add",
      values: { adminUsername: "", adminStatus: "", adminRole: "", allAccess: false, access: [] },
    });

    const edit = payload(await callRoute(route, await requestAs("admin", `${PATH}?dialog=edit&id=${mine.adminUserId}`)));
    expect(edit.dialog).toMatchObject({
      kind: "edit",
      id: mine.adminUserId,
      values: {
        adminUsername: mine.adminUsername,
        adminEmail: mine.adminEmail,
        allAccess: false,
        access: ["Bookings", "Contacts"],
        updated_at: mine.updated_at,
      },
    });
    expect(edit.listUrl).toBe(PATH);

    const self = await adminUserIdOf("admin");
    const remove = payload(await callRoute(route, await requestAs("admin", `${PATH}?page_size=25&dialog=delete&id=${self}`)));
    // deleting yourself is certainly refused: the dialog carries why, instead of a confirm
    expect(remove.dialog).toEqual({ kind: "delete", id: self, username: "admin", blocked: CANNOT_DELETE_SELF });
    expect(remove.listUrl).toBe(`${PATH}?page_size=25`);

    const gone = payload(await callRoute(route, await requestAs("admin", `${PATH}?dialog=edit&id=999999`)));
    expect(gone.dialog).toBeNull();
    expect(gone.dialogError).toBe("This admin user no longer exists.");
  });

  it("is refused to an admin without AdminUsers access, loader and action", async () => {
    const loaded = await callRoute(route, await requestAs("support", PATH));
    expect(statusOf(loaded)).toBe(403);
    const posted = await callRoute(route, await requestAs("support", PATH, { form: { intent: "delete", id: "1" } }));
    expect(statusOf(posted)).toBe(403);
  });
});

describe("add admin user", () => {
  it("refuses empty and bad input with the spec's messages, keeping what was typed but never the password", async () => {
    const empty = await post({ intent: "create" }, "?dialog=add");
    expect(statusOf(empty)).toBe(400);
    expect(payload(empty).fieldErrors).toEqual({
      adminUsername: USERNAME_REQUIRED,
      adminPassword: PASSWORD_REQUIRED,
      adminEmail: EMAIL_REQUIRED,
      adminStatus: STATUS_REQUIRED,
      adminRole: ROLE_REQUIRED,
    });
    const bad = await post(
      {
        intent: "create",
        adminUsername: "typed-name",
        adminPassword: "short1",
        adminEmail: "nope",
        adminStatus: "Active",
        adminRole: "Admin",
        access: ["Bookings"],
      },
      "?dialog=add",
    );
    expect(payload(bad).fieldErrors).toEqual({ adminPassword: PASSWORD_TOO_SHORT, adminEmail: EMAIL_INVALID });
    expect(payload(bad).repopulateFields).toMatchObject({
      adminUsername: "typed-name",
      adminEmail: "nope",
      access: ["Bookings"],
      allAccess: false,
    });
    expect(JSON.stringify(payload(bad))).not.toContain("short1");
    const letters = await post({
      intent: "create",
      adminUsername: "x",
      adminPassword: "longbutnodigits",
      adminEmail: "a@b.co",
      adminStatus: "Active",
      adminRole: "Admin",
      allAccess: "on",
    });
    expect(payload(letters).fieldErrors).toEqual({ adminPassword: PASSWORD_NEEDS_MIX });
  });

  it("creates an admin user and says so; a taken username comes back beside the field", async () => {
    const username = `added-${suffix()}`;
    const form = {
      intent: "create",
      adminUsername: username,
      adminPassword: PASSWORD,
      adminEmail: `${username}@example.com`,
      adminStatus: "Active",
      adminRole: "Technical",
      access: ["Contacts", "Bookings"],
    };
    const created = await post(form, "?page_size=25&dialog=add");
    expectRedirect(created, `${PATH}?page_size=25`);
    expect(await readToast(created as Response)).toMatchObject({ type: "success", message: ADMIN_USER_ADDED });
    const list = await apiCall<{ data: AdminUser[] }>(`/get-all-admin-users?search=${username}`);
    expect(list.data).toEqual([
      expect.objectContaining({ adminUsername: username, adminRole: "Technical", adminAccessRoleSettings: ["Bookings", "Contacts"] }),
    ]);

    const again = await post({ ...form, adminUsername: username.toUpperCase() }, "?dialog=add");
    expect(statusOf(again)).toBe(400);
    expect(payload(again).fieldErrors).toEqual({ adminUsername: USERNAME_TAKEN });
  });

  it("takes All Access over any ticked areas", async () => {
    const username = `all-${suffix()}`;
    // Inactive, so this test never adds an Active All Access admin that later tests here would see
    await post({
      intent: "create",
      adminUsername: username,
      adminPassword: PASSWORD,
      adminEmail: `${username}@example.com`,
      adminStatus: "Inactive",
      adminRole: "Admin",
      allAccess: "on",
      access: ["Bookings"],
    });
    const list = await apiCall<{ data: AdminUser[] }>(`/get-all-admin-users?search=${username}`);
    expect(list.data[0].adminAccessRoleSettings).toEqual(["*"]);
  });
});

describe("edit admin user", () => {
  it("saves changes, says so, and keeps the username", async () => {
    const mine = await createAdmin();
    const edited = `edited-${suffix()}@example.com`;
    const saved = await post(
      editForm(mine, { adminEmail: edited, adminRole: "Admin", access: ["Payment"], adminUsername: mine.adminUsername }),
      `?dialog=edit&id=${mine.adminUserId}`,
    );
    expectRedirect(saved, PATH);
    expect(await readToast(saved as Response)).toMatchObject({ type: "success", message: ADMIN_USER_UPDATED });
    expect(await readAdmin(mine.adminUserId)).toMatchObject({
      adminUsername: mine.adminUsername,
      adminEmail: edited,
      adminRole: "Admin",
      adminAccessRoleSettings: ["Payment"],
    });
  });

  it("says No Change Detected when nothing changed", async () => {
    const mine = await createAdmin();
    const same = await post(editForm(mine));
    expect(await readToast(same as Response)).toMatchObject({ type: "info", message: NO_CHANGE });
  });

  it("refuses bad input beside the fields, and a stale edit with who saved it", async () => {
    const mine = await createAdmin();
    const bad = await post(editForm(mine, { adminEmail: "", adminStatus: "", adminRole: "", access: [] }));
    expect(statusOf(bad)).toBe(400);
    expect(payload(bad).fieldErrors).toEqual({ adminEmail: EMAIL_REQUIRED, adminStatus: STATUS_REQUIRED, adminRole: ROLE_REQUIRED });

    // someone else saves first (the API records who: here the demo "admin", in another tab)
    await apiCall("/update-admin-user", {
      method: "PUT",
      actingAdmin: "admin",
      body: { adminUsername: mine.adminUsername, adminRole: "Technical", updated_at: mine.updated_at },
    });
    const late = `late-${suffix()}@example.com`;
    const stale = await post(editForm(mine, { adminEmail: late }));
    expect(statusOf(stale)).toBe(409);
    expect(payload(stale).formError).toMatch(/^admin changed this admin user at .+ after you opened it\. Your changes were not saved/);
    expect(payload(stale).conflict.updatedBy).toBe("admin");
    expect(payload(stale).repopulateFields.adminEmail).toBe(late);
  });

  it("refuses to let the signed-in admin block themselves, with the reason", async () => {
    const root = await readAdmin(await adminUserIdOf("admin"));
    const refused = await post(editForm(root, { adminStatus: "Block" }));
    expect(statusOf(refused)).toBe(409);
    expect(payload(refused).formError).toBe(CANNOT_BLOCK_SELF);
    expect((await readAdmin(root.adminUserId)).adminStatus).toBe("Active");
  });

  it("refuses to strip All Access from the last Active admin holding it, with the reason", async () => {
    const everyone = await apiCall<{ data: AdminUser[] }>("/get-all-admin-users?page_size=200");
    const holders = everyone.data.filter((a) => a.adminStatus === "Active" && a.adminAccessRoleSettings.includes("*"));
    // the precondition that keeps this test from demoting "admin" for the tests after it
    expect(holders.map((a) => a.adminUsername)).toEqual(["admin"]);
    const root = holders[0];
    const refused = await post(editForm(root, { allAccess: "", access: ["Category"] }));
    expect(statusOf(refused)).toBe(409);
    expect(payload(refused).formError).toBe(lastAllAccessAdmin("admin", "update"));
    expect((await readAdmin(root.adminUserId)).adminAccessRoleSettings).toEqual(["*"]);
  });

  it("blocking an admin ends their session: their next request goes to the login page", async () => {
    const target = await createAdmin({ adminAccessRoleSettings: ["Bookings"] });
    const cookie = await cookieOf(target.adminUserId);
    const bookings = await import("~/routes/admin.bookings._index");
    const before = await callRoute(bookings, await requestAs(null, "/admin/bookings", { headers: { Cookie: cookie } }));
    expect(statusOf(before)).toBe(200);
    const ours = await callRoute(route, await requestAs(null, PATH, { headers: { Cookie: cookie } }));
    expect(statusOf(ours)).toBe(403);

    expectRedirect(await post(editForm(target, { adminStatus: "Block" })), PATH);
    const after = await callRoute(bookings, await requestAs(null, "/admin/bookings", { headers: { Cookie: cookie } }));
    expectRedirect(after, "/admin/login?redirectTo=%2Fadmin%2Fbookings");
  });
});

describe("a changed access list", () => {
  it("ends the admin's session at once; signed in again, the new list is what they may open", async () => {
    const target = await createAdmin({ adminAccessRoleSettings: ["Bookings"] });
    const bookings = await import("~/routes/admin.bookings._index");
    const categories = await import("~/routes/admin.category._index");
    const cookie = await cookieOf(target.adminUserId);
    expect(statusOf(await callRoute(bookings, await requestAs(null, "/admin/bookings", { headers: { Cookie: cookie } })))).toBe(200);

    expectRedirect(await post(editForm(target, { access: ["Category"] })), PATH);
    expectRedirect(await callRoute(bookings, await requestAs(null, "/admin/bookings", { headers: { Cookie: cookie } })), "/admin/login");

    const again = await cookieOf(target.adminUserId);
    expect(statusOf(await callRoute(bookings, await requestAs(null, "/admin/bookings", { headers: { Cookie: again } })))).toBe(403);
    expect(statusOf(await callRoute(categories, await requestAs(null, "/admin/category", { headers: { Cookie: again } })))).toBe(200);
  });
});

describe("delete admin user", () => {
  it("deletes after the confirmation and says so", async () => {
    const mine = await createAdmin();
    const deleted = await post({ intent: "delete", id: String(mine.adminUserId) }, `?page_size=25&dialog=delete&id=${mine.adminUserId}`);
    expectRedirect(deleted, `${PATH}?page_size=25`);
    expect(await readToast(deleted as Response)).toMatchObject({ type: "success", message: ADMIN_USER_DELETED });
    await expect(readAdmin(mine.adminUserId)).rejects.toMatchObject({ status: 404 });
  });

  it("tells why a delete failed: themselves, or an unknown admin", async () => {
    const self = await adminUserIdOf("admin");
    const refused = await post({ intent: "delete", id: String(self) });
    expect(await readToast(refused as Response)).toEqual({ type: "error", title: ADMIN_USER_DELETE_FAILED, message: CANNOT_DELETE_SELF });
    const unknown = await post({ intent: "delete", id: "999999" });
    expect(await readToast(unknown as Response)).toEqual({
      type: "error",
      title: ADMIN_USER_DELETE_FAILED,
      message: "Admin user not found",
    });
    const bad = await post({ intent: "delete", id: "x" });
    expect(await readToast(bad as Response)).toMatchObject({ type: "error", title: ADMIN_USER_DELETE_FAILED });
  });

  it("answers 400 to an unknown intent", async () => {
    expect(statusOf(await post({ intent: "nope" }))).toBe(400);
  });
});

/** Requests of an admin user of the test's own (not a demo one), signed in. */
async function signedInAs(adminUserId: number) {
  const cookie = await cookieOf(adminUserId);
  return {
    load: async (query: string) => callRoute(route, await requestAs(null, `${PATH}${query}`, { headers: { Cookie: cookie } })),
    post: async (form: Record<string, string | string[]>, query = "") =>
      callRoute(route, await requestAs(null, `${PATH}${query}`, { form, headers: { Cookie: cookie } })),
  };
}

describe("who may grant what (issue 29)", () => {
  it("an admin holding only Admin Users is not offered All Access or the Admin role for themselves, and is refused them beside the fields", async () => {
    const me = await createAdmin({ adminAccessRoleSettings: ["AdminUsers"] });
    const as = await signedInAs(me.adminUserId);
    const own = payload(await as.load(`?dialog=edit&id=${me.adminUserId}`));
    expect(own.dialog.grant).toEqual({ allAccess: false, adminRole: false, areas: ["AdminUsers"], password: false, self: true });
    expect(own.dialog.blocked).toBeNull();

    // posted all the same (a hand-made form): refused beside the fields, nothing changes
    const widened = await as.post(editForm(me, { allAccess: "on", adminRole: "Admin" }), `?dialog=edit&id=${me.adminUserId}`);
    expect(statusOf(widened)).toBe(400);
    expect(payload(widened).fieldErrors).toEqual({ adminAccessRoleSettings: ACCESS_RULE_MESSAGES.selfWiden });
    expect(payload(widened).repopulateFields).toMatchObject({ allAccess: true, adminRole: "Admin" });
    const role = await as.post(editForm(me, { adminRole: "Admin" }));
    expect(payload(role).fieldErrors).toEqual({ adminRole: ACCESS_RULE_MESSAGES.selfWiden });
    expect(await readAdmin(me.adminUserId)).toMatchObject({
      adminRole: "Support",
      adminAccessRoleSettings: ["AdminUsers"],
      updated_at: me.updated_at,
    });

    // "admin" (All Access) cannot be edited or deleted by them: each dialog says why instead
    const rootId = await adminUserIdOf("admin");
    const edit = payload(await as.load(`?dialog=edit&id=${rootId}`));
    expect(edit.dialog.blocked).toBe(ACCESS_RULE_MESSAGES.allAccessTarget);
    const remove = payload(await as.load(`?dialog=delete&id=${rootId}`));
    expect(remove.dialog.blocked).toBe(ACCESS_RULE_MESSAGES.allAccessTarget);
    const deleted = await as.post({ intent: "delete", id: String(rootId) });
    expect(await readToast(deleted as Response)).toEqual({
      type: "error",
      title: ADMIN_USER_DELETE_FAILED,
      message: ACCESS_RULE_MESSAGES.allAccessTarget,
    });
    const blocked = await as.post(editForm(await readAdmin(rootId), { adminStatus: "Block" }));
    expect(payload(blocked).formError).toBe(ACCESS_RULE_MESSAGES.allAccessTarget);
    expect((await readAdmin(rootId)).adminStatus).toBe("Active");
  });

  it("offers an admin only the areas they hold for others, and refuses the rest beside the access", async () => {
    const manager = await createAdmin({ adminAccessRoleSettings: ["AdminUsers", "Bookings"] });
    const target = await createAdmin({ adminAccessRoleSettings: ["Contacts"] });
    const as = await signedInAs(manager.adminUserId);
    const add = payload(await as.load("?dialog=add"));
    expect(add.dialog.grant).toEqual({
      allAccess: false,
      adminRole: false,
      areas: ["AdminUsers", "Bookings"],
      password: false,
      self: false,
    });
    const edit = payload(await as.load(`?dialog=edit&id=${target.adminUserId}`));
    expect(edit.dialog.grant.areas).toEqual(["AdminUsers", "Bookings", "Contacts"]);

    const refused = await as.post(editForm(target, { access: ["Contacts", "Payment"] }));
    expect(payload(refused).fieldErrors).toEqual({ adminAccessRoleSettings: ACCESS_RULE_MESSAGES.areasNotHeld(["Payments"]) });
    const username = `granted-${suffix()}`;
    const created = await as.post({
      intent: "create",
      adminUsername: username,
      adminPassword: PASSWORD,
      adminEmail: `${username}@example.com`,
      adminStatus: "Active",
      adminRole: "Admin",
      access: ["Bookings"],
    });
    expect(payload(created).fieldErrors).toEqual({ adminRole: ACCESS_RULE_MESSAGES.allAccessGrants });
    expectRedirect(await as.post(editForm(target, { access: ["Contacts", "Bookings"] })), PATH);
    expect((await readAdmin(target.adminUserId)).adminAccessRoleSettings).toEqual(["Bookings", "Contacts"]);
  });
});

describe("Dashboard-only admins", () => {
  it("are added with no area ticked, and blocked by changing only the status", async () => {
    const username = `dash-${suffix()}`;
    expectRedirect(
      await post({
        intent: "create",
        adminUsername: username,
        adminPassword: PASSWORD,
        adminEmail: `${username}@example.com`,
        adminStatus: "Active",
        adminRole: "Support",
      }),
      PATH,
    );
    const [created] = (await apiCall<{ data: AdminUser[] }>(`/get-all-admin-users?search=${username}`)).data;
    expect(created.adminAccessRoleSettings).toEqual([]);
    const list = payload(await callRoute(route, await requestAs("admin", `${PATH}?search=${username}`)));
    expect(list.rows[0].access).toBe(DASHBOARD_ONLY);

    const blocked = await post(editForm(created, { adminStatus: "Block" }), `?dialog=edit&id=${created.adminUserId}`);
    expectRedirect(blocked, PATH);
    expect(await readToast(blocked as Response)).toMatchObject({ type: "success", message: ADMIN_USER_UPDATED });
    expect(await readAdmin(created.adminUserId)).toMatchObject({ adminStatus: "Block", adminAccessRoleSettings: [] });
  });
});

describe("setting another admin's password", () => {
  it("an All Access admin sets it from the edit dialog: they are signed out, it signs in, it is never sent back", async () => {
    const target = await createAdmin();
    const cookie = await cookieOf(target.adminUserId);
    const edit = payload(await callRoute(route, await requestAs("admin", `${PATH}?dialog=edit&id=${target.adminUserId}`)));
    expect(edit.dialog.grant.password).toBe(true);
    const own = payload(await callRoute(route, await requestAs("admin", `${PATH}?dialog=edit&id=${await adminUserIdOf("admin")}`)));
    expect(own.dialog.grant.password).toBe(false);

    const weak = await post(editForm(target, { adminPassword: "weak1" }));
    expect(statusOf(weak)).toBe(400);
    expect(payload(weak).fieldErrors).toEqual({ adminPassword: PASSWORD_TOO_SHORT });
    expect(JSON.stringify(payload(weak))).not.toContain("weak1");

    const set = await post(editForm(target, { adminPassword: "Fresh-start-2026" }));
    expectRedirect(set, PATH);
    expect(await readToast(set as Response)).toMatchObject({ type: "success", message: passwordSet(target.adminUsername) });
    const bookings = await import("~/routes/admin.bookings._index");
    expectRedirect(await callRoute(bookings, await requestAs(null, "/admin/bookings", { headers: { Cookie: cookie } })), "/admin/login");
    const login = await apiCall<{ data: AdminUser }>("/login-admin-user", {
      method: "POST",
      body: { username: target.adminUsername, password: "Fresh-start-2026" },
    });
    expect(login.data.adminUserId).toBe(target.adminUserId);
  });

  it("an admin without All Access is not offered it, and is refused it", async () => {
    const manager = await createAdmin({ adminAccessRoleSettings: ["AdminUsers", "Bookings", "Contacts"] });
    const target = await createAdmin();
    const as = await signedInAs(manager.adminUserId);
    expect(payload(await as.load(`?dialog=edit&id=${target.adminUserId}`)).dialog.grant.password).toBe(false);
    const refused = await as.post(editForm(target, { adminPassword: "Taken-over-2026" }));
    expect(payload(refused).fieldErrors).toEqual({ adminPassword: ACCESS_RULE_MESSAGES.passwordNeedsAllAccess });
  });
});

describe("admin emails", () => {
  it("a taken email (any case) is refused beside the field, naming who has it, on add and edit", async () => {
    const first = await createAdmin();
    const username = `dup-${suffix()}`;
    const added = await post({
      intent: "create",
      adminUsername: username,
      adminPassword: PASSWORD,
      adminEmail: first.adminEmail.toUpperCase(),
      adminStatus: "Active",
      adminRole: "Support",
      access: ["Bookings"],
    });
    expect(statusOf(added)).toBe(400);
    expect(payload(added).fieldErrors).toEqual({ adminEmail: emailTaken(first.adminUsername) });
    const other = await createAdmin();
    const edited = await post(editForm(other, { adminEmail: first.adminEmail }));
    expect(payload(edited).fieldErrors).toEqual({ adminEmail: emailTaken(first.adminUsername) });
  });
});
