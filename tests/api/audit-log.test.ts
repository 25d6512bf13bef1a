import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { AuditEntry, REVERT_ACCESS_MESSAGES, REVERT_MESSAGES } from "~contract/audit-log";
import { AuditPage } from "../../app/models/audit-log";
import { CategoryRecord } from "~contract/categories";
import { FaqRecord } from "~contract/faqs";
import { adminUsers } from "../../api/src/db/schema";
import { describeEachDriver, startTestApi, type TestApi } from "../support/api-server";
import { call, get, parsed, validCategory } from "./helpers";

const DataCategory = z.object({ data: CategoryRecord });
const DataEntry = z.object({ data: AuditEntry });

describeEachDriver("the audit log screen's calls: list, one entry, revert", (driver) => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi({ driver });
  });
  afterAll(() => api?.close());

  const unique = (name: string) => `${name} ${Math.random().toString(36).slice(2, 8)}`;
  const list = async (query: Record<string, string | number> = {}) => parsed(AuditPage, (await get(api, "/audit-entries", { query })).body);
  const historyOf = async (entity: string, id: number | string) => (await list({ entity, entity_id: String(id), page_size: 100 })).data;
  async function newCategory(name: string) {
    const answer = await call(api, "POST", "/create-category", { body: validCategory(unique(name)) });
    return parsed(DataCategory, answer.body).data;
  }
  const updateCategory = async (id: number, body: Record<string, unknown>, actingAdmin = 1) => {
    const answer = await call(api, "PATCH", "/update-category", { query: { category_id: id }, body, actingAdmin });
    expect(answer.status, answer.text).toBe(201);
    return parsed(DataCategory, answer.body).data;
  };
  const revert = (id: number, actingAdmin = 1) => call(api, "POST", `/audit-entries/${id}/revert`, { actingAdmin });

  it("lists newest first with its total, narrowed by admin, entity, action, record and dates", async () => {
    const category = await newCategory("Audit listing");
    await updateCategory(category.category_id, { desc: "Changed by the support admin", updated_at: category.updated_at }, 2);
    const history = await historyOf("category", category.category_id);
    expect(history.map((e) => e.action)).toEqual(["update", "create"]);
    expect(history[0]).toMatchObject({
      admin_user_id: 2,
      before: { desc: `${category.categoryName} description` },
      after: { desc: "Changed by the support admin" },
    });

    const all = await list({ page_size: 10 });
    expect(all.total_results).toBeGreaterThanOrEqual(2);
    expect(all.data).toHaveLength(Math.min(10, all.total_results));
    const times = all.data.map((e) => Date.parse(e.created_at));
    expect([...times].sort((a, b) => b - a)).toEqual(times);

    const bySupport = await list({ admin: 2, page_size: 100 });
    expect(bySupport.data.length).toBeGreaterThan(0);
    expect(bySupport.data.every((e) => e.admin_user_id === 2)).toBe(true);
    const creates = await list({ action: "create", entity: "category", page_size: 100 });
    expect(creates.data.every((e) => e.action === "create" && e.entity === "category")).toBe(true);
    expect(creates.data.some((e) => e.entity_id === String(category.category_id))).toBe(true);

    const today = new Date(Date.now() + 5.5 * 3600_000).toISOString().slice(0, 10);
    const todays = await list({ start_date: today, end_date: today, entity: "category", entity_id: String(category.category_id) });
    expect(todays.total_results).toBe(2);
    const longAgo = await list({ start_date: "2001-01-01", end_date: "2001-01-31" });
    expect(longAgo).toMatchObject({ total_results: 0, data: [] });

    const page2 = await list({ page: 2, page_size: 1, entity: "category", entity_id: String(category.category_id) });
    expect(page2.data.map((e) => e.action)).toEqual(["create"]);
    expect(page2).toMatchObject({ current_page: 2, page_size: 1, total_results: 2 });
  });

  it("refuses bad filters with their messages", async () => {
    const backwards = await get(api, "/audit-entries", { query: { start_date: "2026-02-02", end_date: "2026-02-01" } });
    expect(backwards.status).toBe(400);
    expect(JSON.stringify(backwards.body)).toContain("The end date must be on or after the start date");
    // a day the calendar does not have is refused, not rolled over to the next month
    const impossible = await get(api, "/audit-entries", { query: { start_date: "2026-02-30" } });
    expect(impossible.status).toBe(400);
    expect(impossible.body.errors).toEqual({ start_date: "Not a valid date" });
    expect((await get(api, "/audit-entries", { query: { start_date: "2024-02-29" } })).status).toBe(200);
    expect((await get(api, "/audit-entries", { query: { entity: "spaceship" } })).status).toBe(400);
    expect((await get(api, "/audit-entries", { query: { admin: "x" } })).status).toBe(400);
    expect((await get(api, "/audit-entries/999999")).status).toBe(404);
  });

  it("reverts a category change as a new audited change, then answers 409 once the record has moved on", async () => {
    const category = await newCategory("Revert me");
    const changed = await updateCategory(
      category.category_id,
      { desc: "Wrong description", status: "Hold", updated_at: category.updated_at },
      2,
    );
    const [update] = await historyOf("category", category.category_id);

    const answer = await revert(update.id);
    expect(answer.status, answer.text).toBe(200);
    const recorded = parsed(DataEntry, answer.body).data;
    expect(recorded).toMatchObject({
      action: "revert",
      reverts_id: update.id,
      admin_user_id: 1,
      before: { desc: "Wrong description", status: "Hold" },
      after: { desc: category.desc, status: "Active" },
    });
    const now = parsed(DataCategory, (await get(api, "/get-category-by-id", { query: { category_id: category.category_id } })).body).data;
    expect(now).toMatchObject({ desc: category.desc, status: "Active", updated_by: "admin" });
    expect(Date.parse(now.updated_at)).toBeGreaterThan(Date.parse(changed.updated_at));

    // the original change is no longer what the record holds: reverting it again is refused, naming who moved it on
    const again = await revert(update.id);
    expect(again.status).toBe(409);
    expect(again.body.message).toMatch(/^This record was changed again by admin on \d{2}-[A-Z][a-z]{2}-\d{4} /);
    // reverting the revert puts the change back
    const undo = await revert(recorded.id);
    expect(undo.status, undo.text).toBe(200);
    const back = parsed(DataCategory, (await get(api, "/get-category-by-id", { query: { category_id: category.category_id } })).body).data;
    expect(back).toMatchObject({ desc: "Wrong description", status: "Hold" });
  });

  it("a revert posted with an Idempotency-Key (the admin's confirm form) goes through once; its repeat gets the same answer", async () => {
    const category = await newCategory("Revert by key");
    await updateCategory(category.category_id, { desc: "Keyed change", updated_at: category.updated_at }, 2);
    const [update] = await historyOf("category", category.category_id);
    const key = `revert-test-${Date.now()}.1`;
    const keyed = () => call(api, "POST", `/audit-entries/${update.id}/revert`, { actingAdmin: 1, headers: { "Idempotency-Key": key } });
    // the revert's own write (an update of the category) must not reuse the revert's key
    const first = await keyed();
    expect(first.status, first.text).toBe(200);
    const second = await keyed();
    expect(second.status, second.text).toBe(200);
    expect(second.body).toEqual(first.body);
    expect((await historyOf("category", category.category_id)).filter((e) => e.action === "revert")).toHaveLength(1);
  });

  it("reverts an FAQ's text; a deleted FAQ cannot be reverted", async () => {
    const category = await newCategory("FAQ holder");
    const created = await call(api, "POST", "/create-faq", {
      body: { category: category.category_id, content: "<h3>Old question?</h3><p>Old answer.</p>" },
    });
    const faq = parsed(z.object({ data: FaqRecord }), created.body).data;
    const edited = await call(api, "PUT", `/faq-detail/${faq.id}`, {
      body: { content: "<h3>New question?</h3><p>New answer.</p>", updated_at: faq.updated_at },
    });
    expect(edited.status).toBe(200);
    const [update] = await historyOf("faq", faq.id);
    expect((await revert(update.id)).status).toBe(200);
    const now = parsed(z.object({ data: FaqRecord }), (await get(api, `/faq-detail/${faq.id}`)).body).data;
    expect(now.content).toBe("<h3>Old question?</h3><p>Old answer.</p>");

    const [revertEntry] = await historyOf("faq", faq.id);
    expect((await call(api, "DELETE", `/faq-detail/${faq.id}`)).status).toBe(204);
    const gone = await revert(revertEntry.id);
    expect(gone.status).toBe(409);
    expect(gone.body.message).toContain(REVERT_MESSAGES.gone);
    expect(gone.body.message).toContain("deleted by admin");
  });

  it("never reverts creations, deletions, payments or orders; needs an active acting admin", async () => {
    const category = await newCategory("Created only");
    const [creation] = await historyOf("category", category.category_id);
    const refused = await revert(creation.id);
    expect(refused.status).toBe(422);
    expect(refused.body.message).toBe(REVERT_MESSAGES.notRevertable);

    const payments = await list({ entity: "payment", page_size: 1 });
    if (payments.data[0]) expect((await revert(payments.data[0].id)).status).toBe(422);

    const changed = await updateCategory(category.category_id, { desc: "x description", updated_at: category.updated_at });
    const [update] = await historyOf("category", category.category_id);
    expect((await revert(update.id, 0)).status).toBe(400);
    const [blockedAdmin] = await api.db.select().from(adminUsers).where(eq(adminUsers.adminUsername, "blocked"));
    expect((await revert(update.id, blockedAdmin.adminUserId)).status).toBe(403);
    const still = parsed(DataCategory, (await get(api, "/get-category-by-id", { query: { category_id: category.category_id } })).body).data;
    expect(still.updated_at).toBe(changed.updated_at);
  });

  it("reverts a plan's price and duration through PUT /update-plan, audited as a revert", async () => {
    const created = await call(api, "POST", "/create-plan", {
      body: {
        plan_name: unique("Revert plan"),
        charge: "1499.50",
        service_fee: "12.50",
        profile_boost: 5,
        plan_validity: 3,
        max_approval: 7,
        status: "Active",
      },
    });
    expect(created.status, created.text).toBe(201);
    const plan = created.body.data;
    const changed = await call(api, "PUT", "/update-plan", {
      query: { plan_id: plan.plan_id },
      body: { charge: "1999.00", plan_validity: 12, updated_at: plan.updated_at },
    });
    expect(changed.status, changed.text).toBe(200);
    const [update] = await historyOf("plan", plan.plan_id);
    expect(update).toMatchObject({
      action: "update",
      before: { charge: "1499.50", plan_validity: 3 },
      after: { charge: "1999.00", plan_validity: 12 },
    });
    const answer = await revert(update.id);
    expect(answer.status, answer.text).toBe(200);
    const now = (await get(api, "/get-plan-by-id", { query: { plan_id: plan.plan_id } })).body.data;
    expect(now).toMatchObject({ charge: "1499.50", plan_validity: 3, service_fee: "12.50", profile_boost: 5 });
    const [latest] = await historyOf("plan", plan.plan_id);
    expect(latest).toMatchObject({ action: "revert", reverts_id: update.id, after: { charge: "1499.50", plan_validity: 3 } });
  });

  it("names each record as people know it: a plan by its name (kept once deleted), a category, an admin user", async () => {
    const name = unique("Named plan");
    const created = await call(api, "POST", "/create-plan", {
      body: {
        plan_name: name,
        charge: "99.00",
        service_fee: "1.00",
        profile_boost: 0,
        plan_validity: 1,
        max_approval: 1,
        status: "Inactive",
      },
    });
    expect(created.status, created.text).toBe(201);
    const planId = created.body.data.plan_id;
    expect((await historyOf("plan", planId)).map((e) => e.record_name)).toEqual([name]);
    const deleted = await call(api, "DELETE", "/delete-plan", { query: { plan_id: planId } });
    expect(deleted.status, deleted.text).toBeLessThan(300);
    expect((await historyOf("plan", planId)).map((e) => e.record_name)).toEqual([name, name]);

    const category = await newCategory("Named category");
    const [entry] = await historyOf("category", category.category_id);
    expect(entry.record_name).toBe(category.categoryName);
    const one = parsed(DataEntry, (await get(api, `/audit-entries/${entry.id}`)).body).data;
    expect(one.record_name).toBe(category.categoryName);
    const [admin] = await api.db.select().from(adminUsers).where(eq(adminUsers.adminUserId, 2));
    const adminEntries = (await list({ entity: "admin_user", page_size: 100 })).data.filter((e) => e.entity_id === "2");
    for (const e of adminEntries) expect(e.record_name).toBe(admin.adminUsername);
  });

  it("reverts an admin user's access through PUT /update-admin-user; a password change is never reverted", async () => {
    const registered = await call(api, "POST", "/register-admin-user", {
      body: {
        adminUsername: `revert-${Math.random().toString(36).slice(2, 8)}`,
        adminPassword: "Revert-pass-1",
        adminEmail: "revert@example.com",
        adminStatus: "Active",
        adminRole: "Support",
        adminAccessRoleSettings: ["Bookings"],
      },
    });
    expect(registered.status, registered.text).toBe(201);
    const admin = registered.body.data;
    const widened = await call(api, "PUT", "/update-admin-user", {
      body: { adminUsername: admin.adminUsername, adminAccessRoleSettings: ["Bookings", "Payment"], updated_at: admin.updated_at },
    });
    expect(widened.status, widened.text).toBe(200);
    const [update] = await historyOf("admin_user", admin.adminUserId);
    expect((await revert(update.id)).status).toBe(200);
    const now = (await get(api, "/get-admin-user-by-id", { query: { adminUserId: admin.adminUserId } })).body.data;
    expect(now.adminAccessRoleSettings).toEqual(["Bookings"]);

    const password = await call(api, "PUT", "/update-admin-user", {
      body: { adminUsername: admin.adminUsername, adminPassword: "Another-pass-2", updated_at: now.updated_at },
    });
    expect(password.status, password.text).toBe(200);
    const [passwordChange] = await historyOf("admin_user", admin.adminUserId);
    expect(JSON.stringify(passwordChange)).not.toContain("Another-pass-2");
    expect((await revert(passwordChange.id)).status).toBe(422);
  });

  it("a revert that breaks the record's rules now is refused with that rule's message", async () => {
    const first = await newCategory("Name clash");
    const renamed = await updateCategory(first.category_id, { categoryName: unique("Renamed"), updated_at: first.updated_at });
    const [rename] = await historyOf("category", first.category_id);
    // someone else takes the old name meanwhile
    await call(api, "POST", "/create-category", { body: validCategory(first.categoryName) });
    const answer = await revert(rename.id);
    expect(answer.status).toBe(400);
    expect(JSON.stringify(answer.body)).toMatch(/already/i);
    const still = parsed(DataCategory, (await get(api, "/get-category-by-id", { query: { category_id: first.category_id } })).body).data;
    expect(still.categoryName).toBe(renamed.categoryName);
  });

  describe("revert needs the access of the record's area (issue 29 item 2)", () => {
    /** A new Active admin with these areas, registered by admin (All Access). */
    async function newAdmin(access: string[]) {
      const registered = await call(api, "POST", "/register-admin-user", {
        body: {
          adminUsername: `area-${Math.random().toString(36).slice(2, 8)}`,
          adminPassword: "Area-pass-12",
          adminEmail: `area-${Math.random().toString(36).slice(2, 8)}@example.com`,
          adminStatus: "Active",
          adminRole: "Support",
          adminAccessRoleSettings: access,
        },
      });
      expect(registered.status, registered.text).toBe(201);
      return registered.body.data as { adminUserId: number; adminUsername: string; updated_at: string };
    }
    const detailAs = async (id: number, actingAdmin: number) =>
      parsed(DataEntry, (await get(api, `/audit-entries/${id}`, { actingAdmin })).body).data;

    it("an admin holding only Admin Users cannot revert a plan, a category, a cancellation reason or a setting; the record stays", async () => {
      const usersOnly = await newAdmin(["AdminUsers"]);
      const plan = (
        await call(api, "POST", "/create-plan", {
          body: {
            plan_name: unique("Area plan"),
            charge: "100.00",
            service_fee: "1.00",
            profile_boost: 0,
            plan_validity: 1,
            max_approval: 1,
            status: "Active",
          },
        })
      ).body.data;
      expect(
        (
          await call(api, "PUT", "/update-plan", {
            query: { plan_id: plan.plan_id },
            body: { charge: "200.00", updated_at: plan.updated_at },
          })
        ).status,
      ).toBe(200);
      const [planChange] = await historyOf("plan", plan.plan_id);

      const category = await newCategory("Area category");
      await updateCategory(category.category_id, { desc: "Area change", updated_at: category.updated_at });
      const [categoryChange] = await historyOf("category", category.category_id);

      const reason = (
        await call(api, "POST", "/cancellation-reason/", {
          body: { status: "PRE", service_type: "Service", reason: unique("Area reason"), repercussion: "None", user_type: "User" },
        })
      ).body;
      expect(
        (
          await call(api, "PUT", `/cancellation-reason/${reason.reasons_id}/`, {
            body: { repercussion: "Full refund", updated_at: reason.updated_at },
          })
        ).status,
      ).toBe(200);
      const [reasonChange] = await historyOf("cancellation_reason", reason.reasons_id);

      const general = (await get(api, "/get-setting", { query: { setting_name: "GeneralSetting" } })).body.data;
      const saved = await call(api, "PUT", "/upsert-setting", {
        query: { setting_name: "GeneralSetting" },
        body: {
          settingName: "GeneralSetting",
          setting1: { ...(general?.setting1 ?? {}), siteName: unique("Area site") },
          updated_at: general?.updated_at ?? null,
        },
      });
      expect(saved.status, saved.text).toBe(200);
      const [settingChange] = (await list({ entity: "setting", page_size: 1 })).data;

      const cases = [
        [planChange, "SubscriptionPlan"],
        [categoryChange, "Category"],
        [reasonChange, "Settings"],
        [settingChange, "Settings"],
      ] as const;
      for (const [entry, access] of cases) {
        const refused = await revert(entry.id, usersOnly.adminUserId);
        expect(refused.status, `${entry.entity}: ${refused.text}`).toBe(403);
        expect(refused.body.message).toBe(REVERT_ACCESS_MESSAGES.area(access));
        // the dialog is told the same, and offers no revert
        expect((await detailAs(entry.id, usersOnly.adminUserId)).revert).toEqual({
          possible: false,
          reason: REVERT_ACCESS_MESSAGES.area(access),
        });
        expect((await detailAs(entry.id, 1)).revert).toEqual({ possible: true, reason: null });
      }
      expect((await get(api, "/get-plan-by-id", { query: { plan_id: plan.plan_id } })).body.data.charge).toBe("200.00");
      expect((await get(api, "/get-category-by-id", { query: { category_id: category.category_id } })).body.data.desc).toBe("Area change");
      expect((await get(api, `/cancellation-reason/${reason.reasons_id}/`)).body.data.repercussion).toBe("Full refund");
      expect((await historyOf("plan", plan.plan_id))[0].id).toBe(planChange.id);

      // the area's own access is enough (with Admin Users to reach the log): Subscriptions reverts the plan
      const plans = await newAdmin(["AdminUsers", "SubscriptionPlan"]);
      const answer = await revert(planChange.id, plans.adminUserId);
      expect(answer.status, answer.text).toBe(200);
      expect((await get(api, "/get-plan-by-id", { query: { plan_id: plan.plan_id } })).body.data.charge).toBe("100.00");
    });

    it("a demoted admin cannot revert their own demotion; another admin with Admin Users can", async () => {
      const demoted = await newAdmin(["AdminUsers", "Bookings"]);
      const changed = await call(api, "PUT", "/update-admin-user", {
        body: { adminUsername: demoted.adminUsername, adminAccessRoleSettings: ["AdminUsers"], updated_at: demoted.updated_at },
      });
      expect(changed.status, changed.text).toBe(200);
      const [demotion] = await historyOf("admin_user", demoted.adminUserId);
      const own = await revert(demotion.id, demoted.adminUserId);
      expect(own.status, own.text).toBe(403);
      expect(own.body.message).toBe(REVERT_ACCESS_MESSAGES.own);
      expect((await detailAs(demotion.id, demoted.adminUserId)).revert).toEqual({ possible: false, reason: REVERT_ACCESS_MESSAGES.own });
      const still = (await get(api, "/get-admin-user-by-id", { query: { adminUserId: demoted.adminUserId } })).body.data;
      expect(still.adminAccessRoleSettings).toEqual(["AdminUsers"]);

      // an admin without Admin Users cannot revert an admin user's change either
      const bookings = await newAdmin(["Bookings"]);
      const refused = await revert(demotion.id, bookings.adminUserId);
      expect(refused.status).toBe(403);
      expect(refused.body.message).toBe(REVERT_ACCESS_MESSAGES.area("AdminUsers"));
      expect((await revert(demotion.id, 1)).status).toBe(200);
    });

    it("a deleted record's change is not offered for revert, with the reason", async () => {
      const category = await newCategory("Area deleted");
      await updateCategory(category.category_id, { desc: "Before deletion", updated_at: category.updated_at });
      const [change] = await historyOf("category", category.category_id);
      expect((await call(api, "DELETE", "/remove-category", { query: { category_id: category.category_id } })).status).toBeLessThan(300);
      const { revert: offered } = await detailAs(change.id, 1);
      expect(offered?.possible).toBe(false);
      expect(offered?.reason).toContain(REVERT_MESSAGES.gone);
      // without an acting admin the entry is answered as before, without the revert question
      expect(parsed(DataEntry, (await get(api, `/audit-entries/${change.id}`)).body).data.revert).toBeUndefined();
    });
  });
});
