import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { z } from "zod";
import {
  AdminSessionPage,
  AdminSessionRecord,
  CreatedAdminSession,
  MAX_SESSIONS_PER_ADMIN,
  ResolvedAdminSession,
} from "~contract/admin-sessions";
import { adminSessions, adminUsers } from "../../api/src/db/schema";
import { hashPassword } from "../../api/src/lib/password";
import { describeEachDriver, startTestApi, type TestApi } from "../support/api-server";
import { call, get, parsed } from "./helpers";

const HOUR = 3600;

describeEachDriver("admin sessions kept by the API", (driver) => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi({ driver });
  });
  afterAll(() => api?.close());

  /** a throwaway admin of our own, so changing it touches no other test */
  async function newAdmin(name: string) {
    const [row] = await api.db
      .insert(adminUsers)
      .values({
        adminUsername: `${name}-${Math.random().toString(36).slice(2, 8)}`,
        adminPassword: await hashPassword("Secret@123"),
        adminEmail: `${name}@example.com`,
        adminRole: "Support",
        adminAccessRoleSettings: ["Category"],
      })
      .returning();
    return row;
  }

  async function signIn(adminUserId: number, extra: Record<string, unknown> = {}) {
    const answer = await call(api, "POST", "/admin-sessions", {
      body: {
        adminUserId,
        user_agent: "Mozilla/5.0 test",
        address: "127.0.0.9",
        idle_seconds: 12 * HOUR,
        absolute_seconds: 7 * 24 * HOUR,
        ...extra,
      },
      actingAdmin: null,
    });
    expect(answer.status, answer.text).toBe(201);
    return parsed(z.object({ data: CreatedAdminSession }), answer.body).data;
  }
  const resolve = (token: string) => call(api, "POST", "/admin-sessions/resolve", { body: { token }, actingAdmin: null });

  it("creates a session whose token resolves to its admin; only the token's hash is stored", async () => {
    const admin = await newAdmin("resolver");
    const { token, session } = await signIn(admin.adminUserId);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(session).toMatchObject({ adminUserId: admin.adminUserId, user_agent: "Mozilla/5.0 test", address: "127.0.0.9" });
    const resolved = await resolve(token);
    expect(resolved.status).toBe(200);
    const data = parsed(z.object({ data: ResolvedAdminSession }), resolved.body).data;
    expect(data.admin.adminUsername).toBe(admin.adminUsername);
    expect(data.session.sessionId).toBe(session.sessionId);
    const [stored] = await api.db.select().from(adminSessions).where(eq(adminSessions.sessionId, session.sessionId));
    expect(stored.tokenHash).not.toContain(token);
    expect(JSON.stringify(stored)).not.toContain(token);
    // two sign-ins never share a token
    expect((await signIn(admin.adminUserId)).token).not.toBe(token);
  });

  it("ends a session at sign-out: its token no longer resolves", async () => {
    const admin = await newAdmin("leaver");
    const { token } = await signIn(admin.adminUserId);
    expect((await call(api, "POST", "/admin-sessions/end", { body: { token }, actingAdmin: null })).status).toBe(204);
    const after = await resolve(token);
    expect(after.status).toBe(404);
    expect(after.body.message).toBe("This session has ended or does not exist");
  });

  it("ends a session unused for its idle time, and any session at its absolute end", async () => {
    const admin = await newAdmin("idler");
    const idle = await signIn(admin.adminUserId, { idle_seconds: 300 });
    const old = await signIn(admin.adminUserId, { absolute_seconds: 300 });
    const fresh = await signIn(admin.adminUserId);
    // move the clock for these rows: last seen 6 minutes ago / created 6 minutes before its 5-minute end
    await api.db
      .update(adminSessions)
      .set({ lastSeenAt: sql`now() - interval '6 minutes'` })
      .where(eq(adminSessions.sessionId, idle.session.sessionId));
    await api.db
      .update(adminSessions)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(adminSessions.sessionId, old.session.sessionId));
    expect((await resolve(idle.token)).status).toBe(404);
    expect((await resolve(old.token)).status).toBe(404);
    expect((await resolve(fresh.token)).status).toBe(200);
  });

  it("keeps a used session alive: resolving moves its last-seen time", async () => {
    const admin = await newAdmin("regular");
    const { token, session } = await signIn(admin.adminUserId, { idle_seconds: 600 });
    await api.db
      .update(adminSessions)
      .set({ lastSeenAt: sql`now() - interval '8 minutes'` })
      .where(eq(adminSessions.sessionId, session.sessionId));
    const first = parsed(z.object({ data: ResolvedAdminSession }), (await resolve(token)).body).data.session;
    expect(Date.now() - Date.parse(first.last_seen_at)).toBeLessThan(30_000);
    expect(Date.parse(first.idle_expires_at) - Date.parse(first.last_seen_at)).toBe(600_000);
  });

  it("ends every session of an admin who is blocked, or whose password, role or access changes", async () => {
    for (const change of [
      { adminStatus: "Block" as const },
      { adminPassword: await hashPassword("Other@123") },
      { adminAccessRoleSettings: ["Category", "Payment"] },
      { adminRole: "Admin" as const },
    ]) {
      const admin = await newAdmin("changed");
      const bystander = await newAdmin("bystander");
      const sessions = [await signIn(admin.adminUserId), await signIn(admin.adminUserId)];
      const theirs = await signIn(bystander.adminUserId);
      await api.db.update(adminUsers).set(change).where(eq(adminUsers.adminUserId, admin.adminUserId));
      for (const { token } of sessions) expect((await resolve(token)).status, JSON.stringify(change)).toBe(404);
      expect((await resolve(theirs.token)).status).toBe(200);
    }
    // an unrelated edit (the email) keeps them
    const admin = await newAdmin("emailed");
    const { token } = await signIn(admin.adminUserId);
    await api.db.update(adminUsers).set({ adminEmail: "new@example.com" }).where(eq(adminUsers.adminUserId, admin.adminUserId));
    expect((await resolve(token)).status).toBe(200);
  });

  it("does not open a session for an admin who is not Active, or unknown", async () => {
    const admin = await newAdmin("inactive");
    await api.db.update(adminUsers).set({ adminStatus: "Inactive" }).where(eq(adminUsers.adminUserId, admin.adminUserId));
    const refused = await call(api, "POST", "/admin-sessions", {
      body: { adminUserId: admin.adminUserId, idle_seconds: HOUR, absolute_seconds: HOUR },
      actingAdmin: null,
    });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe("Your Account is not Active");
    const unknown = await call(api, "POST", "/admin-sessions", {
      body: { adminUserId: 999_999, idle_seconds: HOUR, absolute_seconds: HOUR },
      actingAdmin: null,
    });
    expect(unknown.status).toBe(404);
  });

  it("lists an admin's live sessions and signs out the others, or one", async () => {
    const admin = await newAdmin("lister");
    const mine = await signIn(admin.adminUserId, { user_agent: "Laptop" });
    const phone = await signIn(admin.adminUserId, { user_agent: "Phone" });
    const tablet = await signIn(admin.adminUserId, { user_agent: "Tablet" });
    const list = async () =>
      parsed(
        z.object({ data: z.array(AdminSessionRecord) }),
        (await get(api, "/admin-sessions", { query: { adminUserId: admin.adminUserId } })).body,
      ).data;
    expect((await list()).map((s) => s.user_agent).sort()).toEqual(["Laptop", "Phone", "Tablet"]);
    expect(JSON.stringify(await list())).not.toContain(mine.token);

    const one = await call(api, "DELETE", `/admin-sessions/${tablet.session.sessionId}`, {
      query: { adminUserId: admin.adminUserId },
      actingAdmin: null,
    });
    expect(one.status).toBe(204);
    expect((await resolve(tablet.token)).status).toBe(404);
    // another admin's session cannot be ended by naming it
    const other = await newAdmin("other");
    const notTheirs = await call(api, "DELETE", `/admin-sessions/${phone.session.sessionId}`, {
      query: { adminUserId: other.adminUserId },
      actingAdmin: null,
    });
    expect(notTheirs.status).toBe(404);
    expect((await resolve(phone.token)).status).toBe(200);

    const others = await call(api, "POST", "/admin-sessions/end-others", {
      body: { adminUserId: admin.adminUserId, keep_token: mine.token },
      actingAdmin: null,
    });
    expect(others.body).toEqual({ data: { ended: 1 } });
    expect((await resolve(phone.token)).status).toBe(404);
    expect((await resolve(mine.token)).status).toBe(200);
    expect((await list()).map((s) => s.user_agent)).toEqual(["Laptop"]);
  });

  it("issue 29: an admin holds at most 10 live sessions; a sign-in past them ends the least recently used", async () => {
    const admin = await newAdmin("capped");
    const opened: { token: string; sessionId: number }[] = [];
    for (let i = 1; i <= 12; i++) {
      const { token, session } = await signIn(admin.adminUserId, { user_agent: `Browser ${i}` });
      opened.push({ token, sessionId: session.sessionId });
    }
    const live = await api.db.select().from(adminSessions).where(eq(adminSessions.adminUserId, admin.adminUserId));
    expect(live).toHaveLength(MAX_SESSIONS_PER_ADMIN);
    // the first two (least recently used) ended; the last ten still open
    expect((await resolve(opened[0].token)).status).toBe(404);
    expect((await resolve(opened[1].token)).status).toBe(404);
    for (const { token } of opened.slice(2)) expect((await resolve(token)).status).toBe(200);
    // a session in use is kept over one opened later but left alone: make the 3rd the most recently used
    await api.db
      .update(adminSessions)
      .set({ lastSeenAt: new Date(Date.now() + 60_000) })
      .where(eq(adminSessions.sessionId, opened[2].sessionId));
    await signIn(admin.adminUserId, { user_agent: "Browser 13" });
    expect((await resolve(opened[2].token)).status).toBe(200);
    expect((await resolve(opened[3].token)).status).toBe(404);
    // another admin's sessions are not counted with these
    const other = await newAdmin("uncapped");
    const theirs = await signIn(other.adminUserId);
    expect((await resolve(theirs.token)).status).toBe(200);
  });

  it("issue 29: signing in again from a browser ends the session it held (replaces_token)", async () => {
    const admin = await newAdmin("again");
    const before = await signIn(admin.adminUserId);
    const after = await signIn(admin.adminUserId, { replaces_token: before.token });
    expect((await resolve(before.token)).status).toBe(404);
    expect((await resolve(after.token)).status).toBe(200);
    const live = await api.db.select().from(adminSessions).where(eq(adminSessions.adminUserId, admin.adminUserId));
    expect(live.map((s) => s.sessionId)).toEqual([after.session.sessionId]);
    // a token that is no session (already ended) changes nothing; a malformed one is a 400
    await signIn(admin.adminUserId, { replaces_token: before.token });
    const bad = await call(api, "POST", "/admin-sessions", {
      body: { adminUserId: admin.adminUserId, idle_seconds: HOUR, absolute_seconds: HOUR, replaces_token: "x" },
      actingAdmin: null,
    });
    expect(bad.status).toBe(400);
  });

  it("issue 29: the sessions list is paged (page, page_size) and says how many there are", async () => {
    const admin = await newAdmin("paged");
    for (let i = 1; i <= 7; i++) await signIn(admin.adminUserId, { user_agent: `Browser ${i}` });
    const page = async (query: Record<string, number>) =>
      parsed(AdminSessionPage, (await get(api, "/admin-sessions", { query: { adminUserId: admin.adminUserId, ...query } })).body);
    const first = await page({ page_size: 3 });
    expect(first.total).toBe(7);
    expect(first.data.map((s) => s.user_agent)).toEqual(["Browser 7", "Browser 6", "Browser 5"]);
    expect((await page({ page: 3, page_size: 3 })).data.map((s) => s.user_agent)).toEqual(["Browser 1"]);
    expect((await page({})).data).toHaveLength(7);
    expect((await get(api, "/admin-sessions", { query: { adminUserId: admin.adminUserId, page: 0 } })).status).toBe(400);
  });

  it("records each admin's last sign-in without changing their record's version", async () => {
    const admin = await newAdmin("stamp");
    const read = async () => (await get(api, "/get-admin-user-by-id", { query: { adminUserId: admin.adminUserId } })).body.data;
    expect((await read()).last_signed_in_at).toBeNull();
    const before = Date.now();
    await signIn(admin.adminUserId);
    const after = await read();
    expect(Date.parse(after.last_signed_in_at)).toBeGreaterThanOrEqual(before - 5);
    expect(after.updated_at).toBe(admin.updated_at.toISOString());
  });

  it("lets an All Access admin end another admin's sessions (audited); refuses others, and themselves", async () => {
    const target = await newAdmin("ended");
    const a = await signIn(target.adminUserId);
    const b = await signIn(target.adminUserId);
    // an admin without All Access: 403, nothing ended
    const limited = await newAdmin("limited");
    const refused = await call(api, "POST", "/admin-sessions/end-all", {
      query: { adminUserId: target.adminUserId },
      actingAdmin: limited.adminUserId,
    });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe("Only an admin with All Access can end another admin's sessions.");
    expect((await resolve(a.token)).status).toBe(200);
    // themselves: 409 (sign-out is theirs)
    const self = await call(api, "POST", "/admin-sessions/end-all", { query: { adminUserId: 1 }, actingAdmin: 1 });
    expect(self.status).toBe(409);
    // no acting admin: 400
    expect(
      (await call(api, "POST", "/admin-sessions/end-all", { query: { adminUserId: target.adminUserId }, actingAdmin: null })).status,
    ).toBe(400);

    const ended = await call(api, "POST", "/admin-sessions/end-all", { query: { adminUserId: target.adminUserId }, actingAdmin: 1 });
    expect(ended.status).toBe(200);
    expect(ended.body).toEqual({ data: { ended: 2 } });
    expect((await resolve(a.token)).status).toBe(404);
    expect((await resolve(b.token)).status).toBe(404);
    const audit = (await get(api, "/audit-entries", { query: { entity: "admin_user", entity_id: String(target.adminUserId) } })).body.data;
    expect(audit[0]).toMatchObject({ action: "update", admin_user_id: 1, before: { sessions: 2 }, after: { sessions: 0 } });
    expect((await call(api, "POST", "/admin-sessions/end-all", { query: { adminUserId: 99_999_999 }, actingAdmin: 1 })).status).toBe(404);
  });

  it("refuses malformed tokens and bounds", async () => {
    expect((await resolve("short")).status).toBe(400);
    const tooLong = await call(api, "POST", "/admin-sessions", {
      body: { adminUserId: 1, idle_seconds: 60, absolute_seconds: 365 * 86_400 },
      actingAdmin: null,
    });
    expect(tooLong.status).toBe(400);
    expect(Object.keys(tooLong.body.errors).sort()).toEqual(["absolute_seconds", "idle_seconds"]);
  });
});
