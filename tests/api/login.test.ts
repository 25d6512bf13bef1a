import { createApi } from "../../api/src/app";
import { afterAll, afterEach, beforeAll, expect, it } from "vitest";
import { z } from "zod";
import { AdminUser } from "~contract/admin-users";
import { DEMO_ADMINS } from "../../api/src/seed/demo-admins";
import { describeEachDriver, startTestApi, type TestApi } from "../support/api-server";
import { call, get, parsed } from "./helpers";

const DataAdmin = z.object({ data: AdminUser });
describeEachDriver("admin login and admin users", (driver) => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi({ driver });
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

  it("refuses a username from one address after 10 consecutive failures there, with when to retry", async () => {
    for (let failure = 1; failure <= 9; failure++) {
      const answer = await login("catalog", "wrong", "192.168.1.1");
      expect(answer.status, `attempt ${failure}`).toBe(401);
    }
    // the 10th failure blocks the pair and is itself answered as a refusal
    const tenth = await login("catalog", "wrong", "192.168.1.1");
    expect(tenth.status).toBe(429);
    const locked = await call(api, "POST", "/login-admin-user", {
      body: { username: "Catalog", password: DEMO_ADMINS.catalog.password },
      actingAdmin: null,
      headers: { "x-client-address": "192.168.1.1" },
    });
    expect(locked.status).toBe(429);
    expect(locked.body.message).toBe("Too many failed sign-in attempts for this username from this address. Try again in 15 minutes.");
    expect(locked.body.retry_after_seconds).toBeGreaterThan(14 * 60);
    expect(locked.body.retry_after_seconds).toBeLessThanOrEqual(15 * 60);
  });

  it("never refuses the right password from an address that did not fail (nobody can lock an admin out)", async () => {
    // someone guesses admin's password eleven times from their own address…
    for (let i = 0; i < 10; i++) await login("admin", "guess", "203.0.113.66");
    expect((await login("admin", DEMO_ADMINS.admin.password, "203.0.113.66")).status).toBe(429);
    // …the admin, elsewhere, signs in as usual
    expect((await login("admin", DEMO_ADMINS.admin.password, "198.51.100.7")).status).toBe(200);
  });

  it("a success clears the pair's consecutive failures", async () => {
    for (let i = 0; i < 9; i++) expect((await login("viewer", "wrong", "198.51.100.20")).status).toBe(401);
    expect((await login("viewer", DEMO_ADMINS.viewer.password, "198.51.100.20")).status).toBe(200);
    for (let i = 0; i < 9; i++) expect((await login("viewer", "wrong", "198.51.100.20")).status).toBe(401);
  });

  it("issue 29: a non-Active account's right password does not clear its failures; a wrong one says the same as for any account", async () => {
    for (const name of ["blocked", "technical"] as const) {
      const from = `198.51.100.${name === "blocked" ? 140 : 141}`;
      for (let i = 0; i < 9; i++) expect((await login(name, "wrong", from)).body).toEqual({ message: "Invalid username or password" });
      // the right password: the account and its status (the admin says "Your Account is not Active"); the count stays at 9
      const right = await login(name, DEMO_ADMINS[name].password, from);
      expect(right.status).toBe(200);
      expect(parsed(DataAdmin, right.body).data.adminStatus).not.toBe("Active");
      const tenth = await login(name, "wrong", from);
      expect(tenth.status, `${name}: the 10th failure`).toBe(429);
      expect(tenth.body.message).toMatch(/^Too many failed sign-in attempts/);
    }
  });

  it("answers 429 with a Retry-After header", async () => {
    for (let i = 0; i < 10; i++) await login("support", "wrong", "192.0.2.44");
    const answer = await fetch(new URL("/login-admin-user", api.url), {
      method: "POST",
      headers: { [api.apiKeyHeader]: api.apiKey, "content-type": "application/json", "x-client-address": "192.0.2.44" },
      body: JSON.stringify({ username: "support", password: DEMO_ADMINS.support.password }),
    });
    expect(answer.status).toBe(429);
    expect(Number(answer.headers.get("retry-after"))).toBeGreaterThan(14 * 60);
  });

  it("GET /get-admin-user-by-id answers one admin user, 404 unknown, 400 bad id", async () => {
    const answer = await get(api, "/get-admin-user-by-id", { query: { adminUserId: 2 } });
    expect(parsed(DataAdmin, answer.body).data).toMatchObject({ adminUserId: 2, adminUsername: "support" });
    expect(answer.text).not.toMatch(/scrypt|adminPassword/);
    expect((await get(api, "/get-admin-user-by-id", { query: { adminUserId: 999 } })).status).toBe(404);
    expect((await get(api, "/get-admin-user-by-id", { query: { adminUserId: "me" } })).status).toBe(400);
  });
});

const THROTTLE = { dailyFailures: 5, dailyBlockSeconds: 3600 };

describeEachDriver("login throttle per address and across restarts", (driver) => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi({ driver, loginThrottle: THROTTLE });
  });
  afterAll(() => api?.close());

  const login = (username: string, password: string, address: string) =>
    call(api, "POST", "/login-admin-user", { body: { username, password }, actingAdmin: null, headers: { "x-client-address": address } });

  it("refuses an address that failed too often today, whatever the username; other addresses are unaffected", async () => {
    for (let i = 0; i < 4; i++) expect((await login(`guess${i}`, "wrong", "203.0.113.7")).status).toBe(401);
    const fifth = await login("guess4", "wrong", "203.0.113.7");
    expect(fifth.status).toBe(429);
    const locked = await login("support", DEMO_ADMINS.support.password, "203.0.113.7");
    expect(locked.status).toBe(429);
    expect(locked.body.message).toBe("Too many failed sign-in attempts from this address. Try again in 60 minutes.");
    expect((await login("support", DEMO_ADMINS.support.password, "203.0.113.8")).status).toBe(200);
  });

  it("keeps its counts in the database: a restarted API still refuses", async () => {
    for (let i = 0; i < 5; i++) await login(`spray${i}`, "wrong", "203.0.113.9");
    // a second API process on the same database (as after a restart)
    const restarted = createApi({ db: api.db, apiKey: api.apiKey, apiKeyHeader: api.apiKeyHeader, loginThrottle: THROTTLE });
    const answer = await restarted.request("/login-admin-user", {
      method: "POST",
      headers: { [api.apiKeyHeader]: api.apiKey, "content-type": "application/json", "x-client-address": "203.0.113.9" },
      body: JSON.stringify({ username: "admin", password: DEMO_ADMINS.admin.password }),
    });
    expect(answer.status).toBe(429);
  });
});
