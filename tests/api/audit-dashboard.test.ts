import { DEMO_ADMINS } from "../../api/src/seed/demo-admins";
import { afterAll, beforeAll, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { z } from "zod";
import { AuditEntry } from "~contract/audit-log";
import { DashboardFigures } from "~contract/dashboard";
import { CategoryRecord } from "~contract/categories";
import { FaqRecord } from "~contract/faqs";
import { outbox } from "../../api/src/db/schema";
import { describeEachDriver, startTestApi, type TestApi } from "../support/api-server";
import { call, get, parsed, validCategory } from "./helpers";

const DataAudit = z.object({ data: z.array(AuditEntry) });
const DataStats = z.object({
  data: DashboardFigures.required({ categories: true, subCategories: true, faqs: true, adminUsers: true, activeAdminUsers: true }),
});

describeEachDriver("audit log and dashboard", (driver) => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi({ driver });
  });
  afterAll(() => api?.close());

  const audit = async (limit = 10) => parsed(DataAudit, (await get(api, "/audit-log", { query: { limit } })).body).data;
  const stats = async () => parsed(DataStats, (await get(api, "/dashboard-stats")).body).data;

  it("starts empty on a freshly seeded database", async () => {
    expect(await audit()).toEqual([]);
  });

  it("records create, update and delete of a category with the admin and before/after", async () => {
    const created = parsed(
      z.object({ data: CategoryRecord }),
      (await call(api, "POST", "/create-category", { body: validCategory("Audit Me"), actingAdmin: 2 })).body,
    ).data;
    let [entry] = await audit(1);
    expect(entry).toMatchObject({
      admin_user_id: 2,
      admin_username: "support",
      action: "create",
      entity: "category",
      entity_id: String(created.category_id),
      before: null,
      after: created,
    });

    const updated = await call(api, "PATCH", "/update-category", {
      query: { category_id: created.category_id },
      body: { status: "Inactive", desc: created.desc, updated_at: created.updated_at },
      actingAdmin: 3,
    });
    expect(updated.status).toBe(201);
    [entry] = await audit(1);
    expect(entry).toMatchObject({
      admin_user_id: 3,
      admin_username: "catalog",
      action: "update",
      entity: "category",
      entity_id: String(created.category_id),
      // only what changed (desc was sent unchanged)
      before: { status: "Active" },
      after: { status: "Inactive" },
    });

    expect((await call(api, "DELETE", "/remove-category", { query: { category_id: created.category_id } })).status).toBe(200);
    [entry] = await audit(1);
    expect(entry).toMatchObject({ admin_username: "admin", action: "delete", entity: "category", after: null });
    expect(entry.before).toMatchObject({ category_id: created.category_id, categoryName: "Audit Me", status: "Inactive" });

    const latest = await audit(3);
    expect(latest.map((e) => e.action)).toEqual(["delete", "update", "create"]);
    expect(latest[0].created_at >= latest[2].created_at).toBe(true);
  });

  it("records FAQ changes, and nothing for refused or read-only calls", async () => {
    const countBefore = (await audit(100)).length;
    const faq = parsed(
      z.object({ data: FaqRecord }),
      (await call(api, "POST", "/create-faq", { body: { category: 1, content: "<h3>Audited?</h3><p>Yes</p>" } })).body,
    ).data;
    await call(api, "PUT", `/faq-detail/${faq.id}`, { body: { content: "<h3>Audited?</h3><p>Still</p>", updated_at: faq.updated_at } });
    await call(api, "DELETE", `/faq-detail/${faq.id}`);
    // refused: validation, stale, unknown, no secret
    await call(api, "POST", "/create-faq", { body: { category: 1, content: "<p>no h3</p>" } });
    await call(api, "DELETE", "/remove-category", { query: { category_id: 999999 } });
    await call(api, "POST", "/create-category", { body: validCategory("No key"), key: null });
    await get(api, "/get-all-category");
    await call(api, "POST", "/login-admin-user", { body: { username: "admin", password: "Admin@12345" }, actingAdmin: null });

    const entries = await audit(100);
    expect(entries.length - countBefore).toBe(3);
    expect(entries.slice(0, 3).map((e) => [e.entity, e.action, e.entity_id])).toEqual([
      ["faq", "delete", String(faq.id)],
      ["faq", "update", String(faq.id)],
      ["faq", "create", String(faq.id)],
    ]);
    expect(entries[1]).toMatchObject({
      before: { content: "<h3>Audited?</h3><p>Yes</p>" },
      after: { content: "<h3>Audited?</h3><p>Still</p>" },
    });
  });

  it("limits the number of entries (default 10, at most 100)", async () => {
    for (let i = 0; i < 12; i++) await call(api, "POST", "/create-category", { body: validCategory(`Bulk ${i}`) });
    expect(await audit()).toHaveLength(10);
    expect(parsed(DataAudit, (await get(api, "/audit-log")).body).data).toHaveLength(10);
    expect(await audit(2)).toHaveLength(2);
    for (const limit of ["0", "101", "ten"]) {
      const answer = await get(api, "/audit-log", { query: { limit } });
      expect(answer.status, limit).toBe(400);
      expect(answer.body.errors.limit).toBeTruthy();
    }
  });

  it("counts categories, sub-categories, FAQs and admin users", async () => {
    const before = await stats();
    const all = parsed(z.object({ data: z.array(CategoryRecord) }), (await get(api, "/get-all-category")).body).data;
    expect(before.categories).toBe(all.filter((c) => c.parentCategoryId === null).length);
    expect(before.subCategories).toBe(all.filter((c) => c.parentCategoryId !== null).length);
    const demo = Object.values(DEMO_ADMINS);
    expect(before).toMatchObject({ adminUsers: demo.length, activeAdminUsers: demo.filter((a) => a.status === "Active").length });
    expect(before.faqs).toBeGreaterThan(5);

    const top = parsed(
      z.object({ data: CategoryRecord }),
      (await call(api, "POST", "/create-category", { body: validCategory("Counted") })).body,
    ).data;
    await call(api, "POST", "/create-category", { body: validCategory("Counted child", { parentCategoryId: top.category_id }) });
    await call(api, "POST", "/create-faq", { body: { category: top.category_id, content: "<h3>Q?</h3>" } });
    expect(await stats()).toMatchObject({
      categories: before.categories + 1,
      subCategories: before.subCategories + 1,
      faqs: before.faqs + 1,
    });
  });

  it("counts failed messages and those still to be sent", async () => {
    const messages = async () =>
      (await get(api, "/dashboard-stats", { query: { sections: "messages" } })).body.data as {
        failedMessages: number;
        waitingMessages: number;
      };
    const before = await messages();
    const queued = await call(api, "POST", "/send-email", { body: { to: [1, 2], subject: "Counted", body: "<p>x</p>" } });
    expect(queued.status).toBe(201);
    expect(await messages()).toEqual({ failedMessages: before.failedMessages, waitingMessages: before.waitingMessages + 2 });
    const rows = await api.db.select({ id: outbox.id }).from(outbox).where(eq(outbox.subject, "Counted"));
    await api.db.update(outbox).set({ status: "failed", error: "550 Mailbox unavailable", attempts: 5 }).where(eq(outbox.id, rows[0].id));
    await api.db.update(outbox).set({ status: "sent", sent_at: new Date(), attempts: 1 }).where(eq(outbox.id, rows[1].id));
    expect(await messages()).toEqual({ failedMessages: before.failedMessages + 1, waitingMessages: before.waitingMessages });
  });

  it("computes and answers only the sections asked for (?sections=)", async () => {
    const keys = async (sections: string) => Object.keys((await get(api, "/dashboard-stats", { query: { sections } })).body.data).sort();
    expect(await keys("categories")).toEqual(["categories", "faqs", "subCategories"]);
    expect(await keys("categories,bookings")).toEqual(["bookingsToday", "categories", "faqs", "subCategories"]);
    expect(await keys("payments")).toEqual(["paymentsAwaitingRelease", "releaseRequestsAwaitingApproval", "revenueThisMonth"]);
    expect(await keys("admin-users")).toEqual(["activeAdminUsers", "adminUsers"]);
    expect(await keys("messages")).toEqual(["failedMessages", "waitingMessages"]);
    expect(await keys("")).toEqual([]);
    // without the parameter: every section
    const all = (await get(api, "/dashboard-stats")).body.data;
    expect(Object.keys(all).sort()).toEqual([
      "activeAdminUsers",
      "adminUsers",
      "bookingsToday",
      "categories",
      "failedMessages",
      "faqs",
      "paymentsAwaitingRelease",
      "releaseRequestsAwaitingApproval",
      "revenueThisMonth",
      "subCategories",
      "waitingMessages",
    ]);
    const refused = await get(api, "/dashboard-stats", { query: { sections: "categories,salaries" } });
    expect(refused.status).toBe(400);
    expect(refused.body.errors.sections).toMatch(/salaries/);
  });
});
