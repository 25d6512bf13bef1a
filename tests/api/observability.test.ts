/**
 * What operations sees of the API (issue 35): Prometheus series at GET /metrics behind METRICS_TOKEN
 * that move with traffic, one JSON log line per request with the request's id, that id on the audit
 * entries the request wrote, and no secret in the log.
 */
import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { bankAccounts, outbox } from "../../api/src/db/schema";
import { DEMO_ADMINS } from "../../api/src/seed/demo-admins";
import { createLogger } from "~shared/observability/logger";
import { describeEachDriver, startTestApi, type TestApi } from "../support/api-server";
import { capturedLog, sample } from "../support/observability";
import { call, get, validCategory } from "./helpers";

describeEachDriver("observability: metrics, request logs, request ids", (driver) => {
  let api: TestApi;
  const log = capturedLog();
  const token = `metrics-${randomBytes(12).toString("hex")}`;
  const scrape = async () => {
    const answer = await fetch(`${api.url}/metrics`, { headers: { authorization: `Bearer ${token}` } });
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toContain("text/plain");
    return answer.text();
  };

  beforeAll(async () => {
    api = await startTestApi({
      driver,
      logger: createLogger({ name: "api", level: "debug", format: "json", destination: log.stream }),
      metricsToken: token,
      loginThrottle: { consecutiveFailures: 2 },
    });
  });
  afterAll(() => api?.close());

  it("serves /metrics only to the bearer token, without the API's secret", async () => {
    expect((await fetch(`${api.url}/metrics`)).status).toBe(401);
    const wrong = await fetch(`${api.url}/metrics`, { headers: { authorization: "Bearer not-the-token" } });
    expect(wrong.status).toBe(401);
    expect(wrong.headers.get("www-authenticate")).toMatch(/^Bearer/);
    // the API's secret is not the metrics token
    expect(
      (await fetch(`${api.url}/metrics`, { headers: { authorization: `Bearer ${api.apiKey}`, [api.apiKeyHeader]: api.apiKey } })).status,
    ).toBe(401);
    const text = await scrape();
    expect(text).toContain("# TYPE http_requests_total counter");
    expect(text).toContain("process_resident_memory_bytes");
    expect(text).toContain("nodejs_eventloop_lag_seconds");
  });

  it("counts requests by route pattern and status, never by id", async () => {
    const before = await scrape();
    const route = "/get-category-by-id";
    const labels = { method: "GET", route, status: "200" };
    const { body } = await get(api, "/get-all-category");
    const ids = (body.data as { category_id: number }[]).slice(0, 2).map((c) => c.category_id);
    for (const id of ids) expect((await get(api, route, { query: { category_id: id } })).status).toBe(200);
    expect((await get(api, "/users/999999999/story")).status).toBe(404);
    expect((await get(api, "/no-such-call")).status).toBe(404);
    const after = await scrape();
    expect(sample(after, "http_requests_total", labels) - sample(before, "http_requests_total", labels)).toBe(ids.length);
    expect(
      sample(after, "http_request_duration_seconds_count", labels) - sample(before, "http_request_duration_seconds_count", labels),
    ).toBe(ids.length);
    expect(sample(after, "http_requests_total", { route: "/users/:user_id/story", status: "404" })).toBeGreaterThanOrEqual(1);
    expect(sample(after, "http_requests_total", { route: "unmatched", status: "404" })).toBeGreaterThanOrEqual(1);
    // no label carries an id
    expect(after).not.toMatch(/route="[^"]*\/\d+"/);
    // a request refused for want of the secret is counted too, under the call it asked for
    const refused = { method: "GET", route: "/get-all-category", status: "401" };
    expect((await fetch(`${api.url}/get-all-category`)).status).toBe(401);
    expect(sample(await scrape(), "http_requests_total", refused) - sample(after, "http_requests_total", refused)).toBe(1);
  });

  it("counts sign-in failures and the block they lead to", async () => {
    const before = await scrape();
    const address = `10.35.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
    const attempt = () =>
      call(api, "POST", "/login-admin-user", {
        body: { username: "admin", password: "wrong-password" },
        actingAdmin: null,
        headers: { "x-client-address": address },
      });
    await attempt();
    await attempt(); // the second failure reaches the limit (2 in this test) and blocks the pair
    expect((await attempt()).status).toBe(429);
    const after = await scrape();
    const delta = (name: string, labels: Record<string, string>) => sample(after, name, labels) - sample(before, name, labels);
    expect(delta("sign_in_failures_total", { portal: "admin" })).toBe(2);
    expect(delta("sign_in_blocks_total", { portal: "admin", limit: "pair" })).toBe(1);
    expect(delta("sign_in_refused_total", { portal: "admin", limit: "pair" })).toBe(1);
  });

  it("reports the outbox by state and the age of its oldest queued row, and bulk jobs by state", async () => {
    const before = await scrape();
    const queuedAt = new Date(Date.now() - 120_000);
    const [row] = await api.db
      .insert(outbox)
      .values({ channel: "email", recipient: "ops-test@example.com", subject: "metrics", body: "x", created_at: queuedAt })
      .returning({ id: outbox.id });
    try {
      const after = await scrape();
      expect(sample(after, "outbox_rows", { state: "queued" }) - sample(before, "outbox_rows", { state: "queued" })).toBe(1);
      expect(sample(after, "outbox_oldest_queued_age_seconds")).toBeGreaterThanOrEqual(119);
      expect(after).toMatch(/bulk_jobs\{state="queued"\} \d+/);
      if (driver === "pg") expect(after).toMatch(/db_pool_connections\{state="total"\} [1-9]/);
    } finally {
      await api.db.delete(outbox).where(eq(outbox.id, row.id));
    }
  });

  it("logs one JSON line per request with its id, answers with the id, and stores it on the audit entry", async () => {
    const requestId = `test-${randomBytes(8).toString("hex")}`;
    const name = `Observed ${randomBytes(4).toString("hex")}`;
    const created = await call(api, "POST", "/create-category", { body: validCategory(name), headers: { "x-request-id": requestId } });
    expect(created.status, created.text).toBe(201);
    const line = log.records().find((record) => record.reqId === requestId);
    expect(line).toMatchObject({ level: 30, name: "api", method: "POST", route: "/create-category", status: 201, admin: 1 });
    expect(typeof line?.ms).toBe("number");
    const entries = (await get(api, "/audit-entries", { query: { entity: "category", action: "create", page_size: 5 } })).body.data as {
      request_id: string | null;
      after: Record<string, unknown> | null;
    }[];
    expect(entries.find((entry) => entry.request_id === requestId)).toBeTruthy();

    // a malformed id is replaced by a new one (no caller-chosen text in the log or the audit log)
    const odd = await fetch(`${api.url}/get-all-category`, {
      headers: { [api.apiKeyHeader]: api.apiKey, "x-request-id": "bad id <forged>" },
    });
    expect(odd.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    expect(log.lines.join("\n")).not.toContain("forged");
  });

  it("never writes a password, the secret, a session token or an account number to the log", async () => {
    const password = DEMO_ADMINS.admin.password;
    expect((await call(api, "POST", "/login-admin-user", { body: { username: "admin", password }, actingAdmin: null })).status).toBe(200);
    const session = await call(api, "POST", "/admin-sessions", {
      body: { adminUserId: 1, user_agent: "test", address: "127.0.0.1", idle_seconds: 600, absolute_seconds: 600 },
      actingAdmin: null,
    });
    const sessionToken = session.body.data.token as string;
    expect(sessionToken.length).toBeGreaterThan(20);
    await call(api, "POST", "/admin-sessions/resolve", { body: { token: sessionToken }, actingAdmin: null });
    const [account] = await api.db.select({ id: bankAccounts.id, number: bankAccounts.account_number }).from(bankAccounts).limit(1);
    const revealed = await call(api, "POST", `/accounts/${account.id}/reveal`);
    expect(revealed.body.data.account_number).toBe(account.number);
    // an unexpected error is logged by message, without the request that met it
    const all = log.lines.join("\n");
    expect(all).toContain('"route":"/accounts/:id/reveal"');
    for (const secret of [password, api.apiKey, token, sessionToken, account.number]) expect(all).not.toContain(secret);
  });
});
