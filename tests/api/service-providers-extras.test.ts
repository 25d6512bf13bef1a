import { afterAll, beforeAll, expect, it } from "vitest";
import { asc, eq } from "drizzle-orm";
import { ActivityRecord, BankAccount, BoostingHistory, BoostingPointRecord, DocumentReviewRow } from "~contract/service-providers";
import { createApi } from "../../api/src/app";
import type { Database } from "../../api/src/db/client";
import { outbox } from "../../api/src/db/schema";
import { describeEachDriver, startTestApi, type TestApi } from "../support/api-server";
import { call, get, parsed } from "./helpers";

const lastAudit = async (api: TestApi) => (await get(api, "/audit-log", { query: { limit: 1 } })).body.data[0];

describeEachDriver("send-email, boosting points, activities, documents, accounts", (driver) => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi({ driver });
  });
  afterAll(() => api?.close());

  it("send-email needs subject and body unless a WhatsApp template is chosen", async () => {
    const none = await call(api, "POST", "/send-email", { body: { to: [1] } });
    expect(none.status).toBe(400);
    expect(none.body.errors).toMatchObject({ subject: "Subject is required", body: "Message is required" });
    const emptyHtml = await call(api, "POST", "/send-email", { body: { to: [1], subject: "Hi", body: "<p> </p>" } });
    expect(emptyHtml.body.errors.body).toBe("Message is required");
    const noRecipients = await call(api, "POST", "/send-email", { body: { to: [], subject: "Hi", body: "x" } });
    expect(noRecipients.body.errors.to).toBe("Select at least one recipient");
    const unknown = await call(api, "POST", "/send-email", { body: { to: [1, 99999], subject: "Hi", body: "x" } });
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors.to).toContain("99999");
    const badTemplate = await call(api, "POST", "/send-email", { body: { to: [1], whatsappTemplate: "spam" } });
    expect(badTemplate.body.errors.whatsappTemplate).toBeTruthy();
    expect(await api.db.select().from(outbox)).toHaveLength(0);
    expect((await call(api, "POST", "/send-email", { body: { to: [1], subject: "Hi", body: "x" }, actingAdmin: null })).status).toBe(400);
  });

  it("records one outbox row per recipient and channel", async () => {
    const mail = await call(api, "POST", "/send-email", { body: { to: [1, 2, 2, 3], subject: "Bookings open", body: "<p>Hello</p>" } });
    expect(mail.status).toBe(201);
    expect(mail.body.data.queued).toBe(3);
    const wa = await call(api, "POST", "/send-email", { body: { to: [4], whatsappTemplate: "bookings_now_open" } });
    expect(wa.body.data.queued).toBe(1);
    const both = await call(api, "POST", "/send-email", {
      body: { to: [5, 6], subject: "Complete your profile", body: "<p>Please</p>", whatsappTemplate: "need_help_partial_profile" },
    });
    expect(both.body.data.queued).toBe(4);
    const rows = await api.db.select().from(outbox).orderBy(asc(outbox.id));
    expect(rows).toHaveLength(8);
    expect(rows.filter((r) => r.channel === "email").map((r) => r.user_id)).toEqual([1, 2, 3, 5, 6]);
    expect(rows.filter((r) => r.channel === "whatsapp").map((r) => r.user_id)).toEqual([4, 5, 6]);
    expect(rows.every((r) => r.status === "queued" && r.created_by === "admin")).toBe(true);
    const users = (await get(api, "/get-all-users")).body.data as { id: number; email: string; phone: string }[];
    expect(rows[0].recipient).toBe(users.find((u) => u.id === 1)!.email);
    expect(rows.find((r) => r.channel === "whatsapp")!.recipient).toBe(users.find((u) => u.id === 4)!.phone);
    expect(rows.find((r) => r.channel === "whatsapp")!.template).toBe("bookings_now_open");
    expect(await lastAudit(api)).toMatchObject({
      action: "create",
      entity: "outbox",
      after: { queued: 4, channels: ["email", "whatsapp"] },
    });
  });

  it("the email body goes out as safe rich text: scripts, handlers and javascript: links removed", async () => {
    const sent = await call(api, "POST", "/send-email", {
      body: {
        to: [7],
        subject: "Safe?",
        body: '<p onclick="steal()">Hello <strong>there</strong><script>alert(1)</script><img src=x onerror="alert(2)"><a href="javascript:alert(3)">link</a></p>',
      },
    });
    expect(sent.status).toBe(201);
    const [row] = await api.db.select().from(outbox).where(eq(outbox.subject, "Safe?"));
    expect(row.body).toBe('<p>Hello <strong>there</strong><a rel="noopener noreferrer">link</a></p>');
    // a body that is only a script is no message at all
    const onlyScript = await call(api, "POST", "/send-email", { body: { to: [7], subject: "Empty?", body: "<script>alert(1)</script>" } });
    expect(onlyScript.status).toBe(400);
    expect(onlyScript.body.errors).toEqual({ body: "Message is required" });
    expect(await api.db.select().from(outbox).where(eq(outbox.subject, "Empty?"))).toHaveLength(0);
  });

  it("boosting points: history with the total; a grant updates the provider", async () => {
    const history = await get(api, "/points/get-boosting-point-history/1");
    expect(history.status).toBe(200);
    const before = parsed(BoostingHistory, history.body);
    expect(before.booster_points_history.length).toBeGreaterThan(0);
    const created = await call(api, "POST", "/points/create-boosting-point", {
      body: { service_provider: 1, points: 25, reason: "Top rated this month" },
    });
    expect(created.status).toBe(201);
    parsed(BoostingPointRecord, created.body.data);
    expect(created.body.total_booster_points).toBe(before.total_booster_points + 25);
    const after = parsed(BoostingHistory, (await get(api, "/points/get-boosting-point-history/1")).body);
    expect(after.booster_points_history[0]).toEqual(created.body.data);
    expect(after.total_booster_points).toBe(before.total_booster_points + 25);
    const detail = (await get(api, "/get-serviceProvider-by-id", { query: { serviceProvider_id: 1 } })).body.data;
    expect(detail.boosterPoints).toBe(after.total_booster_points);
    expect(await lastAudit(api)).toMatchObject({ action: "create", entity: "boosting_point", entity_id: String(created.body.data.id) });

    const missing = await call(api, "POST", "/points/create-boosting-point", { body: { service_provider: 1, points: 10 } });
    expect(missing.body.errors.reason).toBe("Reason is required");
    const zero = await call(api, "POST", "/points/create-boosting-point", { body: { service_provider: 1, points: 0, reason: "x" } });
    expect(zero.body.errors.points).toBe("Points are required");
    const negative = await call(api, "POST", "/points/create-boosting-point", {
      body: { service_provider: 1, points: -99999, reason: "x" },
    });
    expect(negative.status).toBe(400);
    expect(negative.body.errors.points).toBeTruthy();
    expect(
      (await call(api, "POST", "/points/create-boosting-point", { body: { service_provider: 99999, points: 5, reason: "x" } })).status,
    ).toBe(404);
    expect((await get(api, "/points/get-boosting-point-history/99999")).status).toBe(404);
    expect((await get(api, "/points/get-boosting-point-history/abc")).status).toBe(400);
  });

  it("lists a user's activities newest first, including unparseable details", async () => {
    const answer = await get(api, "/activity_tracker/user-activities/by_user/", { query: { user_id: 1 } });
    expect(answer.status).toBe(200);
    const results = (answer.body.results as unknown[]).map((r) => parsed(ActivityRecord, r));
    expect(results.length).toBeGreaterThanOrEqual(4);
    const times = results.map((r) => r.activity_timestamp);
    expect(times).toEqual([...times].sort().reverse());
    const parsedDetails = results.flatMap((r) => {
      try {
        return [JSON.parse(r.details ?? "")];
      } catch {
        return [];
      }
    });
    expect(parsedDetails.length).toBeLessThan(results.length);
    const fields = Object.assign({}, ...parsedDetails.map((d) => d.updated_fields ?? {}));
    expect(fields.city.old).toBeNull();
    expect(typeof fields.is_pro.new).toBe("boolean");
    expect(fields.catchyLine.new.length).toBe(150);
    expect(Array.isArray(fields.portfolio.new)).toBe(true);
    expect(results.some((r) => r.activity_category === "File Upload")).toBe(true);
    expect((await get(api, "/activity_tracker/user-activities/by_user/", { query: { user_id: 99999 } })).status).toBe(404);
    expect((await get(api, "/activity_tracker/user-activities/by_user/", { query: {} })).status).toBe(400);
  });

  it("lists provider documents with PAN, face match and agreements", async () => {
    const answer = await get(api, "/get-all-serviceprovider-documents");
    expect(answer.status).toBe(200);
    // the 60 demo providers and the fresh demo provider account (demo.provider)
    expect(answer.body).toMatchObject({ total_results: 61, current_page: 1, page_size: 50 });
    const rows = (answer.body.data as unknown[]).map((r) => parsed(DocumentReviewRow, r));
    expect(rows).toHaveLength(50);
    expect(rows.some((r) => r.documents.includes("pan-card-Document.pdf"))).toBe(true);
    expect(rows.some((r) => r.userId.agreements.length === 2)).toBe(true);
    expect(rows.some((r) => r.pan_verification_details?.verified_pan)).toBe(true);
    expect(rows.some((r) => r.pan_verification_details === null)).toBe(true);
    const updated = rows.map((r) => r.updated_at);
    expect(updated).toEqual([...updated].sort().reverse());
    const sorted = await get(api, "/get-all-serviceprovider-documents", {
      query: { sortField: "username", sortOrder: "asc", page: 2, page_size: 20 },
    });
    const names = sorted.body.data.map((r: DocumentReviewRow) => r.userId.username);
    expect(names).toHaveLength(20);
    expect(names).toEqual([...names].sort((a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)));
    const search = await get(api, "/get-all-serviceprovider-documents", { query: { search: rows[0].userId.username } });
    expect(search.body.data.map((r: DocumentReviewRow) => r.serviceProvider_id)).toEqual([rows[0].serviceProvider_id]);
    // search: username or phone containing the text, or the category's name (any case, also short texts)
    const everyone = (await get(api, "/get-all-serviceprovider-documents", { query: { page_size: 200 } })).body.data as DocumentReviewRow[];
    const categoryName = everyone.find((r) => r.category)!.category!.categoryName;
    for (const text of [rows[3].userId.phone.slice(5, 10), categoryName.slice(1, 6).toUpperCase(), "sh", "9"]) {
      const found = await get(api, "/get-all-serviceprovider-documents", { query: { search: text, page_size: 200 } });
      const want = everyone.filter((r) =>
        [r.userId.username, r.userId.phone, r.category?.categoryName ?? ""].some((f) => f.toLowerCase().includes(text.toLowerCase())),
      );
      expect(found.body.data.map((r: DocumentReviewRow) => r.serviceProvider_id).sort(), text).toEqual(
        want.map((r) => r.serviceProvider_id).sort(),
      );
      expect(found.body.total_results).toBe(want.length);
    }
    const future = await get(api, "/get-all-serviceprovider-documents", { query: { start_date: "2030-01-01" } });
    expect(future.body.total_results).toBe(0);
    expect((await get(api, "/get-all-serviceprovider-documents", { query: { sortField: "pan" } })).status).toBe(400);
  });

  it("lists bank accounts as an array, paged with x-total-count", async () => {
    const all = await get(api, "/accounts/");
    expect(all.status).toBe(200);
    expect(Array.isArray(all.body)).toBe(true);
    const accounts = (all.body as unknown[]).map((r) => parsed(BankAccount, r));
    expect(accounts.length).toBe(30);
    const res = await fetch(new URL("/accounts/?page=2&page_size=10", api.url), { headers: { [api.apiKeyHeader]: api.apiKey } });
    expect(res.headers.get("x-total-count")).toBe("30");
    expect(((await res.json()) as BankAccount[]).map((a) => a.id)).toEqual(accounts.slice(10, 20).map((a) => a.id));
    const hdfc = (await get(api, "/accounts/", { query: { search: "hdfc" } })).body as BankAccount[];
    expect(hdfc.length).toBeGreaterThan(0);
    expect(hdfc.every((a) => a.bank_name === "HDFC Bank")).toBe(true);
    expect((await get(api, "/accounts/", { query: { page_size: 0 } })).status).toBe(400);
    expect((await get(api, "/accounts/", { key: null })).status).toBe(401);
  });

  it("documents every new call in /openapi.json", async () => {
    const doc = (await get(api, "/openapi.json")).body;
    const app = createApi({ db: {} as Database, apiKey: "x".repeat(16) });
    for (const route of app.routes.filter((r) => r.method !== "ALL")) {
      const path = route.path.replace(/:(\w+)/g, "{$1}");
      expect(doc.paths[path]?.[route.method.toLowerCase()], `${route.method} ${path}`).toBeTruthy();
    }
    expect(doc.paths["/get-serviceProvider-detail"].get.description).toMatch(/chosen by us/);
    expect(doc.components.schemas.UpdateProviderBody.properties.admin_rating.minimum).toBe(10);
  });
});
