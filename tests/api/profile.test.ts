import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { z } from "zod";
import { AdminUser } from "~contract/admin-users";
import { CreatedAdminSession } from "~contract/admin-sessions";
import { PROFILE_MESSAGES } from "~contract/profile";
import { adminUsers } from "../../api/src/db/schema";
import { hashPassword } from "../../api/src/lib/password";
import { ONLY_YOUR_OWN } from "../../api/src/routes/profile";
import { describeEachDriver, startTestApi, type TestApi } from "../support/api-server";
import { call, get, parsed } from "./helpers";

const HOUR = 3600;

describeEachDriver("an admin's own profile: password and appearance", (driver) => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi({ driver });
  });
  afterAll(() => api?.close());

  async function newAdmin(name: string, password = "Before-pass-1") {
    const [row] = await api.db
      .insert(adminUsers)
      .values({
        adminUsername: `${name}-${Math.random().toString(36).slice(2, 8)}`,
        adminPassword: await hashPassword(password),
        adminEmail: `${name}@example.com`,
        adminRole: "Support",
        adminAccessRoleSettings: ["Category"],
      })
      .returning();
    return row;
  }
  async function signIn(adminUserId: number) {
    const answer = await call(api, "POST", "/admin-sessions", {
      body: { adminUserId, user_agent: "test", address: "127.0.0.1", idle_seconds: HOUR, absolute_seconds: 24 * HOUR },
      actingAdmin: null,
    });
    return parsed(z.object({ data: CreatedAdminSession }), answer.body).data;
  }
  const resolves = async (token: string) =>
    (await call(api, "POST", "/admin-sessions/resolve", { body: { token }, actingAdmin: null })).status === 200;
  const login = (username: string, password: string) =>
    call(api, "POST", "/login-admin-user", { body: { username, password }, actingAdmin: null });
  const change = (adminUserId: number, body: Record<string, unknown>, actingAdmin = adminUserId) =>
    call(api, "POST", "/change-admin-password", { body: { adminUserId, ...body }, actingAdmin });

  it("changes the password: the new one signs in, the old one does not, other sessions end and the kept one stays", async () => {
    const admin = await newAdmin("changer");
    const here = await signIn(admin.adminUserId);
    const elsewhere = await signIn(admin.adminUserId);
    const answer = await change(admin.adminUserId, {
      current_password: "Before-pass-1",
      new_password: "After-pass-22",
      keep_token: here.token,
    });
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body.data).toEqual({ ended_sessions: 1 });
    expect(await resolves(here.token)).toBe(true);
    expect(await resolves(elsewhere.token)).toBe(false);
    expect((await login(admin.adminUsername, "After-pass-22")).status).toBe(200);
    expect((await login(admin.adminUsername, "Before-pass-1")).status).toBe(401);
    // the audit says a password changed, never what it is
    const entry = (await get(api, "/audit-entries", { query: { entity: "admin_user", entity_id: String(admin.adminUserId) } })).body
      .data[0];
    expect(entry).toMatchObject({ action: "update", after: { adminPassword: "(changed)" } });
    expect(JSON.stringify(entry)).not.toContain("After-pass-22");
  });

  it("without a kept session every session ends", async () => {
    const admin = await newAdmin("nokeep");
    const one = await signIn(admin.adminUserId);
    const answer = await change(admin.adminUserId, { current_password: "Before-pass-1", new_password: "After-pass-22" });
    expect(answer.body.data).toEqual({ ended_sessions: 1 });
    expect(await resolves(one.token)).toBe(false);
  });

  it("refuses a wrong current password, a weak or unchanged new one, and changes nothing", async () => {
    const admin = await newAdmin("refused");
    const session = await signIn(admin.adminUserId);
    const wrong = await change(admin.adminUserId, { current_password: "Not-it-123", new_password: "After-pass-22" });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors).toEqual({ current_password: PROFILE_MESSAGES.wrongCurrentPassword });
    const weak = await change(admin.adminUserId, { current_password: "Before-pass-1", new_password: "short1" });
    expect(weak.status).toBe(400);
    expect(weak.body.errors.new_password).toBe("Password must be at least 10 characters");
    const noDigit = await change(admin.adminUserId, { current_password: "Before-pass-1", new_password: "onlyletters-here" });
    expect(noDigit.body.errors.new_password).toBe("Password must contain at least one letter and one digit");
    const same = await change(admin.adminUserId, { current_password: "Before-pass-1", new_password: "Before-pass-1" });
    expect(same.body.errors).toEqual({ new_password: PROFILE_MESSAGES.sameAsCurrent });
    expect(await resolves(session.token)).toBe(true);
    expect((await login(admin.adminUsername, "Before-pass-1")).status).toBe(200);
  });

  it("an admin cannot change another admin's password or appearance here", async () => {
    const victim = await newAdmin("victim");
    const other = await newAdmin("other");
    const answer = await change(
      victim.adminUserId,
      { current_password: "Before-pass-1", new_password: "After-pass-22" },
      other.adminUserId,
    );
    expect(answer.status).toBe(403);
    expect(answer.body.message).toBe(ONLY_YOUR_OWN);
    const look = await call(api, "PUT", "/update-admin-appearance", {
      body: { adminUserId: victim.adminUserId, appearance: "dark" },
      actingAdmin: other.adminUserId,
    });
    expect(look.status).toBe(403);
    expect((await login(victim.adminUsername, "Before-pass-1")).status).toBe(200);
  });

  it("keeps the appearance per admin without ending sessions", async () => {
    const admin = await newAdmin("looks");
    const session = await signIn(admin.adminUserId);
    const answer = await call(api, "PUT", "/update-admin-appearance", {
      body: { adminUserId: admin.adminUserId, appearance: "dark" },
      actingAdmin: admin.adminUserId,
    });
    expect(answer.status, answer.text).toBe(200);
    expect(parsed(z.object({ data: AdminUser }), answer.body).data.appearance).toBe("dark");
    const [row] = await api.db.select().from(adminUsers).where(eq(adminUsers.adminUserId, admin.adminUserId));
    expect(row.appearance).toBe("dark");
    expect(await resolves(session.token)).toBe(true);
    const bad = await call(api, "PUT", "/update-admin-appearance", {
      body: { adminUserId: admin.adminUserId, appearance: "neon" },
      actingAdmin: admin.adminUserId,
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.appearance).toBe("Choose Light, Dark or System");
  });
});
