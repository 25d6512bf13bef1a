import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { z } from "zod";
import { AUDIT_ENTITY_AREAS, RecentAudit, UNREAD_CAP } from "~contract/audit-log";
import { adminUsers } from "../../api/src/db/schema";
import { describeEachDriver, startTestApi, type TestApi } from "../support/api-server";
import { call, get, parsed, validCategory } from "./helpers";

/** The header's "Recent changes" (issue 29 item 3): each admin sees the areas they may open, and reads them. */
describeEachDriver("recent changes: per admin, per area, read and unread", (driver) => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi({ driver });
  });
  afterAll(() => api?.close());

  const unique = (name: string) => `${name} ${Math.random().toString(36).slice(2, 8)}`;
  const idOf = async (username: string) =>
    (await api.db.select().from(adminUsers).where(eq(adminUsers.adminUsername, username)))[0].adminUserId;
  const recent = async (actingAdmin: number | null, limit = 100) => {
    const answer = await get(api, "/audit-log", { query: { limit }, actingAdmin });
    expect(answer.status, answer.text).toBe(200);
    return parsed(RecentAudit, answer.body);
  };
  const markSeen = (actingAdmin: number, upTo: unknown) => call(api, "POST", "/audit-log/seen", { body: { up_to: upTo }, actingAdmin });
  const newCategory = async (actingAdmin: number) =>
    (await call(api, "POST", "/create-category", { body: validCategory(unique("Recent")), actingAdmin })).body.data;

  it("shows each admin only the entries of the areas they may open", async () => {
    // changes in several areas: an admin user, a category, a setting
    const registered = await call(api, "POST", "/register-admin-user", {
      body: {
        adminUsername: unique("recent").replace(" ", "-"),
        adminPassword: "Recent-pass-1",
        adminEmail: "recent@example.com",
        adminStatus: "Active",
        adminRole: "Support",
        adminAccessRoleSettings: ["Bookings"],
      },
    });
    expect(registered.status, registered.text).toBe(201);
    await newCategory(1);
    const general = (await get(api, "/get-setting", { query: { setting_name: "GeneralSetting" } })).body.data;
    const saved = await call(api, "PUT", "/upsert-setting", {
      query: { setting_name: "GeneralSetting" },
      body: {
        settingName: "GeneralSetting",
        setting1: { ...(general?.setting1 ?? {}), siteName: unique("Recent site") },
        updated_at: general?.updated_at ?? null,
      },
    });
    expect(saved.status, saved.text).toBe(200);

    const everything = await recent(1);
    expect(everything.data.map((e) => e.entity)).toEqual(expect.arrayContaining(["admin_user", "category", "setting"]));

    // viewer opens Dashboard and Profile only: nothing
    expect((await recent(await idOf("viewer"))).data).toEqual([]);
    // catalog opens Categories: categories and their FAQs, never admin users or settings
    const catalog = await recent(await idOf("catalog"));
    expect(catalog.data.length).toBeGreaterThan(0);
    for (const entry of catalog.data) expect(["category", "faq"]).toContain(entry.entity);
    // support's areas only
    const support = await recent(await idOf("support"));
    const supportAccess = (await api.db.select().from(adminUsers).where(eq(adminUsers.adminUsername, "support")))[0]
      .adminAccessRoleSettings;
    for (const entry of support.data)
      expect(supportAccess).toContain(AUDIT_ENTITY_AREAS[entry.entity as keyof typeof AUDIT_ENTITY_AREAS].access);
    expect(support.data.some((e) => e.entity === "admin_user" || e.entity === "setting")).toBe(false);
    // the API's own callers (no acting admin) still read every entry
    expect((await recent(null)).data.map((e) => e.id)).toEqual(everything.data.map((e) => e.id));
  });

  it("counts others' changes after the admin's marker as unread; Mark all read clears it; the marker never moves back", async () => {
    const catalog = await idOf("catalog");
    const first = await recent(catalog);
    expect(first.seen_up_to).toBe(0);
    expect(first.unread).toBeGreaterThan(0);
    expect(first.unread).toBeLessThanOrEqual(UNREAD_CAP + 1);

    const newest = first.data[0].id;
    const seen = await markSeen(catalog, newest);
    expect(seen.status, seen.text).toBe(200);
    expect(seen.body.data.seen_up_to).toBe(newest);
    expect(await recent(catalog)).toMatchObject({ unread: 0, seen_up_to: newest });

    // a change by another admin in the area is unread; the admin's own change and other areas' are not
    await newCategory(1);
    await newCategory(catalog);
    await call(api, "POST", "/create-plan", {
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
    const after = await recent(catalog);
    expect(after.unread).toBe(1);
    expect(after.data[0].admin_user_id).toBe(catalog);

    // an older marker is ignored, one beyond the newest entry stops at it, a bad one is refused
    expect((await markSeen(catalog, 1)).body.data.seen_up_to).toBe(newest);
    const ahead = await markSeen(catalog, 2_000_000_000);
    const all = await recent(null, 1);
    expect(ahead.body.data.seen_up_to).toBe(all.data[0].id);
    expect((await recent(catalog)).unread).toBe(0);
    expect((await markSeen(catalog, "x")).status).toBe(400);
    expect((await markSeen(catalog, -1)).status).toBe(400);
    expect((await call(api, "POST", "/audit-log/seen", { body: { up_to: 1 }, actingAdmin: null })).status).toBe(400);
    // markers are per admin: support's is untouched
    expect((await recent(await idOf("support"))).seen_up_to).toBe(0);
  });

  it("refuses a blocked acting admin", async () => {
    const answer = await get(api, "/audit-log", { actingAdmin: await idOf("blocked") });
    expect(answer.status).toBe(403);
    expect(z.object({ message: z.string() }).parse(answer.body).message).toContain("blocked");
  });
});
