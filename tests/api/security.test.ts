import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ApiErrorBody } from "~contract/api";
import { createApi } from "../../api/src/app";
import type { Database } from "../../api/src/db/client";
import { adminUsers } from "../../api/src/db/schema";
import { describeEachDriver, startTestApi, type TestApi } from "../support/api-server";
import { call, get, parsed, snapshot, validCategory } from "./helpers";

describeEachDriver("secret header, acting admin, error shape", (driver) => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi({ driver });
  });
  afterAll(() => api?.close());

  const reads = [
    "/category-hierarchy-admin",
    "/category-hierarchy",
    "/get-all-category",
    "/get-category-by-id?category_id=1",
    "/get-faq-by-category-id/1",
    "/faq-detail/1",
    "/get-admin-user-by-id?adminUserId=1",
    "/audit-log",
    "/dashboard-stats",
    "/openapi.json",
    "/no-such-call",
  ];

  it.each(reads)("GET %s without the secret or with a wrong one is 401", async (path) => {
    for (const key of [null, "wrong", api.apiKey.slice(0, -1), api.apiKey + "x", ""]) {
      const answer = await get(api, path, { key });
      expect(answer.status).toBe(401);
      expect(answer.body).toEqual({ message: "Unauthorized" });
    }
    expect((await get(api, path)).status).not.toBe(401);
  });

  it("the secret in another header does not count", async () => {
    const answer = await get(api, "/dashboard-stats", { key: null, headers: { authorization: api.apiKey } });
    expect(answer.status).toBe(401);
  });

  it("mutating calls without the secret are refused and change nothing", async () => {
    const before = await snapshot(api);
    const attempts = [
      call(api, "POST", "/create-category", { key: null, body: validCategory("Sneaky") }),
      call(api, "POST", "/create-category", { key: "nope", body: validCategory("Sneaky") }),
      call(api, "PATCH", "/update-category", {
        key: null,
        query: { category_id: 1 },
        body: { categoryName: "Renamed", updated_at: new Date().toISOString() },
      }),
      call(api, "DELETE", "/remove-category", { key: null, query: { category_id: 42 } }),
      call(api, "POST", "/create-faq", { key: null, body: { category: 1, content: "<h3>Q?</h3><p>A</p>" } }),
      call(api, "PUT", "/faq-detail/1", { key: null, body: { content: "<h3>Q?</h3><p>A</p>" } }),
      call(api, "DELETE", "/faq-detail/1", { key: null }),
      call(api, "POST", "/login-admin-user", { key: null, body: { username: "admin", password: "Admin@12345" } }),
    ];
    for (const answer of await Promise.all(attempts)) {
      expect(answer.status).toBe(401);
      expect(answer.body).toEqual({ message: "Unauthorized" });
    }
    expect(await snapshot(api)).toEqual(before);
  });

  it("mutating calls need x-acting-admin naming an existing admin user", async () => {
    const before = await snapshot(api);
    for (const actingAdmin of [null, "", "abc", "0", "-1", "99999", "1.5"]) {
      const answer = await call(api, "POST", "/create-category", { actingAdmin, body: validCategory("Orphan edit") });
      expect(answer.status, `x-acting-admin=${actingAdmin}`).toBe(400);
      expect(answer.body).toEqual({ message: "x-acting-admin header is required" });
    }
    const del = await call(api, "DELETE", "/faq-detail/1", { actingAdmin: null });
    expect(del.status).toBe(400);
    expect(await snapshot(api)).toEqual(before);
  });

  it("an x-acting-admin naming a Blocked or Inactive admin is refused (403) and changes nothing", async () => {
    const before = await snapshot(api);
    const rows = await api.db.select().from(adminUsers);
    for (const [username, word] of [
      ["technical", "Inactive"],
      ["blocked", "blocked"],
    ]) {
      const id = rows.find((r) => r.adminUsername === username)!.adminUserId;
      const answer = await call(api, "POST", "/create-category", { actingAdmin: id, body: validCategory(`By ${username}`) });
      expect(answer.status).toBe(403);
      expect(answer.body).toEqual({ message: `Admin ${username} is ${word}: only an active admin can make changes` });
    }
    expect(await snapshot(api)).toEqual(before);
  });

  it("login does not need x-acting-admin", async () => {
    const answer = await call(api, "POST", "/login-admin-user", {
      actingAdmin: null,
      body: { username: "admin", password: "Admin@12345" },
    });
    expect(answer.status).toBe(200);
  });

  it("bad JSON, a non-object body and an oversized body are 400/413 with a message", async () => {
    const badJson = await call(api, "POST", "/create-category", { rawBody: "{categoryName: 'x'" });
    expect(badJson.status).toBe(400);
    expect(parsed(ApiErrorBody, badJson.body).message).toMatch(/JSON/);
    const array = await call(api, "POST", "/create-category", { body: [validCategory("In an array")] });
    expect(array.status).toBe(400);
    const huge = await call(api, "POST", "/create-faq", {
      body: { category: 1, content: `<h3>Q</h3><p>${"x".repeat(1_100_000)}</p>` },
    });
    expect(huge.status).toBe(413);
    expect(parsed(ApiErrorBody, huge.body).message).toMatch(/too large/);
  });

  it("unknown calls and wrong methods are 404 with a message", async () => {
    for (const [method, path] of [
      ["GET", "/nope"],
      ["POST", "/category-hierarchy-admin"],
      ["GET", "/create-category"],
      ["DELETE", "/get-all-category"],
    ]) {
      const answer = await call(api, method, path);
      expect(answer.status, `${method} ${path}`).toBe(404);
      expect(parsed(ApiErrorBody, answer.body).message).toBeTruthy();
    }
  });
});

describe("unexpected failures", () => {
  it("answer 500 {message:'Internal error'} with no stack, SQL or secret", async () => {
    const failing = new Proxy(
      {},
      {
        get() {
          throw new Error("connection to db.internal:5432 failed at /srv/api/secret-path.ts:12");
        },
      },
    ) as Database;
    const logged: unknown[] = [];
    // no bulk-job runner: it would look for open jobs at once, and log its own failure beside the request's
    const app = createApi({ db: failing, apiKey: "unit-test-secret", logError: (e) => logged.push(e), bulkJobs: false });
    const response = await app.request("/dashboard-stats", { headers: { "x-api-key": "unit-test-secret" } });
    expect(response.status).toBe(500);
    const text = await response.text();
    expect(JSON.parse(text)).toEqual({ message: "Internal error" });
    expect(text).not.toMatch(/5432|secret|\.ts/);
    expect(logged).toHaveLength(1);
  });

  it("refuses to start without a secret", () => {
    expect(() => createApi({ db: {} as Database, apiKey: "" })).toThrow();
  });
});
