import { MAX_PAGE_SIZE } from "~contract/list-query";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { CreatedAdminSession } from "~contract/admin-sessions";
import {
  ACCESS_REQUIRED,
  ADMIN_USER_DELETED,
  CANNOT_BLOCK_SELF,
  CANNOT_DELETE_SELF,
  EMAIL_INVALID,
  emailTaken,
  EMAIL_REQUIRED,
  lastAllAccessAdmin,
  PASSWORD_NEEDS_MIX,
  PASSWORD_REQUIRED,
  PASSWORD_TOO_SHORT,
  ROLE_REQUIRED,
  STATUS_REQUIRED,
  USERNAME_REQUIRED,
  USERNAME_TAKEN,
} from "~contract/admin-user-labels";
import { ACCESS_RULE_MESSAGES } from "~contract/admin-user-access";
import { REVERT_ACCESS_MESSAGES } from "~contract/audit-access";
import { AdminUser, AdminUserList } from "~contract/admin-users";
import { ConflictBody } from "~contract/api";
import { adminSessions, adminUsers, auditLog } from "../../api/src/db/schema";
import { hashPasswordScrypt, verifyPassword } from "../../api/src/lib/password";
import { DEMO_ADMINS } from "../../api/src/seed/demo-admins";
import { describeEachDriver, startTestApi, type TestApi } from "../support/api-server";
import { call, get, parsed } from "./helpers";

const DataAdmin = z.object({ data: AdminUser });
const PASSWORD = "Sturdy-pass-2026";
const suffix = () => Math.random().toString(36).slice(2, 8);

describeEachDriver("admin users", (driver) => {
  let api: TestApi;
  /** the demo "admin" (All Access), who acts unless a test says otherwise */
  let rootId: number;
  beforeAll(async () => {
    api = await startTestApi({ driver });
    rootId = parsed(DataAdmin, (await login("admin", DEMO_ADMINS.admin.password)).body).data.adminUserId;
  });
  afterAll(() => api?.close());

  const login = (username: string, password: string) =>
    call(api, "POST", "/login-admin-user", {
      body: { username, password },
      actingAdmin: null,
      headers: { "x-client-address": `198.51.100.${Math.floor(Math.random() * 200)}` },
    });
  const register = (body: Record<string, unknown>, actingAdmin: number = rootId) =>
    call(api, "POST", "/register-admin-user", { body, actingAdmin });
  const update = (body: Record<string, unknown>, actingAdmin: number = rootId) =>
    call(api, "PUT", "/update-admin-user", { body, actingAdmin });
  const remove = (adminUserId: number | string, actingAdmin: number = rootId) =>
    call(api, "DELETE", "/delete-admin-user", { query: { adminUserId }, actingAdmin });
  const fields = (extra: Record<string, unknown> = {}) => ({
    adminUsername: `au-${suffix()}`,
    adminPassword: PASSWORD,
    adminEmail: `au-${suffix()}@example.com`,
    adminStatus: "Active",
    adminRole: "Support",
    adminAccessRoleSettings: ["Bookings", "Contacts"],
    ...extra,
  });
  async function newAdmin(extra: Record<string, unknown> = {}) {
    const answer = await register(fields(extra));
    expect(answer.status, answer.text).toBe(201);
    return parsed(DataAdmin, answer.body).data;
  }
  const byId = async (id: number) => parsed(DataAdmin, (await get(api, "/get-admin-user-by-id", { query: { adminUserId: id } })).body).data;
  const storedHash = async (id: number) =>
    (await api.db.select({ h: adminUsers.adminPassword }).from(adminUsers).where(eq(adminUsers.adminUserId, id)))[0].h;
  const auditOf = (id: number) =>
    api.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, "admin_user"), eq(auditLog.entity_id, String(id))))
      .orderBy(auditLog.id);
  async function openSession(adminUserId: number) {
    const answer = await call(api, "POST", "/admin-sessions", {
      body: { adminUserId, user_agent: "test", address: "127.0.0.1", idle_seconds: 3600, absolute_seconds: 86_400 },
      actingAdmin: null,
    });
    expect(answer.status, answer.text).toBe(201);
    return parsed(z.object({ data: CreatedAdminSession }), answer.body).data.token;
  }
  const errorsOf = (answer: { body: { errors?: Record<string, string> } }) => answer.body.errors ?? {};
  const resolves = async (token: string) =>
    (await call(api, "POST", "/admin-sessions/resolve", { body: { token }, actingAdmin: null })).status === 200;

  describe("POST /register-admin-user", () => {
    it("creates an admin user with an argon2id hash, answers it without the password, and audits it without the password", async () => {
      const body = fields({ adminRole: "Technical", adminAccessRoleSettings: ["Contacts", "Bookings", "Bookings"] });
      const answer = await register(body);
      expect(answer.status, answer.text).toBe(201);
      const created = parsed(DataAdmin, answer.body).data;
      expect(created).toMatchObject({
        adminUsername: body.adminUsername,
        adminEmail: body.adminEmail,
        adminStatus: "Active",
        adminRole: "Technical",
        // in ACCESS_NAMES order, once each
        adminAccessRoleSettings: ["Bookings", "Contacts"],
      });
      expect(answer.text).not.toContain("adminPassword");
      expect(answer.text).not.toContain(PASSWORD);
      const hash = await storedHash(created.adminUserId);
      expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
      expect(await verifyPassword(PASSWORD, hash)).toBe(true);
      expect((await login(body.adminUsername as string, PASSWORD)).status).toBe(200);

      const [entry] = await auditOf(created.adminUserId);
      expect(entry).toMatchObject({ action: "create", admin_user_id: rootId, admin_username: "admin" });
      expect(entry.after).toEqual({
        adminUsername: body.adminUsername,
        adminEmail: body.adminEmail,
        adminStatus: "Active",
        adminRole: "Technical",
        adminAccessRoleSettings: ["Bookings", "Contacts"],
        adminPassword: "(set)",
      });
      expect(JSON.stringify(entry)).not.toContain(PASSWORD);
      expect(JSON.stringify(entry)).not.toContain("argon2");
    });

    it('takes All Access as ["*"] alone', async () => {
      const created = await newAdmin({ adminAccessRoleSettings: ["*", "Bookings"], adminStatus: "Inactive" });
      expect(created.adminAccessRoleSettings).toEqual(["*"]);
    });

    it("refuses each missing or bad field with the spec's message", async () => {
      const cases: [Record<string, unknown>, string, string][] = [
        [{ adminUsername: undefined }, "adminUsername", USERNAME_REQUIRED],
        [{ adminUsername: "  " }, "adminUsername", USERNAME_REQUIRED],
        [{ adminUsername: "two words" }, "adminUsername", "Use letters, digits and . _ - @ only (no spaces)"],
        [{ adminPassword: undefined }, "adminPassword", PASSWORD_REQUIRED],
        [{ adminPassword: "" }, "adminPassword", PASSWORD_REQUIRED],
        [{ adminPassword: "Short1" }, "adminPassword", PASSWORD_TOO_SHORT],
        [{ adminPassword: "onlyletterslong" }, "adminPassword", PASSWORD_NEEDS_MIX],
        [{ adminPassword: "1234567890123" }, "adminPassword", PASSWORD_NEEDS_MIX],
        [{ adminEmail: undefined }, "adminEmail", EMAIL_REQUIRED],
        [{ adminEmail: "" }, "adminEmail", EMAIL_REQUIRED],
        [{ adminEmail: "not-an-email" }, "adminEmail", EMAIL_INVALID],
        [{ adminStatus: undefined }, "adminStatus", STATUS_REQUIRED],
        [{ adminStatus: "Suspended" }, "adminStatus", STATUS_REQUIRED],
        [{ adminRole: undefined }, "adminRole", ROLE_REQUIRED],
        [{ adminRole: "Owner" }, "adminRole", ROLE_REQUIRED],
        [{ adminAccessRoleSettings: undefined }, "adminAccessRoleSettings", ACCESS_REQUIRED],
        [{ adminAccessRoleSettings: ["Bookings", "Everything"] }, "adminAccessRoleSettings", "Unknown access name: Everything"],
      ];
      const before = await api.db.select({ n: sql<number>`count(*)::int` }).from(adminUsers);
      for (const [change, field, text] of cases) {
        const answer = await register(fields(change));
        expect(answer.status, JSON.stringify(change)).toBe(400);
        expect(answer.body.errors?.[field], JSON.stringify(change)).toBe(text);
      }
      const after = await api.db.select({ n: sql<number>`count(*)::int` }).from(adminUsers);
      expect(after[0].n).toBe(before[0].n);
    });

    it("refuses a username already taken, in any case", async () => {
      const first = await newAdmin();
      const answer = await register(fields({ adminUsername: first.adminUsername.toUpperCase() }));
      expect(answer.status).toBe(400);
      expect(answer.body.errors.adminUsername).toBe(USERNAME_TAKEN);
      expect((await register(fields({ adminUsername: "Admin" }))).body.errors.adminUsername).toBe(USERNAME_TAKEN);
    });

    it("needs an Active acting admin", async () => {
      expect((await call(api, "POST", "/register-admin-user", { body: fields(), actingAdmin: null })).status).toBe(400);
      const blocked = parsed(DataAdmin, (await login("blocked", DEMO_ADMINS.blocked.password)).body).data;
      const refused = await register(fields(), blocked.adminUserId);
      expect(refused.status).toBe(403);
    });
  });

  describe("GET /get-all-admin-users", () => {
    it("lists admin users newest first, paged, never with a password", async () => {
      const mine = [await newAdmin(), await newAdmin()];
      const answer = await get(api, "/get-all-admin-users");
      expect(answer.status).toBe(200);
      const page = parsed(AdminUserList, answer.body);
      expect(page).toMatchObject({ current_page: 1, page_size: 10 });
      expect(page.total_results).toBeGreaterThanOrEqual(Object.keys(DEMO_ADMINS).length + 2);
      expect(page.data.slice(0, 2).map((a) => a.adminUserId)).toEqual([mine[1].adminUserId, mine[0].adminUserId]);
      expect(answer.text).not.toMatch(/adminPassword|argon2|scrypt/);

      const all = parsed(AdminUserList, (await get(api, "/get-all-admin-users", { query: { page_size: 200 } })).body);
      expect(all.data.map((a) => a.adminUsername)).toEqual(expect.arrayContaining(Object.keys(DEMO_ADMINS)));
      const second = parsed(AdminUserList, (await get(api, "/get-all-admin-users", { query: { page: 2, page_size: 2 } })).body);
      expect(second.data.map((a) => a.adminUserId)).toEqual(all.data.slice(2, 4).map((a) => a.adminUserId));
    });

    it("searches usernames and emails, any case, with wildcards taken literally", async () => {
      const tag = suffix();
      const a = await newAdmin({ adminUsername: `Finder_${tag}` });
      const b = await newAdmin({ adminEmail: `finder.${tag}@Example.com` });
      const found = parsed(AdminUserList, (await get(api, "/get-all-admin-users", { query: { search: `FINDER` } })).body);
      expect(found.data.map((x) => x.adminUserId)).toEqual(expect.arrayContaining([a.adminUserId, b.adminUserId]));
      const exact = parsed(AdminUserList, (await get(api, "/get-all-admin-users", { query: { search: `finder_${tag}` } })).body);
      expect(exact.data.map((x) => x.adminUserId)).toEqual([a.adminUserId]);
      const none = parsed(AdminUserList, (await get(api, "/get-all-admin-users", { query: { search: "%" } })).body);
      expect(none.total_results).toBe(0);
    });

    it("filters by status and role (with the search), and refuses a status or role it does not know", async () => {
      const tag = suffix();
      const blocked = await newAdmin({ adminUsername: `flt_blk_${tag}`, adminStatus: "Block", adminRole: "Technical" });
      const active = await newAdmin({ adminUsername: `flt_act_${tag}`, adminRole: "Technical" });
      const support = await newAdmin({ adminUsername: `flt_sup_${tag}`, adminRole: "Support" });
      const ids = async (query: Record<string, string>) =>
        parsed(AdminUserList, (await get(api, "/get-all-admin-users", { query: { search: tag, ...query } })).body)
          .data.map((x) => x.adminUserId)
          .sort();
      expect(await ids({ status: "Block" })).toEqual([blocked.adminUserId]);
      expect(await ids({ role: "Technical" })).toEqual([blocked.adminUserId, active.adminUserId].sort());
      expect(await ids({ status: "Active", role: "Support" })).toEqual([support.adminUserId]);
      const bad = await get(api, "/get-all-admin-users", { query: { status: "Gone", role: "Boss" } });
      expect(bad.status).toBe(400);
      expect(Object.keys(bad.body.errors).sort()).toEqual(["role", "status"]);
    });

    it("refuses a bad page", async () => {
      expect((await get(api, "/get-all-admin-users", { query: { page: 0 } })).status).toBe(400);
      expect((await get(api, "/get-all-admin-users", { query: { page_size: MAX_PAGE_SIZE + 1 } })).status).toBe(400);
    });

    it("sorts by username, status, last signed in (never = earliest) and created, ties by id; refuses an unknown sort", async () => {
      const tag = suffix();
      const b = await newAdmin({ adminUsername: `srt_B_${tag}`, adminStatus: "Inactive" });
      await newAdmin({ adminUsername: `srt_a_${tag}`, adminStatus: "Block" });
      const c = await newAdmin({ adminUsername: `srt_c_${tag}` });
      const signedIn = async (id: number, at: string) =>
        api.db
          .update(adminUsers)
          .set({ lastSignedInAt: new Date(at) })
          .where(eq(adminUsers.adminUserId, id));
      await signedIn(b.adminUserId, "2026-01-02T10:00:00Z");
      await signedIn(c.adminUserId, "2026-01-01T10:00:00Z");
      const ids = async (sortField: string, sortOrder: string) =>
        parsed(AdminUserList, (await get(api, "/get-all-admin-users", { query: { search: `srt_`, sortField, sortOrder } })).body)
          .data.filter((x) => x.adminUsername.endsWith(tag))
          .map((x) => x.adminUsername.slice(0, 5));
      expect(await ids("adminUsername", "asc")).toEqual(["srt_a", "srt_B", "srt_c"]);
      expect(await ids("adminUsername", "desc")).toEqual(["srt_c", "srt_B", "srt_a"]);
      expect(await ids("adminStatus", "asc")).toEqual(["srt_c", "srt_a", "srt_B"]);
      expect(await ids("adminStatus", "desc")).toEqual(["srt_B", "srt_a", "srt_c"]);
      expect(await ids("last_signed_in_at", "asc")).toEqual(["srt_a", "srt_c", "srt_B"]);
      expect(await ids("last_signed_in_at", "desc")).toEqual(["srt_B", "srt_c", "srt_a"]);
      expect(await ids("created_at", "asc")).toEqual(["srt_B", "srt_a", "srt_c"]);
      expect(await ids("created_at", "desc")).toEqual(["srt_c", "srt_a", "srt_B"]);

      const unknown = await get(api, "/get-all-admin-users", { query: { sortField: "adminPassword", sortOrder: "asc" } });
      expect(unknown.status).toBe(400);
      expect(unknown.body.errors.sortField).toBe("sortField must be one of adminUsername, adminStatus, last_signed_in_at, created_at");
      const badOrder = await get(api, "/get-all-admin-users", { query: { sortField: "created_at", sortOrder: "up" } });
      expect(badOrder.body.errors.sortOrder).toBe("sortOrder must be asc or desc");
      const alone = await get(api, "/get-all-admin-users", { query: { sortField: "created_at" } });
      expect(alone.status).toBe(400);
      expect(alone.body.errors.sortOrder).toBe("sortOrder (asc or desc) is required with sortField");
    });
  });

  describe("PUT /update-admin-user", () => {
    it("changes the fields sent, audits only what changed (by API name), and keeps the username", async () => {
      const admin = await newAdmin();
      const answer = await update({
        adminUsername: admin.adminUsername.toUpperCase(),
        adminEmail: "changed@example.com",
        adminStatus: "Active",
        adminRole: "Admin",
        adminAccessRoleSettings: ["Payment", "Bookings", "Contacts"],
        updated_at: admin.updated_at,
      });
      expect(answer.status, answer.text).toBe(200);
      const updated = parsed(DataAdmin, answer.body).data;
      expect(updated).toMatchObject({
        adminUserId: admin.adminUserId,
        adminUsername: admin.adminUsername,
        adminEmail: "changed@example.com",
        adminRole: "Admin",
        adminAccessRoleSettings: ["Bookings", "Payment", "Contacts"],
      });
      expect(Date.parse(updated.updated_at)).toBeGreaterThan(Date.parse(admin.updated_at));
      const entries = await auditOf(admin.adminUserId);
      expect(entries.at(-1)).toMatchObject({
        action: "update",
        admin_username: "admin",
        before: { adminEmail: admin.adminEmail, adminRole: "Support", adminAccessRoleSettings: ["Bookings", "Contacts"] },
        after: { adminEmail: "changed@example.com", adminRole: "Admin", adminAccessRoleSettings: ["Bookings", "Payment", "Contacts"] },
      });
      expect(Object.keys(entries.at(-1)!.after as object).sort()).toEqual(["adminAccessRoleSettings", "adminEmail", "adminRole"]);
    });

    it("answers the same record when nothing changed, with no audit entry", async () => {
      const admin = await newAdmin();
      const count = (await auditOf(admin.adminUserId)).length;
      const answer = await update({
        adminUsername: admin.adminUsername,
        adminEmail: admin.adminEmail,
        adminAccessRoleSettings: ["Contacts", "Bookings"],
        updated_at: admin.updated_at,
      });
      expect(answer.status).toBe(200);
      expect(parsed(DataAdmin, answer.body).data.updated_at).toBe(admin.updated_at);
      expect((await auditOf(admin.adminUserId)).length).toBe(count);
    });

    it("answers 409 on a stale edit, naming who changed it", async () => {
      const admin = await newAdmin();
      const support = await newAdmin({ adminUsername: `editor-${suffix()}`, adminAccessRoleSettings: ["AdminUsers"] });
      expect(
        (await update({ adminUsername: admin.adminUsername, adminRole: "Technical", updated_at: admin.updated_at }, support.adminUserId))
          .status,
      ).toBe(200);
      // ending their sessions afterwards (another admin, audited) is no change of the record: it names no one
      expect(
        (await call(api, "POST", "/admin-sessions/end-all", { query: { adminUserId: admin.adminUserId }, actingAdmin: 1 })).status,
      ).toBe(200);
      const stale = await update({ adminUsername: admin.adminUsername, adminEmail: "late@example.com", updated_at: admin.updated_at });
      expect(stale.status).toBe(409);
      const body = parsed(ConflictBody, stale.body);
      expect(body.updated_by).toBe(support.adminUsername);
      expect(body.message).toMatch(new RegExp(`^This admin user was changed by ${support.adminUsername} on .+ after you opened it\\.$`));
      expect((await byId(admin.adminUserId)).adminEmail).toBe(admin.adminEmail);
    });

    it("refuses bad input, unknown admins and a missing version", async () => {
      const admin = await newAdmin();
      const bad = await update({
        adminUsername: admin.adminUsername,
        adminEmail: "nope",
        adminStatus: "",
        adminPassword: "short",
        updated_at: admin.updated_at,
      });
      expect(bad.status).toBe(400);
      expect(bad.body.errors).toMatchObject({ adminEmail: EMAIL_INVALID, adminStatus: STATUS_REQUIRED, adminPassword: PASSWORD_TOO_SHORT });
      expect(
        (await update({ adminUsername: admin.adminUsername, adminAccessRoleSettings: "Bookings", updated_at: admin.updated_at })).body
          .errors.adminAccessRoleSettings,
      ).toBe(ACCESS_REQUIRED);
      expect((await update({ adminEmail: "x@example.com", updated_at: admin.updated_at })).body.errors.adminUsername).toBe(
        USERNAME_REQUIRED,
      );
      expect((await update({ adminUsername: admin.adminUsername, adminEmail: "x@example.com" })).status).toBe(400);
      expect((await update({ adminUsername: admin.adminUsername, adminEmail: "x@example.com", updated_at: "yesterday" })).status).toBe(400);
      const unknown = await update({ adminUsername: `nobody-${suffix()}`, adminEmail: "x@example.com", updated_at: admin.updated_at });
      expect(unknown.status).toBe(404);
      expect(unknown.body.message).toBe("Admin user not found");
    });

    it("changes a password: the new one signs in, the old one not; audited as changed, never the password", async () => {
      const admin = await newAdmin();
      const token = await openSession(admin.adminUserId);
      const answer = await update({ adminUsername: admin.adminUsername, adminPassword: "Another-pass-77", updated_at: admin.updated_at });
      expect(answer.status, answer.text).toBe(200);
      expect(answer.text).not.toContain("Another-pass-77");
      expect((await login(admin.adminUsername, "Another-pass-77")).status).toBe(200);
      expect((await login(admin.adminUsername, PASSWORD)).status).toBe(401);
      expect(await resolves(token)).toBe(false);
      const entry = (await auditOf(admin.adminUserId)).at(-1)!;
      expect(entry.before).toEqual({ adminPassword: "(previous password)" });
      expect(entry.after).toEqual({ adminPassword: "(changed)" });
      expect(JSON.stringify(entry)).not.toMatch(/Another-pass-77|argon2/);
    });

    it("ends the admin's sessions at once when blocked, deactivated, or their access or role changes, not for an email", async () => {
      for (const change of [
        { adminStatus: "Block" },
        { adminStatus: "Inactive" },
        { adminAccessRoleSettings: ["Bookings"] },
        { adminRole: "Technical" },
      ]) {
        const admin = await newAdmin();
        const bystander = await newAdmin();
        const tokens = [await openSession(admin.adminUserId), await openSession(admin.adminUserId)];
        const theirs = await openSession(bystander.adminUserId);
        const answer = await update({ adminUsername: admin.adminUsername, ...change, updated_at: admin.updated_at });
        expect(answer.status, answer.text).toBe(200);
        for (const token of tokens) expect(await resolves(token), JSON.stringify(change)).toBe(false);
        expect(await resolves(theirs)).toBe(true);
      }
      const admin = await newAdmin();
      const token = await openSession(admin.adminUserId);
      await update({ adminUsername: admin.adminUsername, adminEmail: "still-in@example.com", updated_at: admin.updated_at });
      expect(await resolves(token)).toBe(true);
    });

    it("applies a changed access list at the next sign-in (the session re-reads the admin)", async () => {
      const admin = await newAdmin({ adminAccessRoleSettings: ["Bookings"] });
      const updated = parsed(
        DataAdmin,
        (
          await update({
            adminUsername: admin.adminUsername,
            adminAccessRoleSettings: ["Bookings", "Category"],
            updated_at: admin.updated_at,
          })
        ).body,
      ).data;
      const token = await openSession(admin.adminUserId);
      const resolved = await call(api, "POST", "/admin-sessions/resolve", { body: { token }, actingAdmin: null });
      expect(resolved.body.data.admin.adminAccessRoleSettings).toEqual(["Category", "Bookings"]);
      expect(updated.adminAccessRoleSettings).toEqual(["Category", "Bookings"]);
      expect(resolved.text).not.toMatch(/adminPassword|argon2/);
    });

    it("refuses to let an admin block or deactivate themselves", async () => {
      const me = await newAdmin({ adminAccessRoleSettings: ["AdminUsers"] });
      for (const adminStatus of ["Block", "Inactive"]) {
        const answer = await update({ adminUsername: me.adminUsername, adminStatus, updated_at: me.updated_at }, me.adminUserId);
        expect(answer.status).toBe(409);
        expect(answer.body.message).toBe(CANNOT_BLOCK_SELF);
      }
      expect((await byId(me.adminUserId)).adminStatus).toBe("Active");
      // their own email is theirs to change
      expect(
        (await update({ adminUsername: me.adminUsername, adminEmail: "me@example.com", updated_at: me.updated_at }, me.adminUserId)).status,
      ).toBe(200);
    });
  });

  describe("DELETE /delete-admin-user", () => {
    it("deletes an admin user, their sessions with them, and audits it without the password", async () => {
      const admin = await newAdmin();
      const token = await openSession(admin.adminUserId);
      const answer = await remove(admin.adminUserId);
      expect(answer.status).toBe(200);
      expect(answer.body.message).toBe(ADMIN_USER_DELETED);
      expect((await get(api, "/get-admin-user-by-id", { query: { adminUserId: admin.adminUserId } })).status).toBe(404);
      expect(await resolves(token)).toBe(false);
      expect(await api.db.select().from(adminSessions).where(eq(adminSessions.adminUserId, admin.adminUserId))).toEqual([]);
      const entry = (await auditOf(admin.adminUserId)).at(-1)!;
      expect(entry).toMatchObject({ action: "delete", admin_user_id: rootId, after: null });
      expect(entry.before).toMatchObject({
        adminUsername: admin.adminUsername,
        adminEmail: admin.adminEmail,
        adminAccessRoleSettings: ["Bookings", "Contacts"],
      });
      expect(JSON.stringify(entry)).not.toMatch(/argon2|Sturdy/);
      const again = await remove(admin.adminUserId);
      expect(again.status).toBe(404);
      expect(again.body.message).toBe("Admin user not found");
      expect((await remove("abc")).status).toBe(400);
    });

    it("refuses to let an admin delete themselves", async () => {
      const me = await newAdmin({ adminAccessRoleSettings: ["AdminUsers"] });
      const answer = await remove(me.adminUserId, me.adminUserId);
      expect(answer.status).toBe(409);
      expect(answer.body.message).toBe(CANNOT_DELETE_SELF);
      expect((await remove(rootId)).body.message).toBe(CANNOT_DELETE_SELF);
      expect((await byId(me.adminUserId)).adminUsername).toBe(me.adminUsername);
    });
  });

  describe("the last Active admin with All Access", () => {
    it("cannot be stripped of All Access; only an admin with All Access may touch them at all", async () => {
      // in this database "admin" is the only Active admin with All Access (an Inactive one does not count)
      await newAdmin({ adminAccessRoleSettings: ["*"], adminStatus: "Inactive" });
      const manager = await newAdmin({ adminAccessRoleSettings: ["AdminUsers"] });
      const root = await byId(rootId);
      const deleted = await remove(rootId, manager.adminUserId);
      expect(deleted.status).toBe(403);
      expect(deleted.body.message).toBe(ACCESS_RULE_MESSAGES.allAccessTarget);
      for (const change of [
        { adminStatus: "Block" },
        { adminStatus: "Inactive" },
        { adminAccessRoleSettings: ["AdminUsers"] },
        { adminEmail: "taken-over@example.com" },
      ]) {
        const answer = await update({ adminUsername: "admin", ...change, updated_at: root.updated_at }, manager.adminUserId);
        expect(answer.status, JSON.stringify(change)).toBe(403);
        expect(answer.body.message).toBe(ACCESS_RULE_MESSAGES.allAccessTarget);
      }
      // stripping their own All Access is refused as the last one
      const own = await update({ adminUsername: "admin", adminAccessRoleSettings: ["Category"], updated_at: root.updated_at });
      expect(own.status).toBe(409);
      expect(own.body.message).toBe(lastAllAccessAdmin("admin", "update"));
      expect(await byId(rootId)).toEqual(root);

      // with a second Active All Access admin, the second can lose it
      const second = await newAdmin({ adminAccessRoleSettings: ["*"] });
      const demoted = await update({
        adminUsername: second.adminUsername,
        adminAccessRoleSettings: ["Bookings"],
        updated_at: second.updated_at,
      });
      expect(demoted.status).toBe(200);
      const third = await newAdmin({ adminAccessRoleSettings: ["*"] });
      expect((await remove(third.adminUserId)).status).toBe(200);
      // their own change that keeps All Access (an email) is fine
      expect((await update({ adminUsername: "admin", adminEmail: "root@marketplace.test", updated_at: root.updated_at })).status).toBe(200);
    });

    it("holds when the last two demote each other at the same moment", async () => {
      const other = await newAdmin({ adminAccessRoleSettings: ["*"] });
      const root = await byId(rootId);
      const answers = await Promise.all([
        update({ adminUsername: "admin", adminStatus: "Inactive", updated_at: root.updated_at }, other.adminUserId),
        update({ adminUsername: other.adminUsername, adminStatus: "Block", updated_at: other.updated_at }, rootId),
      ]);
      // the first one through wins; the other is then the last (409) or no longer Active itself (403)
      expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
      expect(answers.map((a) => a.status).filter((s) => s !== 200)[0]).toBeOneOf([403, 409]);
      const active = await api.db
        .select({ id: adminUsers.adminUserId })
        .from(adminUsers)
        .where(and(eq(adminUsers.adminStatus, "Active"), sql`${adminUsers.adminAccessRoleSettings} @> '["*"]'::jsonb`));
      expect(active).toHaveLength(1);
      // put things back for the other tests: "admin" Active again if it was the one changed
      if (answers[0].status === 200) {
        await api.db.update(adminUsers).set({ adminStatus: "Active" }).where(eq(adminUsers.adminUserId, rootId));
        await api.db.update(adminUsers).set({ adminStatus: "Block" }).where(eq(adminUsers.adminUserId, other.adminUserId));
      }
    });
  });

  describe("who may grant what (issue 29)", () => {
    it("an admin holding only Admin Users cannot give themselves All Access or the Admin role, nor then touch admin", async () => {
      const me = await newAdmin({ adminAccessRoleSettings: ["AdminUsers"] });
      const all = await update(
        { adminUsername: me.adminUsername, adminAccessRoleSettings: ["*"], adminRole: "Admin", updated_at: me.updated_at },
        me.adminUserId,
      );
      expect(all.status).toBe(403);
      expect(all.body.message).toBe(ACCESS_RULE_MESSAGES.selfWiden);
      expect(errorsOf(all)).toEqual({ adminAccessRoleSettings: ACCESS_RULE_MESSAGES.selfWiden });
      const role = await update({ adminUsername: me.adminUsername, adminRole: "Admin", updated_at: me.updated_at }, me.adminUserId);
      expect(errorsOf(role)).toEqual({ adminRole: ACCESS_RULE_MESSAGES.selfWiden });
      const area = await update(
        { adminUsername: me.adminUsername, adminAccessRoleSettings: ["AdminUsers", "Payment"], updated_at: me.updated_at },
        me.adminUserId,
      );
      expect(area.status).toBe(403);
      expect(await byId(me.adminUserId)).toEqual(me);
      expect((await auditOf(me.adminUserId)).map((e) => e.action)).toEqual(["create"]);
      // narrowing their own role is theirs to do
      expect(
        (await update({ adminUsername: me.adminUsername, adminRole: "Technical", updated_at: me.updated_at }, me.adminUserId)).status,
      ).toBe(200);
    });

    it("only an admin with All Access grants All Access or the Admin role; an admin grants only areas they hold", async () => {
      const manager = await newAdmin({ adminAccessRoleSettings: ["AdminUsers", "Bookings"] });
      const created = await register(fields({ adminAccessRoleSettings: ["*"], adminStatus: "Inactive" }), manager.adminUserId);
      expect(created.status).toBe(403);
      expect(errorsOf(created)).toEqual({ adminAccessRoleSettings: ACCESS_RULE_MESSAGES.allAccessGrants });
      expect(errorsOf(await register(fields({ adminRole: "Admin", adminAccessRoleSettings: ["Bookings"] }), manager.adminUserId))).toEqual({
        adminRole: ACCESS_RULE_MESSAGES.allAccessGrants,
      });
      const payments = await register(fields({ adminAccessRoleSettings: ["Bookings", "Payment", "Settings"] }), manager.adminUserId);
      expect(payments.status).toBe(403);
      expect(payments.body.message).toBe(ACCESS_RULE_MESSAGES.areasNotHeld(["Settings", "Payments"]));
      // what they hold themselves (and Dashboard only) they may give
      const ok = await register(fields({ adminAccessRoleSettings: ["Bookings", "AdminUsers"] }), manager.adminUserId);
      expect(ok.status, ok.text).toBe(201);

      const target = await newAdmin({ adminAccessRoleSettings: ["Contacts"] });
      const widen = await update(
        { adminUsername: target.adminUsername, adminAccessRoleSettings: ["Contacts", "Payment"], updated_at: target.updated_at },
        manager.adminUserId,
      );
      expect(widen.status).toBe(403);
      expect(errorsOf(widen)).toEqual({ adminAccessRoleSettings: ACCESS_RULE_MESSAGES.areasNotHeld(["Payments"]) });
      // keeping an area they do not hold, or taking it away, is no grant
      const kept = await update(
        {
          adminUsername: target.adminUsername,
          adminAccessRoleSettings: ["Contacts", "Bookings"],
          adminEmail: `kept-${suffix()}@example.com`,
          updated_at: target.updated_at,
        },
        manager.adminUserId,
      );
      expect(kept.status, kept.text).toBe(200);

      // making a Blocked admin Active grants what they hold
      const blocked = await newAdmin({ adminAccessRoleSettings: ["Payment"], adminStatus: "Block" });
      const activated = await update(
        { adminUsername: blocked.adminUsername, adminStatus: "Active", updated_at: blocked.updated_at },
        manager.adminUserId,
      );
      expect(activated.status).toBe(403);
      expect(errorsOf(activated)).toEqual({ adminStatus: ACCESS_RULE_MESSAGES.areasNotHeld(["Payments"]) });
      expect((await update({ adminUsername: blocked.adminUsername, adminStatus: "Active", updated_at: blocked.updated_at })).status).toBe(
        200,
      );
    });

    it("needs Admin Users access to change admin users at all", async () => {
      const support = await newAdmin({ adminAccessRoleSettings: ["User", "Bookings"] });
      const target = await newAdmin({ adminAccessRoleSettings: ["Bookings"] });
      expect(
        (await update({ adminUsername: target.adminUsername, adminRole: "Technical", updated_at: target.updated_at }, support.adminUserId))
          .body.message,
      ).toBe(ACCESS_RULE_MESSAGES.needsAdminUsers);
      expect((await register(fields({ adminAccessRoleSettings: ["Bookings"] }), support.adminUserId)).status).toBe(403);
      expect((await remove(target.adminUserId, support.adminUserId)).status).toBe(403);
      expect(await byId(target.adminUserId)).toEqual(target);
    });

    it("a revert obeys the rule: a demoted admin cannot revert their own demotion", async () => {
      const me = await newAdmin({ adminAccessRoleSettings: ["AdminUsers", "Payment"] });
      const demoted = parsed(
        DataAdmin,
        (await update({ adminUsername: me.adminUsername, adminAccessRoleSettings: ["AdminUsers"], updated_at: me.updated_at })).body,
      ).data;
      const entry = (await auditOf(me.adminUserId)).at(-1)!;
      const revert = await call(api, "POST", `/audit-entries/${entry.id}/revert`, { actingAdmin: me.adminUserId });
      expect(revert.status).toBe(403);
      expect(revert.body.message).toBe(REVERT_ACCESS_MESSAGES.own);
      expect(await byId(me.adminUserId)).toEqual(demoted);
      // an admin with All Access may revert it
      expect((await call(api, "POST", `/audit-entries/${entry.id}/revert`, { actingAdmin: rootId })).status).toBe(200);
      expect((await byId(me.adminUserId)).adminAccessRoleSettings).toEqual(["AdminUsers", "Payment"]);
    });
  });

  describe("Dashboard-only admins (no area)", () => {
    it("are created, edited and blocked like any other", async () => {
      const viewer = await newAdmin({ adminAccessRoleSettings: [] });
      expect(viewer.adminAccessRoleSettings).toEqual([]);
      const blocked = await update({
        adminUsername: viewer.adminUsername,
        adminStatus: "Block",
        adminAccessRoleSettings: [],
        updated_at: viewer.updated_at,
      });
      expect(blocked.status, blocked.text).toBe(200);
      expect(parsed(DataAdmin, blocked.body).data).toMatchObject({ adminStatus: "Block", adminAccessRoleSettings: [] });
      // the demo "viewer" too
      const demo = parsed(DataAdmin, (await login("viewer", DEMO_ADMINS.viewer.password)).body).data;
      const email = await update({
        adminUsername: "viewer",
        adminEmail: demo.adminEmail,
        adminStatus: "Active",
        adminAccessRoleSettings: [],
        adminRole: "Support",
        updated_at: demo.updated_at,
      });
      expect(email.status, email.text).toBe(200);
      // an area can be taken away down to none
      const some = await newAdmin({ adminAccessRoleSettings: ["Bookings"] });
      expect(
        parsed(
          DataAdmin,
          (await update({ adminUsername: some.adminUsername, adminAccessRoleSettings: [], updated_at: some.updated_at })).body,
        ).data.adminAccessRoleSettings,
      ).toEqual([]);
    });
  });

  describe("setting another admin's password", () => {
    it("is for an admin with All Access, never for one's own (that is the Profile page)", async () => {
      const manager = await newAdmin({ adminAccessRoleSettings: ["AdminUsers", "Bookings", "Contacts"] });
      const target = await newAdmin();
      const refused = await update(
        { adminUsername: target.adminUsername, adminPassword: "Forgot-it-2026", updated_at: target.updated_at },
        manager.adminUserId,
      );
      expect(refused.status).toBe(403);
      expect(errorsOf(refused)).toEqual({ adminPassword: ACCESS_RULE_MESSAGES.passwordNeedsAllAccess });
      expect((await login(target.adminUsername, PASSWORD)).status).toBe(200);
      const root = await byId(rootId);
      const own = await update({ adminUsername: "admin", adminPassword: "Root-new-pass-1", updated_at: root.updated_at });
      expect(own.status).toBe(403);
      expect(errorsOf(own)).toEqual({ adminPassword: ACCESS_RULE_MESSAGES.ownPassword });
      expect((await login("admin", DEMO_ADMINS.admin.password)).status).toBe(200);

      const token = await openSession(target.adminUserId);
      const set = await update({ adminUsername: target.adminUsername, adminPassword: "Forgot-it-2026", updated_at: target.updated_at });
      expect(set.status).toBe(200);
      expect(set.text).not.toContain("Forgot-it-2026");
      expect(await resolves(token)).toBe(false);
      expect((await login(target.adminUsername, "Forgot-it-2026")).status).toBe(200);
      expect(JSON.stringify(await auditOf(target.adminUserId))).not.toMatch(/Forgot-it-2026|argon2/);
      const weak = await update({
        adminUsername: target.adminUsername,
        adminPassword: "weakpass",
        updated_at: parsed(DataAdmin, set.body).data.updated_at,
      });
      expect(weak.body.errors.adminPassword).toBe(PASSWORD_TOO_SHORT);
    });
  });

  describe("admin emails", () => {
    it("are unique in any case: a second one is refused naming the admin user who has it, on create and edit", async () => {
      const first = await newAdmin({ adminEmail: `Unique.${suffix()}@Example.com` });
      const created = await register(fields({ adminEmail: first.adminEmail.toLowerCase() }));
      expect(created.status).toBe(400);
      expect(created.body.errors).toEqual({ adminEmail: emailTaken(first.adminUsername) });
      const other = await newAdmin();
      const edited = await update({
        adminUsername: other.adminUsername,
        adminEmail: first.adminEmail.toUpperCase(),
        updated_at: other.updated_at,
      });
      expect(edited.status).toBe(400);
      expect(edited.body.errors).toEqual({ adminEmail: emailTaken(first.adminUsername) });
      expect((await byId(other.adminUserId)).adminEmail).toBe(other.adminEmail);
      // their own email in another case is theirs
      expect(
        (await update({ adminUsername: first.adminUsername, adminEmail: first.adminEmail.toLowerCase(), updated_at: first.updated_at }))
          .status,
      ).toBe(200);
      const rootEmail = (await byId(rootId)).adminEmail;
      expect((await register(fields({ adminEmail: rootEmail.toUpperCase() }))).body.errors).toEqual({ adminEmail: emailTaken("admin") });
    });
  });

  describe("passwords of databases made before argon2", () => {
    it("signs in with an old scrypt hash and re-hashes it to argon2id, keeping the admin's sessions and version", async () => {
      const username = `legacy-${suffix()}`;
      const [row] = await api.db
        .insert(adminUsers)
        .values({
          adminUsername: username,
          adminPassword: await hashPasswordScrypt("Legacy@12345"),
          adminEmail: `${username}@example.com`,
          adminAccessRoleSettings: ["Category"],
        })
        .returning();
      const token = await openSession(row.adminUserId);

      expect((await login(username, "Legacy@99999")).status).toBe(401);
      expect(await storedHash(row.adminUserId)).toMatch(/^scrypt\$/);

      const answer = await login(username, "Legacy@12345");
      expect(answer.status, answer.text).toBe(200);
      expect(answer.text).not.toMatch(/adminPassword|scrypt|argon2/);
      const rehashed = await storedHash(row.adminUserId);
      expect(rehashed).toMatch(/^\$argon2id\$/);
      expect(await resolves(token)).toBe(true);
      expect((await byId(row.adminUserId)).updated_at).toBe(row.updated_at.toISOString());
      expect((await login(username, "Legacy@12345")).status).toBe(200);
      expect(await storedHash(row.adminUserId)).toBe(rehashed);
    });

    it("still signs the demo admins in with their documented passwords", async () => {
      for (const [name, account] of Object.entries(DEMO_ADMINS)) {
        const answer = await login(name, account.password);
        expect(answer.status, name).toBe(200);
        expect(await storedHash(answer.body.data.adminUserId)).toMatch(/^\$argon2id\$/);
      }
    });
  });
});
