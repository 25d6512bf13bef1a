import { afterAll, afterEach, beforeAll, expect, it } from "vitest";
import { z } from "zod";
import { AdminUser } from "../../app/models/admin-user";
import { DEMO_ADMINS } from "../../api/src/seed/demo-admins";
import { describeEachDriver, startTestApi, type TestApi } from "../support/api-server";
import { call, get, parsed } from "./helpers";

const DataAdmin = z.object({ data: AdminUser });
const STEP_MS = 40;
/** delays the throttle asked for (served for real, so the slowdown is also felt over HTTP) */
const delays: number[] = [];
const recordingSleep = (ms: number) => {
  delays.push(ms);
  return new Promise<void>((resolve) => setTimeout(resolve, ms));
};

describeEachDriver("admin login and admin users", (driver) => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi({
      driver,
      loginThrottle: { delayStepMs: STEP_MS, maxDelayMs: 4 * STEP_MS, freeFailures: 3, lockoutFailures: 10, sleep: recordingSleep },
    });
  });
  afterAll(() => api?.close());

  let address = 0;
  afterEach(() => {
    address += 1;
  });
  const login = (username: string, password: string, clientAddress = `10.0.0.${address}`) =>
    call(api, "POST", "/login-admin-user", {
      body: { username, password },
      actingAdmin: null,
      headers: { "x-client-address": clientAddress },
    });

  it("answers the admin user, never the password", async () => {
    const answer = await login("admin", DEMO_ADMINS.admin.password);
    expect(answer.status).toBe(200);
    const admin = parsed(DataAdmin, answer.body).data;
    expect(admin).toMatchObject({ adminUsername: "admin", adminStatus: "Active", adminRole: "Admin", adminAccessRoleSettings: ["*"] });
    expect(answer.text).not.toMatch(/scrypt|adminPassword|Admin@12345/);
    const support = parsed(DataAdmin, (await login("Support", DEMO_ADMINS.support.password)).body).data;
    expect(support.adminAccessRoleSettings).toEqual([...DEMO_ADMINS.support.access]);
  });

  it("answers inactive and blocked accounts with their status (the admin refuses them)", async () => {
    const technical = await login("technical", DEMO_ADMINS.technical.password);
    expect(technical.status).toBe(200);
    expect(parsed(DataAdmin, technical.body).data.adminStatus).toBe("Inactive");
    const blocked = await login("blocked", DEMO_ADMINS.blocked.password);
    expect(parsed(DataAdmin, blocked.body).data.adminStatus).toBe("Block");
  });

  it("refuses a wrong password or unknown user with the same 401", async () => {
    const wrong = await login("admin", "Admin@12346");
    expect(wrong.status).toBe(401);
    expect(wrong.body).toEqual({ message: "Invalid username or password" });
    const unknown = await login("nobody", "whatever");
    expect(unknown.status).toBe(401);
    expect(unknown.body).toEqual(wrong.body);
  });

  it("validates the body", async () => {
    const missing = await call(api, "POST", "/login-admin-user", { body: { username: "admin" }, actingAdmin: null });
    expect(missing.status).toBe(400);
    expect(missing.body.errors.password).toBe("Please input password!");
    const empty = await call(api, "POST", "/login-admin-user", { body: { username: " ", password: "x" }, actingAdmin: null });
    expect(empty.body.errors.username).toBe("Please input username!");
    const huge = await login("admin", "x".repeat(201));
    expect(huge.status).toBe(400);
    expect(huge.body.errors.password).toBeTruthy();
  });

  it("slows repeated failures from the 4th, then locks out from the 10th, per username", async () => {
    delays.length = 0;
    for (let failure = 1; failure <= 10; failure++) {
      // each attempt from a different address: the username alone drives the throttle
      const answer = await login("catalog", "wrong", `192.168.1.${failure}`);
      expect(answer.status, `attempt ${failure}`).toBe(401);
    }
    // attempts 1-4 follow 0-3 failures: no delay; then one step more per failure, capped
    expect(delays).toEqual([STEP_MS, 2 * STEP_MS, 3 * STEP_MS, 4 * STEP_MS, 4 * STEP_MS, 4 * STEP_MS]);

    delays.length = 0;
    const locked = await login("catalog", DEMO_ADMINS.catalog.password, "192.168.1.99");
    expect(locked.status).toBe(429);
    expect(locked.body.message).toBe("Too many failed sign-in attempts. Try again in 15 minutes.");
    expect(delays).toEqual([]); // refused at once, password not checked
    // another account from another address is not affected
    expect((await login("admin", DEMO_ADMINS.admin.password, "192.168.1.100")).status).toBe(200);
    expect(delays).toEqual([]);
  });

  it("throttles by client address across usernames", async () => {
    for (let i = 0; i < 10; i++) await login(`guess${i}`, "wrong", "203.0.113.7");
    const locked = await login("support", DEMO_ADMINS.support.password, "203.0.113.7");
    expect(locked.status).toBe(429);
    expect((await login("support", DEMO_ADMINS.support.password, "203.0.113.8")).status).toBe(200);
  });

  it("a success clears the username's failures", async () => {
    for (let i = 0; i < 6; i++) await login("viewer", "wrong", `198.51.100.${i}`);
    delays.length = 0;
    const slowed = await login("viewer", DEMO_ADMINS.viewer.password, "198.51.100.50");
    expect(slowed.status).toBe(200);
    expect(delays).toEqual([3 * STEP_MS]);
    delays.length = 0;
    expect((await login("viewer", "wrong", "198.51.100.51")).status).toBe(401);
    expect(delays).toEqual([]);
  });

  it("GET /get-admin-user-by-id answers one admin user, 404 unknown, 400 bad id", async () => {
    const answer = await get(api, "/get-admin-user-by-id", { query: { adminUserId: 2 } });
    expect(parsed(DataAdmin, answer.body).data).toMatchObject({ adminUserId: 2, adminUsername: "support" });
    expect(answer.text).not.toMatch(/scrypt|adminPassword/);
    expect((await get(api, "/get-admin-user-by-id", { query: { adminUserId: 999 } })).status).toBe(404);
    expect((await get(api, "/get-admin-user-by-id", { query: { adminUserId: "me" } })).status).toBe(400);
  });
});

describeEachDriver("login throttle with the default settings", (driver) => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi({ driver });
  });
  afterAll(() => api?.close());

  it("really waits 500 ms after four failures", async () => {
    const attempt = () =>
      call(api, "POST", "/login-admin-user", { body: { username: "admin", password: "nope" }, actingAdmin: null });
    for (let i = 0; i < 4; i++) expect((await attempt()).status).toBe(401);
    const started = performance.now();
    expect((await attempt()).status).toBe(401);
    expect(performance.now() - started).toBeGreaterThanOrEqual(490);
  });
});
