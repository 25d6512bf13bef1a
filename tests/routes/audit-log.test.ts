import { describe, expect, test } from "vitest";
import type { AuditLogPageData } from "../../app/models/audit-log";
import { createSession } from "@remix-run/node";
import { REVERT_ACCESS_MESSAGES, REVERT_MESSAGES } from "~contract/audit-log";
import * as auditLog from "~/routes/admin.audit-log";
import { sessionStorage } from "~/services/session.server";
import { ADMIN_ORIGIN, apiCall, callRoute, readToast, requestAs, statusOf } from "../support/routes";

type Category = { category_id: number; categoryName: string; desc: string; updated_at: string };

const unique = (name: string) => `${name} ${Math.random().toString(36).slice(2, 8)}`;
async function newCategory(name: string) {
  const answer = await apiCall<{ data: Category }>("/create-category", {
    body: { categoryName: unique(name), desc: "First description", status: "Active" },
    actingAdmin: "admin",
  });
  return answer.data;
}
async function changeDescription(category: Category, desc: string, actingAdmin: "admin" | "support" = "support") {
  return (
    await apiCall<{ data: Category }>(`/update-category?category_id=${category.category_id}`, {
      method: "PATCH",
      body: { desc, updated_at: category.updated_at },
      actingAdmin,
    })
  ).data;
}
const historyOf = async (id: number) =>
  (await apiCall<{ data: { id: number; action: string }[] }>(`/audit-entries?entity=category&entity_id=${id}&page_size=100`)).data;
const load = async (query: string) => (await callRoute(auditLog, await requestAs("admin", `/admin/audit-log${query}`))) as AuditLogPageData;

describe("Audit Log screen", () => {
  test("needs AdminUsers access: the catalog admin gets 403, a signed-out visitor the login page", async () => {
    expect(statusOf(await callRoute(auditLog, await requestAs("catalog", "/admin/audit-log")))).toBe(403);
    expect(await callRoute(auditLog, await requestAs(null, "/admin/audit-log"))).toHaveRedirect("/admin/login");
    expect(
      statusOf(await callRoute(auditLog, await requestAs("catalog", "/admin/audit-log", { form: { intent: "revert", entry: "1" } }))),
    ).toBe(403);
  });

  test("lists changes in words, filtered by admin, record and action, and opens one entry side by side", async () => {
    const category = await newCategory("Audit screen");
    await changeDescription(category, "Second description");
    const [update] = await historyOf(category.category_id);
    const support = (
      await apiCall<{ data: { adminUserId: number } }>("/login-admin-user", { body: { username: "support", password: "Support@12345" } })
    ).data;

    const page = await load(`?admin=${support.adminUserId}&entity=category&action=update`);
    expect(page.filters).toMatchObject({ admin: String(support.adminUserId), entity: "category", action: "update" });
    expect(page.rows.length).toBeGreaterThan(0);
    expect(page.rows.every((r) => r.admin === "support" && r.action === "Updated" && r.entity === "Category")).toBe(true);
    const row = page.rows.find((r) => r.id === update.id)!;
    expect(row).toMatchObject({ record: `category ${category.categoryName}`, changed: "Description" });
    expect(page.entityOptions).toContainEqual({ value: "plan", label: "Subscription plan" });

    const opened = await load(`?entity=category&entry=${update.id}`);
    expect(opened.entry).toMatchObject({
      id: update.id,
      title: `Updated category ${category.categoryName}`,
      admin: "support",
      changes: [{ field: "Description", before: "First description", after: "Second description" }],
      recordHref: `/admin/edit-categories/${category.category_id}`,
      revertable: true,
    });
    // an entry that is not on this page is fetched by id; an unknown one is told
    const elsewhere = await load(`?entity=plan&entry=${update.id}`);
    expect(elsewhere.entry?.id).toBe(update.id);
    expect((await load("?entry=999999999")).entryNotice).toBe("There is no audit entry #999999999.");
    expect((await load("?entry=abc")).entryNotice).toContain("is not an audit entry id");
  });

  test("All changes to this record: ?entity=…&record=… narrows the log to one record, named", async () => {
    const category = await newCategory("Audit history");
    await changeDescription(category, "Its second description");
    await newCategory("Audit other");
    const page = await load(`?entity=category&record=${category.category_id}`);
    expect(page.filters).toMatchObject({ entity: "category", record: String(category.category_id) });
    expect(page.recordName).toBe(`category ${category.categoryName}`);
    expect(page.rows.map((r) => r.action)).toEqual(["Updated", "Created"]);
    expect(page.rows.every((r) => r.record === `category ${category.categoryName}`)).toBe(true);
    // a record without its kind is not a filter: told, and every record shown
    const loose = await load(`?record=${category.category_id}`);
    expect(loose.filters.record).toBe("");
    expect(loose.filterErrors.join(" ")).toContain("Choose a kind of record");
  });

  test("a settings change reads as the form: the category's changed field by its label, added options highlighted, a reorder as a reorder", async () => {
    const category = await newCategory("Audit settings");
    const setting = async () =>
      (
        await apiCall<{ data: { setting1: Record<string, unknown>; updated_at: string } }>(
          "/get-setting?setting_name=CategoryServiceProviderFormSetting",
        )
      ).data;
    const saveEntry = async (entry: Record<string, unknown>) => {
      const now = await setting();
      await apiCall("/upsert-setting?setting_name=CategoryServiceProviderFormSetting", {
        method: "PUT",
        actingAdmin: "admin",
        body: {
          settingName: "CategoryServiceProviderFormSetting",
          setting1: { ...now.setting1, [category.category_id]: entry },
          updated_at: now.updated_at,
        },
      });
    };
    await saveEntry({ fields: { about: true }, offerings: { Consultation: ["30 Minutes Call"] } });
    await saveEntry({ fields: { about: true }, offerings: { Consultation: ["30 Minutes Call", "1 Hour Call"] } });
    const partId = `CategoryServiceProviderFormSetting/${category.category_id}`;
    const history = await load(`?entity=setting&record=${encodeURIComponent(partId)}`);
    expect(history.recordName).toBe(`Category Settings › ${category.categoryName}`);
    expect(history.rows[0]).toMatchObject({
      action: "Updated",
      record: `Category Settings › ${category.categoryName}`,
      changed: "Offerings › Consultation",
    });

    const added = (await load(`?entity=setting&record=${encodeURIComponent(partId)}&entry=${history.rows[0].id}`)).entry!;
    expect(added.title).toBe(`Updated Category Settings › ${category.categoryName}`);
    expect(added.changes).toEqual([
      {
        field: "Offerings › Consultation",
        before: "30 Minutes Call",
        after: "30 Minutes Call, 1 Hour Call",
        beforePieces: [{ text: "30 Minutes Call", changed: false }],
        afterPieces: [
          { text: "30 Minutes Call", changed: false },
          { text: "1 Hour Call", changed: true },
        ],
        separator: ", ",
      },
    ]);
    expect(added.revertable).toBe(true);
    expect(added.recordHref).toBe(`/admin/settings?tab=category&category=${category.category_id}`);

    await saveEntry({ fields: { about: true }, offerings: { Consultation: ["1 Hour Call", "30 Minutes Call"] } });
    const [reorder] = (await load(`?entity=setting&record=${encodeURIComponent(partId)}`)).rows;
    expect(reorder.changed).toBe("Offerings › Consultation (reordered)");
    const reordered = (await load(`?entry=${reorder.id}`)).entry!;
    expect(reordered.changes).toMatchObject([
      {
        field: "Offerings › Consultation",
        before: "30 Minutes Call, 1 Hour Call",
        after: "1 Hour Call, 30 Minutes Call",
        note: "Reordered",
      },
    ]);
  });

  test("bad filters are told and ignored; a page past the end goes to the last page", async () => {
    const page = await load("?entity=spaceship&action=explode&start_date=2026-13-01");
    expect(page.filters).toMatchObject({ entity: "", action: "" });
    expect(page.filterErrors.join(" ")).toContain("not a kind of record");
    expect(page.filterErrors.join(" ")).toContain("not an action");
    expect(page.filterErrors.join(" ")).toContain("is not a date");
    const far = await callRoute(auditLog, await requestAs("admin", "/admin/audit-log?page=999999"));
    expect(far).toHaveRedirect("/admin/audit-log?page=");
  });

  test("Revert this change writes the old value back and opens the new entry; a second revert is refused with who moved it on", async () => {
    const category = await newCategory("Audit revert");
    await changeDescription(category, "Mistaken description");
    const [update] = await historyOf(category.category_id);
    const reverted = (await callRoute(
      auditLog,
      await requestAs("admin", "/admin/audit-log?entity=category&page=1", { form: { intent: "revert", entry: String(update.id) } }),
    )) as Response;
    expect(reverted).toHaveRedirect("/admin/audit-log?entity=category&entry=");
    expect(await readToast(reverted)).toMatchObject({ type: "success", message: REVERT_MESSAGES.reverted });
    const now = (await apiCall<{ data: Category }>(`/get-category-by-id?category_id=${category.category_id}`)).data;
    expect(now.desc).toBe("First description");
    const [revertEntry] = await historyOf(category.category_id);
    expect(revertEntry.action).toBe("revert");
    expect(reverted.headers.get("Location")).toContain(`entry=${revertEntry.id}`);

    const again = (await callRoute(
      auditLog,
      await requestAs("admin", "/admin/audit-log", { form: { intent: "revert", entry: String(update.id) } }),
    )) as Response;
    expect(again).toHaveRedirect(`/admin/audit-log?entry=${update.id}`);
    const toast = await readToast(again);
    expect(toast?.type).toBe("error");
    expect(toast?.message).toMatch(/^This record was changed again by admin on /);
  });

  test("a creation offers no revert, and posting one anyway is refused with the reason", async () => {
    const category = await newCategory("Audit created");
    const [creation] = await historyOf(category.category_id);
    expect((await load(`?entry=${creation.id}`)).entry?.revertable).toBe(false);
    const refused = (await callRoute(
      auditLog,
      await requestAs("admin", "/admin/audit-log", { form: { intent: "revert", entry: String(creation.id) } }),
    )) as Response;
    expect(await readToast(refused)).toMatchObject({ type: "error", message: REVERT_MESSAGES.notRevertable });
  });

  test("Revert works for a post, a terms version while a draft and a notification template; a published version is refused", async () => {
    const revert = async (entity: string, id: number) => {
      const [update] = (
        await apiCall<{ data: { id: number; action: string }[] }>(`/audit-entries?entity=${entity}&entity_id=${id}&page_size=100`)
      ).data;
      expect(update.action).toBe("update");
      expect((await load(`?entry=${update.id}`)).entry?.revertable).toBe(true);
      const answer = (await callRoute(
        auditLog,
        await requestAs("admin", "/admin/audit-log", { form: { intent: "revert", entry: String(update.id) } }),
      )) as Response;
      return readToast(answer);
    };
    type Versioned = { id: number; updated_at: string };

    const post = (
      await apiCall<{ data: Versioned & { title: string } }>("/blog/articles/", {
        actingAdmin: "admin",
        body: { title: unique("Revert post"), status: "draft", content: "<p>First</p>" },
      })
    ).data;
    await apiCall(`/blog/article-detail/${post.id}`, {
      method: "PUT",
      actingAdmin: "support",
      body: { title: "A mistaken title", updated_at: post.updated_at },
    });
    expect(await revert("blog_article", post.id)).toMatchObject({ type: "success", message: REVERT_MESSAGES.reverted });
    expect((await apiCall<{ data: { title: string } }>(`/blog/article-detail/${post.id}`)).data.title).toBe(post.title);

    const terms = (
      await apiCall<{ data: Versioned }>("/clickwrap/clickwraps/", {
        actingAdmin: "admin",
        body: { version: unique("r"), status: "draft", text: "<p>Draft terms</p>" },
      })
    ).data;
    const changed = (
      await apiCall<{ data: Versioned }>(`/clickwrap/clickwraps/${terms.id}/`, {
        method: "PUT",
        actingAdmin: "support",
        body: { text: "<p>Mistaken terms</p>", updated_at: terms.updated_at },
      })
    ).data;
    expect(await revert("clickwrap", terms.id)).toMatchObject({ type: "success", message: REVERT_MESSAGES.reverted });
    const restored = (await apiCall<{ data: Versioned & { text: string } }>(`/clickwrap/clickwraps/${terms.id}/`)).data;
    expect(restored.text).toBe("<p>Draft terms</p>");
    // once published, the text is fixed: reverting its earlier change is refused with the reason
    await apiCall(`/clickwrap/clickwraps/${terms.id}/`, {
      method: "PUT",
      actingAdmin: "admin",
      body: { status: "published", updated_at: restored.updated_at },
    });
    const [, , textChange] = (
      await apiCall<{ data: { id: number; action: string }[] }>(`/audit-entries?entity=clickwrap&entity_id=${terms.id}&page_size=100`)
    ).data;
    expect(textChange.action).toBe("update");
    expect(changed.updated_at).not.toBe(terms.updated_at);
    const refused = (await callRoute(
      auditLog,
      await requestAs("admin", "/admin/audit-log", { form: { intent: "revert", entry: String(textChange.id) } }),
    )) as Response;
    expect((await readToast(refused))?.type).toBe("error");
    expect((await apiCall<{ data: { text: string; status: string } }>(`/clickwrap/clickwraps/${terms.id}/`)).data).toMatchObject({
      text: "<p>Draft terms</p>",
      status: "published",
    });

    // this file owns the ServiceProvider + order_cancelled template: an earlier run's goes first
    const pair = { user_type: "ServiceProvider", notification_type: "order_cancelled" };
    for (const old of (await apiCall<{ data: { id: number }[] }>(`/list-create-notification-template/?${new URLSearchParams(pair)}`))
      .data) {
      await apiCall(`/delete-notification-template/${old.id}/`, { method: "DELETE", actingAdmin: "admin" });
    }
    const template = (
      await apiCall<{ data: Versioned }>("/list-create-notification-template/", {
        actingAdmin: "admin",
        body: { ...pair, web_notification: "Order {order_id} was cancelled" },
      })
    ).data;
    await apiCall(`/update-notification-template/${template.id}/`, {
      method: "PUT",
      actingAdmin: "support",
      body: { web_notification: "Mistaken {order_id}", updated_at: template.updated_at },
    });
    expect(await revert("notification_template", template.id)).toMatchObject({ type: "success", message: REVERT_MESSAGES.reverted });
    expect(
      (await apiCall<{ data: { web_notification: string } }>(`/retrive-notification-template/${template.id}/`)).data.web_notification,
    ).toBe("Order {order_id} was cancelled");
  });

  describe("Revert needs the record's area and asks first (issue 29 item 2)", () => {
    /** A new Active admin with these areas and a real session: a request maker signed in as them. */
    async function signedInAdmin(access: string[]) {
      const username = `rev-${Math.random().toString(36).slice(2, 8)}`;
      const created = (
        await apiCall<{ data: { adminUserId: number; adminUsername: string; updated_at: string } }>("/register-admin-user", {
          actingAdmin: "admin",
          body: {
            adminUsername: username,
            adminPassword: "Revert-pass-12",
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
      const request = (path: string, form?: Record<string, string>) => {
        const headers = new Headers({ Cookie: cookie });
        if (form) headers.set("Content-Type", "application/x-www-form-urlencoded");
        return new Request(new URL(path, ADMIN_ORIGIN), {
          method: form ? "POST" : "GET",
          headers,
          body: form ? new URLSearchParams(form) : undefined,
        });
      };
      return { ...created, request };
    }
    type Plan = { plan_id: number; plan_name: string; charge: string; updated_at: string };
    async function changedPlan() {
      const plan = (
        await apiCall<{ data: Plan }>("/create-plan", {
          actingAdmin: "admin",
          body: {
            plan_name: unique("Route area plan"),
            charge: "100.00",
            service_fee: "1.00",
            profile_boost: 0,
            plan_validity: 1,
            max_approval: 1,
            status: "Active",
          },
        })
      ).data;
      await apiCall(`/update-plan?plan_id=${plan.plan_id}`, {
        method: "PUT",
        actingAdmin: "admin",
        body: { charge: "250.00", updated_at: plan.updated_at },
      });
      const [update] = (await apiCall<{ data: { id: number }[] }>(`/audit-entries?entity=plan&entity_id=${plan.plan_id}&page_size=100`))
        .data;
      return { plan, update };
    }
    const planCharge = async (id: number) => (await apiCall<{ data: Plan }>(`/get-plan-by-id?plan_id=${id}`)).data.charge;

    test("an admin holding only Admin Users is not offered Revert on a plan's change, is told why, and a posted revert is refused", async () => {
      const usersOnly = await signedInAdmin(["AdminUsers"]);
      const { plan, update } = await changedPlan();
      const page = (await callRoute(auditLog, usersOnly.request(`/admin/audit-log?entry=${update.id}`))) as AuditLogPageData;
      expect(page.entry).toMatchObject({
        id: update.id,
        revertable: false,
        revertNote: REVERT_ACCESS_MESSAGES.area("SubscriptionPlan"),
        recordHref: null,
      });
      // asking for the confirmation by its URL shows none
      expect(
        ((await callRoute(auditLog, usersOnly.request(`/admin/audit-log?entry=${update.id}&dialog=revert`))) as AuditLogPageData).entry
          ?.confirmRevert,
      ).toBe(false);
      const posted = (await callRoute(
        auditLog,
        usersOnly.request(`/admin/audit-log?entry=${update.id}&dialog=revert`, { intent: "revert", entry: String(update.id) }),
      )) as Response;
      expect(posted).toHaveRedirect(`/admin/audit-log?entry=${update.id}`);
      expect(await readToast(posted)).toMatchObject({ type: "error", message: REVERT_ACCESS_MESSAGES.area("SubscriptionPlan") });
      expect(await planCharge(plan.plan_id)).toBe("250.00");
    });

    test("a demoted admin is not offered the revert of their own demotion, and cannot post it", async () => {
      const demoted = await signedInAdmin(["AdminUsers", "Bookings"]);
      await apiCall("/update-admin-user", {
        method: "PUT",
        actingAdmin: "admin",
        body: { adminUsername: demoted.adminUsername, adminAccessRoleSettings: ["AdminUsers"], updated_at: demoted.updated_at },
      });
      // the demotion ended their session: a new one, as they would sign in again
      const again = await signedInAdmin(["AdminUsers"]);
      const [demotion] = (
        await apiCall<{ data: { id: number }[] }>(`/audit-entries?entity=admin_user&entity_id=${demoted.adminUserId}&page_size=100`)
      ).data;
      const session = await apiCall<{ data: { token: string } }>("/admin-sessions", {
        body: {
          adminUserId: demoted.adminUserId,
          user_agent: "route test",
          address: "127.0.0.1",
          idle_seconds: 3600,
          absolute_seconds: 86_400,
        },
      });
      const cookie = (await sessionStorage().commitSession(createSession({}, session.data.token))).split(";")[0];
      const asDemoted = (form?: Record<string, string>) =>
        new Request(new URL(`/admin/audit-log?entry=${demotion.id}`, ADMIN_ORIGIN), {
          method: form ? "POST" : "GET",
          headers: { Cookie: cookie, ...(form ? { "Content-Type": "application/x-www-form-urlencoded" } : {}) },
          body: form ? new URLSearchParams(form) : undefined,
        });
      const page = (await callRoute(auditLog, asDemoted())) as AuditLogPageData;
      expect(page.entry).toMatchObject({ revertable: false, revertNote: REVERT_ACCESS_MESSAGES.own });
      const posted = (await callRoute(auditLog, asDemoted({ intent: "revert", entry: String(demotion.id) }))) as Response;
      expect(await readToast(posted)).toMatchObject({ type: "error", message: REVERT_ACCESS_MESSAGES.own });
      const now = (
        await apiCall<{ data: { adminAccessRoleSettings: string[] } }>(`/get-admin-user-by-id?adminUserId=${demoted.adminUserId}`)
      ).data;
      expect(now.adminAccessRoleSettings).toEqual(["AdminUsers"]);
      // another admin with Admin Users is offered it
      expect(((await callRoute(auditLog, again.request(`/admin/audit-log?entry=${demotion.id}`))) as AuditLogPageData).entry).toMatchObject(
        { revertable: true, revertNote: null },
      );
    });

    test("Revert asks first: ?dialog=revert is the confirmation, and only its post reverts; a deleted record's change offers none", async () => {
      const { plan, update } = await changedPlan();
      const offered = await load(`?entry=${update.id}`);
      expect(offered.entry).toMatchObject({ revertable: true, confirmRevert: false });
      expect(await planCharge(plan.plan_id)).toBe("250.00");
      expect((await load(`?entry=${update.id}&dialog=revert`)).entry).toMatchObject({ revertable: true, confirmRevert: true });
      const reverted = (await callRoute(
        auditLog,
        await requestAs("admin", `/admin/audit-log?entry=${update.id}&dialog=revert`, {
          form: { intent: "revert", entry: String(update.id) },
        }),
      )) as Response;
      expect(await readToast(reverted)).toMatchObject({ type: "success", message: REVERT_MESSAGES.reverted });
      expect(reverted.headers.get("Location")).not.toContain("dialog=");
      expect(await planCharge(plan.plan_id)).toBe("100.00");

      const category = await newCategory("Route deleted");
      await changeDescription(category, "Before deletion", "admin");
      const [change] = await historyOf(category.category_id);
      await apiCall(`/remove-category?category_id=${category.category_id}`, { method: "DELETE", actingAdmin: "admin" });
      const gone = (await load(`?entry=${change.id}`)).entry!;
      expect(gone.revertable).toBe(false);
      expect(gone.revertNote).toContain(REVERT_MESSAGES.gone);
    });
  });
});
