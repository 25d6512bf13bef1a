import { afterAll, beforeAll, expect, it } from "vitest";
import { z } from "zod";
import { eq } from "drizzle-orm";
import { AuditEntry } from "~contract/audit-log";
import { adminUsers } from "../../api/src/db/schema";
import { describeEachDriver, startTestApi, type TestApi } from "../support/api-server";
import { call, parsed } from "./helpers";

const DataEntry = z.object({ data: AuditEntry });

describeEachDriver("POST /audit-log/exports: an export is recorded before its first byte", (driver) => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi({ driver });
  });
  afterAll(() => api?.close());

  const body = { list: "contacts", format: "xlsx", filter: "search=gst&sortField=name&sortOrder=asc", rows: 42 };

  it("records who exported which list, in which format, under which filter, and how many rows", async () => {
    const answer = await call(api, "POST", "/audit-log/exports", { body, actingAdmin: 2 });
    expect(answer.status, answer.text).toBe(201);
    const entry = parsed(DataEntry, answer.body).data;
    expect(entry).toMatchObject({ action: "export", entity: "contact", entity_id: "contacts", admin_user_id: 2 });
    expect(entry.after).toEqual({ list: "Contact Leads", format: "xlsx", filter: body.filter, rows: 42 });
    // it is in the log, narrowed by the new action
    const list = await call(api, "GET", "/audit-entries", { query: { action: "export", entity: "contact" } });
    expect((list.body as { data: { id: number }[] }).data.map((e) => e.id)).toContain(entry.id);
    // and it is not a change that can be reverted
    const revert = await call(api, "POST", `/audit-entries/${entry.id}/revert`, { actingAdmin: 1 });
    expect(revert.status).toBe(422);
  });

  it("records the exports of Service Providers, Customer Queries, Pending Bookings, the stored files and the audit log under their areas' kinds of record", async () => {
    for (const [list, entity, name] of [
      ["providers", "service_provider", "Service Providers"],
      ["customer-queries", "query_chat", "Customer Queries"],
      ["booking-journeys", "booking_journey", "Pending Bookings"],
      ["bucket-files", "file", "S3 Bucket Manager"],
      ["audit-log", "audit_log", "Audit Log"],
    ] as const) {
      const answer = await call(api, "POST", "/audit-log/exports", { body: { ...body, list, format: "csv" }, actingAdmin: 1 });
      expect(answer.status, `${list}: ${answer.text}`).toBe(201);
      const entry = parsed(DataEntry, answer.body).data;
      expect(entry, list).toMatchObject({ action: "export", entity, entity_id: list });
      expect(entry.after, list).toEqual({ list: name, format: "csv", filter: body.filter, rows: 42 });
    }
  });

  it("refuses an unknown list or format, a bad row count, a missing or blocked admin, and records nothing", async () => {
    const count = async () =>
      ((await call(api, "GET", "/audit-entries", { query: { action: "export", page_size: 1 } })).body as { total_results: number })
        .total_results;
    const before = await count();
    for (const wrong of [
      { ...body, list: "secrets" },
      { ...body, format: "pdf" },
      { ...body, rows: -1 },
      { ...body, filter: "x".repeat(2_001) },
    ]) {
      const answer = await call(api, "POST", "/audit-log/exports", { body: wrong });
      expect(answer.status, JSON.stringify(wrong).slice(0, 80)).toBe(400);
    }
    expect((await call(api, "POST", "/audit-log/exports", { body, actingAdmin: null })).status).toBe(400);
    const [blocked] = await api.db
      .insert(adminUsers)
      .values({
        adminUsername: `blocked_export_${Date.now()}`,
        adminEmail: `b${Date.now()}@x.test`,
        adminPassword: "x",
        adminRole: "Support",
        adminStatus: "Block",
        adminAccessRoleSettings: ["User"],
      })
      .returning();
    expect((await call(api, "POST", "/audit-log/exports", { body, actingAdmin: blocked.adminUserId })).status).toBe(403);
    await api.db.delete(adminUsers).where(eq(adminUsers.adminUserId, blocked.adminUserId));
    expect(await count()).toBe(before);
  });
});
