/**
 * Issue 29 item 7: input the columns cannot hold answers 400 naming the field, never 500 — a NUL
 * byte (or another control character) in any text, dates outside 1900–2999, integers beyond their
 * column — and changes nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DAY_OUT_OF_RANGE, noControlCharacters } from "~contract/input-rules";
import { startTestApi, type TestApi } from "../support/api-server";
import { call, get, snapshot, type Answer } from "./helpers";

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api?.close());

/** 400 whose field messages name `field` with `message` */
function refused(answer: Answer, field: string, message: string | RegExp) {
  expect(answer.status, answer.text).toBe(400);
  expect(answer.body.errors?.[field], answer.text).toMatch(message);
}
const NUL = /must not contain control characters \(such as NUL\)/;

describe("a NUL byte in a text", () => {
  it("in a list's search: 400 naming search, on every list with a search", async () => {
    for (const path of [
      "/get-all-admin-users",
      "/search-users",
      "/get-all-contacts",
      "/get-all-users",
      "/payments",
      "/blog/articles/",
      "/accounts/",
    ]) {
      const answer = await get(api, path, { query: { search: "a\u0000b" } });
      expect(answer.status, `${path}: ${answer.text}`).toBe(400);
      expect(Object.keys(answer.body.errors ?? {}), path).toContain("search");
    }
    refused(await get(api, "/get-all-admin-users", { query: { search: "a\u0000b" } }), "search", noControlCharacters("Search"));
  });

  it("in another filter, a path or a query key: 400 naming it", async () => {
    refused(await get(api, "/payments", { query: { provider: "x\u0000" } }), "provider", NUL);
    refused(await get(api, "/files/a%00b.png"), "path", NUL);
  });

  it("in the admin's and the provider's sign-in names: 400 naming username, nothing recorded", async () => {
    const before = await snapshot(api);
    refused(
      await call(api, "POST", "/login-admin-user", { body: { username: "adm\u0000in", password: "Admin@12345" }, actingAdmin: null }),
      "username",
      noControlCharacters("Username"),
    );
    refused(
      await call(api, "POST", "/provider-sessions/sign-in", {
        body: { username: "demo.provider\u0000", password: "Provider@12345", idle_seconds: 900, absolute_seconds: 3600 },
        actingAdmin: null,
      }),
      "username",
      noControlCharacters("Username"),
    );
    expect(await snapshot(api)).toEqual(before);
  });

  it("in a title or a reason: 400 naming the field, nothing created", async () => {
    const before = await snapshot(api);
    refused(await call(api, "POST", "/create-category", { body: { categoryName: "Tax\u0000es", desc: "d" } }), "categoryName", NUL);
    refused(
      await call(api, "POST", "/cancellation-reason/", {
        body: { status: "PRE", service_type: "Service", reason: "Changed\u0000 my mind", user_type: "User" },
      }),
      "reason",
      NUL,
    );
    expect(await snapshot(api)).toEqual(before);
  });

  it("in the public contact form (POST /create-contact): 400 naming the field; other control characters too", async () => {
    const contact = { name: "Asha", email: "asha@example.com", message: "Hello" };
    refused(await call(api, "POST", "/create-contact", { body: { ...contact, name: "As\u0000ha" } }), "name", noControlCharacters("Name"));
    refused(
      await call(api, "POST", "/create-contact", { body: { ...contact, message: "He\u0007llo" } }),
      "message",
      noControlCharacters("Message"),
    );
    // tab and line breaks are text
    expect((await call(api, "POST", "/create-contact", { body: { ...contact, message: "Line one\r\n\tline two" } })).status).toBe(201);
  });
});

describe("dates and integers beyond their columns", () => {
  it("year 0001 (or 3000) on every list with a date range: 400 naming the date", async () => {
    const doc = (await get(api, "/openapi.json")).body;
    const lists = Object.entries<Record<string, { parameters?: { name: string }[] }>>(doc.paths)
      .filter(([, ops]) => ops.get?.parameters?.some((p) => p.name === "start_date"))
      .map(([path]) => path);
    expect(lists.length).toBeGreaterThanOrEqual(10);
    for (const path of lists) {
      refused(await get(api, path, { query: { start_date: "0001-01-01" } }), "start_date", DAY_OUT_OF_RANGE);
      refused(await get(api, path, { query: { end_date: "3000-01-01" } }), "end_date", DAY_OUT_OF_RANGE);
    }
    expect((await get(api, "/payments", { query: { start_date: "1900-01-01", end_date: "2999-12-31" } })).status).toBe(200);
  });

  it("an admin id beyond int4 in a filter or a body: 400 naming it", async () => {
    refused(await get(api, "/audit-entries", { query: { admin: "9999999999999999999" } }), "admin", /out of range/);
    const session = { user_agent: "test", address: "127.0.0.1", idle_seconds: 900, absolute_seconds: 3600 };
    refused(
      await call(api, "POST", "/admin-sessions", { body: { ...session, adminUserId: 1e308 } }),
      "adminUserId",
      "adminUserId is out of range",
    );
    refused(
      await call(api, "POST", "/admin-sessions", { body: { ...session, adminUserId: 2147483648 } }),
      "adminUserId",
      "adminUserId is out of range",
    );
    refused(
      await call(api, "POST", "/cancellation/", { body: { comment: "x", reason: "Other", cancelled_by: "User", order: 1e308 } }),
      "order",
      "order is out of range",
    );
  });
});
