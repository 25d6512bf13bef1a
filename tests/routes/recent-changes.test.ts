import { createSession } from "@remix-run/node";
import { describe, expect, test } from "vitest";
import type { RecentChanges } from "../../app/models/audit-access";
import * as layout from "~/routes/admin";
import * as notifications from "~/routes/admin.notifications";
import { sessionStorage } from "~/services/session.server";
import { ADMIN_ORIGIN, apiCall, callRoute, readToast, requestAs, statusOf } from "../support/routes";

/** The header's Recent changes (issue 29 item 3): only the areas an admin may open, linked, read and unread per admin. */

const unique = (name: string) => `${name} ${Math.random().toString(36).slice(2, 8)}`;
const noticesOf = (result: unknown) => (result as { data: { notices: RecentChanges | null } }).data.notices!;

/** A new Active admin with these areas and a real session: a request maker signed in as them. */
async function signedInAdmin(access: string[]) {
  const username = `recent-${Math.random().toString(36).slice(2, 8)}`;
  const created = (
    await apiCall<{ data: { adminUserId: number } }>("/register-admin-user", {
      actingAdmin: "admin",
      body: {
        adminUsername: username,
        adminPassword: "Recent-pass-12",
        adminEmail: `${username}@example.com`,
        adminStatus: "Active",
        adminRole: "Support",
        adminAccessRoleSettings: access,
      },
    })
  ).data;
  const session = await apiCall<{ data: { token: string } }>("/admin-sessions", {
    body: {
      adminUserId: created.adminUserId,
      user_agent: "route test",
      address: "127.0.0.1",
      idle_seconds: 3600,
      absolute_seconds: 86_400,
    },
  });
  const cookie = (await sessionStorage().commitSession(createSession({}, session.data.token))).split(";")[0];
  return (path: string, form?: Record<string, string>) => {
    const headers = new Headers({ Cookie: cookie });
    if (form) headers.set("Content-Type", "application/x-www-form-urlencoded");
    return new Request(new URL(path, ADMIN_ORIGIN), {
      method: form ? "POST" : "GET",
      headers,
      body: form ? new URLSearchParams(form) : undefined,
    });
  };
}

describe("Recent changes in the header", () => {
  test("viewer (no area) sees none of the changes admins make elsewhere", async () => {
    await apiCall("/create-category", {
      actingAdmin: "admin",
      body: { categoryName: unique("Recent viewer"), desc: "x", status: "Active" },
    });
    const notices = noticesOf(await callRoute(layout, await requestAs("viewer", "/admin")));
    expect(notices.items).toEqual([]);
    expect(notices.unread).toBe(0);
  });

  test("an admin of Categories sees category changes only, each linking to its record, unread until Mark all read", async () => {
    const as = await signedInAdmin(["Category"]);
    const name = unique("Recent category");
    const category = (
      await apiCall<{ data: { category_id: number } }>("/create-category", {
        actingAdmin: "admin",
        body: { categoryName: name, desc: "x", status: "Active" },
      })
    ).data;
    await apiCall("/create-plan", {
      actingAdmin: "admin",
      body: {
        plan_name: unique("Recent plan"),
        charge: "10.00",
        service_fee: "1.00",
        profile_boost: 0,
        plan_validity: 1,
        max_approval: 1,
        status: "Active",
      },
    });

    const before = noticesOf(await callRoute(layout, as("/admin")));
    const mine = before.items.find((item) => item.text === `admin created category ${name}`);
    expect(mine).toMatchObject({ unread: true, href: `/admin/edit-categories/${category.category_id}` });
    expect(before.unread).toBeGreaterThan(0);
    for (const item of before.items) {
      expect(item.href).toMatch(/^\/admin\/(edit-categories\/\d+|category)/);
      expect(item.text).not.toMatch(/ plan | admin user | setting/i);
    }

    // Mark all read (no JavaScript): back to the page it was posted from, the badge cleared
    const marked = (await callRoute(
      notifications,
      as("/admin/notifications", { up_to: String(before.upTo), redirectTo: "/admin/category?page=1" }),
    )) as Response;
    expect(marked).toHaveRedirect("/admin/category?page=1");
    const after = noticesOf(await callRoute(layout, as("/admin")));
    expect(after.items.find((item) => item.id === mine!.id)?.unread).toBe(false);
    expect(after.items.filter((item) => item.unread).every((item) => item.id > before.upTo)).toBe(true);
    expect(after.upTo).toBeGreaterThanOrEqual(before.upTo);

    // opening the menu with JavaScript posts the same without redirectTo: answered as data
    const fetched = await callRoute(notifications, as("/admin/notifications", { up_to: String(after.upTo) }));
    expect(fetched).toMatchObject({ data: { error: undefined } });
    // a redirectTo outside the admin goes to the dashboard; a bad marker is told
    expect(await callRoute(notifications, as("/admin/notifications", { up_to: "1", redirectTo: "https://evil.example/" }))).toHaveRedirect(
      "/admin",
    );
    const bad = (await callRoute(notifications, as("/admin/notifications", { up_to: "x", redirectTo: "/admin" }))) as Response;
    expect(await readToast(bad)).toMatchObject({ type: "error" });
  });

  test("Mark all read needs a session", async () => {
    expect(await callRoute(notifications, await requestAs(null, "/admin/notifications", { form: { up_to: "1" } }))).toHaveRedirect(
      "/admin/login",
    );
    expect(statusOf(await callRoute(notifications, await requestAs("viewer", "/admin/notifications")))).toBe(302);
  });
});
