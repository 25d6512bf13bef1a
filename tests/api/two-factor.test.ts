/**
 * Two-factor sign-in (issue 36; api/src/lib/two-factor.ts, api/src/routes/two-factor/): an admin's
 * and a provider's own setup (enrolment, recovery codes, turning it off), the sign-in's second step
 * (the challenge between the right password and the session, counted in the sign-in limits), the
 * policy that requires it of admins who move money or change access, and an All Access admin's reset.
 * The codes are computed here from the secret the API answers, as an authenticator app does.
 */
import { and, eq } from "drizzle-orm";
import { generate } from "otplib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { ACTING_PROVIDER_HEADER, CLIENT_ADDRESS_HEADER } from "~contract/api";
import { CreatedAdminSession } from "~contract/admin-sessions";
import { AdminUser } from "~contract/admin-users";
import { CreatedProviderSession } from "~contract/provider-auth";
import {
  PendingEnrolment,
  RecoveryCodes,
  SecondFactorChallenge,
  TWO_FACTOR_MESSAGES as M,
  TwoFactorPolicy,
  TwoFactorStatus,
  VerifiedChallenge,
  normalizeCode,
} from "~contract/two-factor";
import { adminUsers, auditLog, serviceProviders, twoFactorCredentials, twoFactorRecoveryCodes, users } from "../../api/src/db/schema";
import { hashPassword } from "../../api/src/lib/password";
import { describeEachDriver, startTestApi, type TestApi } from "../support/api-server";
import { call, get, parsed, type Answer } from "./helpers";

const HOUR = 3600;
const PASSWORD = "Secret@12345";
/** TOTP as the API reads it: 30-second steps */
const PERIOD = 30;
const ALL_ACCESS = ["*"];

const Data = <T extends z.ZodTypeAny>(schema: T) => z.object({ data: schema });
const LoginAnswer = z.object({ data: AdminUser, second_factor: SecondFactorChallenge.optional() });
const tagged = (name: string) => `${name}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// --- the authenticator app ---

/**
 * The current time step, after waiting out the step's last seconds: a test's calls then all fall in
 * the step it computed its codes for (the API accepts ±1 step around its own clock).
 */
async function steadyStep(marginSeconds = 5): Promise<number> {
  const into = (Date.now() / 1000) % PERIOD;
  if (into > PERIOD - marginSeconds) await sleep((PERIOD - into) * 1000 + 100);
  return Math.floor(Date.now() / 1000 / PERIOD);
}

/** The app's code for a time step. */
const codeAt = (secret: string, step: number) => generate({ secret, epoch: step * PERIOD + 1 });

/** Six digits that are none of the codes of the five steps around `step` (so surely wrong). */
async function wrongCode(secret: string, step: number): Promise<string> {
  const near = new Set(await Promise.all([-2, -1, 0, 1, 2].map((offset) => codeAt(secret, step + offset))));
  for (let n = 123_456; ; n = (n + 111_111) % 1_000_000) {
    const code = String(n).padStart(6, "0");
    if (!near.has(code)) return code;
  }
}

// --- records of the test's own ---

async function newAdmin(api: TestApi, access: string[], name = "tfa") {
  const [row] = await api.db
    .insert(adminUsers)
    .values({
      adminUsername: tagged(name),
      adminPassword: await hashPassword(PASSWORD),
      adminEmail: `${tagged(name)}@example.com`,
      adminRole: access.includes("*") ? "Admin" : "Support",
      adminAccessRoleSettings: access,
    })
    .returning();
  return { id: row.adminUserId, username: row.adminUsername };
}

async function newProvider(api: TestApi) {
  const username = tagged("prov");
  const [user] = await api.db
    .insert(users)
    .values({ username, firstName: "Priya", lastName: "Rao", email: `${username}@example.in`, password_hash: await hashPassword(PASSWORD) })
    .returning({ id: users.id });
  const [provider] = await api.db
    .insert(serviceProviders)
    .values({ user_id: user.id, stage: "Partial" })
    .returning({ id: serviceProviders.serviceProvider_id });
  return { id: provider.id, username };
}

// --- the calls, as the admin's and the provider portal's servers make them ---

const SESSION = { user_agent: "Mozilla/5.0 test", idle_seconds: 12 * HOUR, absolute_seconds: 7 * 24 * HOUR };

const login = (api: TestApi, username: string, address: string, password = PASSWORD) =>
  call(api, "POST", "/login-admin-user", {
    body: { username, password },
    actingAdmin: null,
    headers: { [CLIENT_ADDRESS_HEADER]: address },
  });

/** The right password: the challenge the sign-in answers (failing the test if there is none). */
async function challengeOf(api: TestApi, username: string, address: string) {
  const answer = await login(api, username, address);
  expect(answer.status, answer.text).toBe(200);
  const challenge = parsed(LoginAnswer, answer.body).second_factor;
  if (!challenge) return expect.fail(`no second_factor for ${username}: ${answer.text}`);
  return challenge;
}

const verify = (api: TestApi, challenge_token: string, code: string, address?: string) =>
  call(api, "POST", "/sign-in-challenges/verify", {
    body: { challenge_token, code },
    actingAdmin: null,
    headers: address ? { [CLIENT_ADDRESS_HEADER]: address } : {},
  });

const openSession = (api: TestApi, adminUserId: number, challenge_token?: string) =>
  call(api, "POST", "/admin-sessions", {
    body: { adminUserId, address: "127.0.0.9", ...SESSION, ...(challenge_token ? { challenge_token } : {}) },
    actingAdmin: null,
  });

const resolveSession = (api: TestApi, token: string) =>
  call(api, "POST", "/admin-sessions/resolve", { body: { token }, actingAdmin: null });

const adminStatus = async (api: TestApi, adminUserId: number) => {
  const answer = await get(api, "/admin-two-factor", { query: { adminUserId } });
  expect(answer.status, answer.text).toBe(200);
  return parsed(Data(TwoFactorStatus), answer.body).data;
};

/** Sets an admin's two-factor up on their Profile, confirming with the code of `confirmStep`. */
async function enrolAdmin(api: TestApi, adminUserId: number, confirmStep: number) {
  const started = await call(api, "POST", "/admin-two-factor/enrolment", { body: { adminUserId }, actingAdmin: adminUserId });
  expect(started.status, started.text).toBe(200);
  const { secret } = parsed(Data(PendingEnrolment), started.body).data;
  const confirmed = await call(api, "POST", "/admin-two-factor/enrolment/confirm", {
    body: { adminUserId, code: await codeAt(secret, confirmStep) },
    actingAdmin: adminUserId,
  });
  expect(confirmed.status, confirmed.text).toBe(200);
  return { secret, recoveryCodes: parsed(Data(RecoveryCodes), confirmed.body).data.recovery_codes };
}

/** The audit entries about one record, oldest first. */
const auditOf = (api: TestApi, entity: string, entityId: number) =>
  api.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, entity), eq(auditLog.entity_id, String(entityId))))
    .orderBy(auditLog.id);

/** Whether any of these secrets or codes shows in a text (recovery codes also as compared: no dash). */
const leaks = (text: string, secrets: string[]) => secrets.filter((s) => text.includes(s) || text.includes(normalizeCode(s)));

/** A raw call, for the Retry-After header the JSON helpers do not answer. */
async function rawVerify(api: TestApi, challenge_token: string, code: string, address: string) {
  const response = await fetch(new URL("/sign-in-challenges/verify", api.url), {
    method: "POST",
    headers: { [api.apiKeyHeader]: api.apiKey, "content-type": "application/json", [CLIENT_ADDRESS_HEADER]: address },
    body: JSON.stringify({ challenge_token, code }),
  });
  return { status: response.status, retryAfter: Number(response.headers.get("retry-after")), body: await response.json() };
}

const expectStatus = (answer: Answer, status: number, what?: string) => expect(answer.status, `${what ?? ""} ${answer.text}`).toBe(status);

describeEachDriver("two-factor sign-in of admins", (driver) => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi({ driver });
  });
  afterAll(() => api?.close());

  describe("setting it up on the Profile", () => {
    it("answers one's own setup (the same secret on a repeat), never another admin's", async () => {
      const me = await newAdmin(api, ["Category"]);
      const first = await call(api, "POST", "/admin-two-factor/enrolment", { body: { adminUserId: me.id }, actingAdmin: me.id });
      expectStatus(first, 200);
      const pending = parsed(Data(PendingEnrolment), first.body).data;
      expect(pending.secret).toMatch(/^[A-Z2-7]{16,}$/);
      expect(pending).toMatchObject({ account: me.username, issuer: "Marketplace Admin" });
      expect(pending.otpauth_uri).toMatch(/^otpauth:\/\/totp\//);
      expect(pending.otpauth_uri).toContain(`secret=${pending.secret}`);
      const again = await call(api, "POST", "/admin-two-factor/enrolment", { body: { adminUserId: me.id }, actingAdmin: me.id });
      expect(parsed(Data(PendingEnrolment), again.body).data.secret).toBe(pending.secret);
      // the demo admin (All Access) acting for someone else
      const other = await call(api, "POST", "/admin-two-factor/enrolment", { body: { adminUserId: me.id }, actingAdmin: 1 });
      expectStatus(other, 403);
      expect(other.text).not.toContain(pending.secret);
      expect(await adminStatus(api, me.id)).toEqual({ enabled: false, enabled_at: null, recovery_codes_left: 0, required: false });
    });

    it("a wrong code leaves it off; the right one turns it on with ten recovery codes, audited without the secret or codes", async () => {
      const me = await newAdmin(api, ["Category"]);
      const started = await call(api, "POST", "/admin-two-factor/enrolment", { body: { adminUserId: me.id }, actingAdmin: me.id });
      const { secret } = parsed(Data(PendingEnrolment), started.body).data;
      const step = await steadyStep();
      const confirm = async (code: string, actingAdmin = me.id) =>
        call(api, "POST", "/admin-two-factor/enrolment/confirm", { body: { adminUserId: me.id, code }, actingAdmin });

      const wrong = await confirm(await wrongCode(secret, step));
      expectStatus(wrong, 400);
      expect(wrong.body.errors.code).toBe(M.enrolCodeInvalid);
      expect((await adminStatus(api, me.id)).enabled).toBe(false);
      expectStatus(await confirm(await codeAt(secret, step), 1), 403, "another admin confirming");

      const right = await confirm(await codeAt(secret, step));
      expectStatus(right, 200);
      const codes = parsed(Data(RecoveryCodes), right.body).data.recovery_codes;
      expect(codes).toHaveLength(10);
      expect(new Set(codes).size).toBe(10);
      for (const code of codes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
      const status = await adminStatus(api, me.id);
      expect(status).toMatchObject({ enabled: true, recovery_codes_left: 10, required: false });
      expect(Date.now() - Date.parse(status.enabled_at!)).toBeLessThan(60_000);
      // on already: no second setup
      expectStatus(await call(api, "POST", "/admin-two-factor/enrolment", { body: { adminUserId: me.id }, actingAdmin: me.id }), 409);

      const entries = await auditOf(api, "admin_two_factor", me.id);
      expect(entries).toHaveLength(1);
      expect(entries[0]).toMatchObject({
        admin_user_id: me.id,
        action: "update",
        before: { two_factor: "Off" },
        after: { two_factor: "On" },
      });
      expect(leaks(JSON.stringify(await api.db.select().from(auditLog)), [secret, ...codes])).toEqual([]);
      const list = await get(api, "/audit-log", { query: { limit: 100 } });
      expect(list.text).toContain("admin_two_factor");
      expect(leaks(list.text, [secret, ...codes])).toEqual([]);
    });

    it("keeps the secret encrypted and only keyed hashes of the recovery codes", async () => {
      const me = await newAdmin(api, ["Category"]);
      const started = await call(api, "POST", "/admin-two-factor/enrolment", { body: { adminUserId: me.id }, actingAdmin: me.id });
      const pendingSecret = parsed(Data(PendingEnrolment), started.body).data.secret;
      const credential = () =>
        api.db
          .select()
          .from(twoFactorCredentials)
          .where(and(eq(twoFactorCredentials.portal, "admin"), eq(twoFactorCredentials.accountId, me.id)))
          .then((rows) => rows[0]);
      const pending = await credential();
      expect(pending.pendingSecret).toBeTruthy();
      expect(pending.pendingSecret).not.toContain(pendingSecret);
      expect(pending.secret).toBeNull();

      const { secret, recoveryCodes } = await enrolAdmin(api, me.id, await steadyStep());
      expect(secret).toBe(pendingSecret);
      const stored = await credential();
      expect(stored.secret).toBeTruthy();
      expect(stored.secret).not.toContain(secret);
      expect(stored.secret).not.toContain(secret.toLowerCase());
      expect(stored.pendingSecret).toBeNull();
      const hashes = await api.db.select().from(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.credentialId, stored.id));
      expect(hashes).toHaveLength(10);
      const text = JSON.stringify({ stored, hashes });
      expect(leaks(text, [secret, ...recoveryCodes])).toEqual([]);
      for (const row of hashes) expect(row.codeHash).toMatch(/^[0-9a-f]{64}$/);
    });
  });

  describe("signing in with a code", () => {
    it("answers a code step after the right password; the session opens only once the right code passed", async () => {
      const me = await newAdmin(api, ["Category"]);
      const step = await steadyStep();
      const { secret } = await enrolAdmin(api, me.id, step - 1);
      const answer = await login(api, me.username, "10.9.0.1");
      expectStatus(answer, 200);
      const { data: admin, second_factor } = parsed(LoginAnswer, answer.body);
      expect(admin.adminUserId).toBe(me.id);
      expect(second_factor?.step).toBe("code");
      const token = second_factor!.challenge_token;
      const expiresIn = Date.parse(second_factor!.expires_at) - Date.now();
      expect(expiresIn).toBeGreaterThan(9 * 60_000);
      expect(expiresIn).toBeLessThanOrEqual(10 * 60_000);

      const noChallenge = await openSession(api, me.id);
      expectStatus(noChallenge, 403, "no challenge");
      expect(noChallenge.body.message).toBe(M.sessionNeedsSecondFactor);
      expectStatus(await openSession(api, me.id, token), 403, "a challenge not passed yet");

      const wrong = await verify(api, token, await wrongCode(secret, step), "10.9.0.1");
      expectStatus(wrong, 401);
      expect(wrong.body.message).toBe(M.codeInvalid);
      const right = await verify(api, token, await codeAt(secret, step), "10.9.0.1");
      expectStatus(right, 200);
      expect(parsed(Data(VerifiedChallenge), right.body).data).toEqual({ used_recovery_code: false, recovery_codes_left: 10 });

      // the passed challenge is this admin's only: another enrolled admin's session does not open with it
      const other = await newAdmin(api, ["Category"]);
      await enrolAdmin(api, other.id, step - 1);
      expectStatus(await openSession(api, other.id, token), 403, "someone else's challenge");

      const opened = await openSession(api, me.id, token);
      expectStatus(opened, 201);
      const session = parsed(Data(CreatedAdminSession), opened.body).data;
      expectStatus(await resolveSession(api, session.token), 200);
    });

    it("accepts each code once: the same code at a new sign-in is refused, and so is an earlier one", async () => {
      const me = await newAdmin(api, ["Category"]);
      const step = await steadyStep();
      const { secret } = await enrolAdmin(api, me.id, step - 1);
      const first = await challengeOf(api, me.username, "10.9.0.2");
      expectStatus(await verify(api, first.challenge_token, await codeAt(secret, step), "10.9.0.2"), 200);

      const second = await challengeOf(api, me.username, "10.9.0.2");
      expectStatus(await verify(api, second.challenge_token, await codeAt(secret, step), "10.9.0.2"), 401, "the same code again");
      expectStatus(await verify(api, second.challenge_token, await codeAt(secret, step - 1), "10.9.0.2"), 401, "the enrolment's code");
      expectStatus(await verify(api, second.challenge_token, await codeAt(secret, step + 1), "10.9.0.2"), 200, "the next step's code");
      expectStatus(await openSession(api, me.id, second.challenge_token), 201);
    });

    it("accepts a code one step either side of now, and refuses one two steps away", async () => {
      const me = await newAdmin(api, ["Category"]);
      const started = await call(api, "POST", "/admin-two-factor/enrolment", { body: { adminUserId: me.id }, actingAdmin: me.id });
      const { secret } = parsed(Data(PendingEnrolment), started.body).data;
      const step = await steadyStep();
      const confirm = async (offset: number) =>
        call(api, "POST", "/admin-two-factor/enrolment/confirm", {
          body: { adminUserId: me.id, code: await codeAt(secret, step + offset) },
          actingAdmin: me.id,
        });
      expectStatus(await confirm(-2), 400, "two steps ago");
      expectStatus(await confirm(+2), 400, "two steps ahead");
      expectStatus(await confirm(-1), 200, "one step ago");

      const challenge = await challengeOf(api, me.username, "10.9.0.3");
      expectStatus(await verify(api, challenge.challenge_token, await codeAt(secret, step + 2), "10.9.0.3"), 401, "two steps ahead");
      expectStatus(await verify(api, challenge.challenge_token, await codeAt(secret, step + 1), "10.9.0.3"), 200, "one step ahead");
    });

    it("signs in once with a recovery code (nine left, audited); the same recovery code is refused after", async () => {
      const me = await newAdmin(api, ["Category"]);
      const { recoveryCodes } = await enrolAdmin(api, me.id, await steadyStep());
      const first = await challengeOf(api, me.username, "10.9.0.4");
      const used = await verify(api, first.challenge_token, recoveryCodes[3], "10.9.0.4");
      expectStatus(used, 200);
      expect(parsed(Data(VerifiedChallenge), used.body).data).toEqual({ used_recovery_code: true, recovery_codes_left: 9 });
      expectStatus(await openSession(api, me.id, first.challenge_token), 201);
      expect((await adminStatus(api, me.id)).recovery_codes_left).toBe(9);

      const second = await challengeOf(api, me.username, "10.9.0.4");
      expectStatus(await verify(api, second.challenge_token, recoveryCodes[3], "10.9.0.4"), 401, "a used recovery code");
      // another one, typed in capitals and without its dash, still works
      const other = await verify(api, second.challenge_token, recoveryCodes[4].toUpperCase().replace("-", ""), "10.9.0.4");
      expect(parsed(Data(VerifiedChallenge), other.body).data).toEqual({ used_recovery_code: true, recovery_codes_left: 8 });

      const entries = await auditOf(api, "admin_two_factor", me.id);
      expect(entries.map((entry) => entry.after)).toEqual([
        { two_factor: "On" },
        { recovery_code: "Used at sign-in", recovery_codes_left: 9 },
        { recovery_code: "Used at sign-in", recovery_codes_left: 8 },
      ]);
      expect(leaks(JSON.stringify(entries), recoveryCodes)).toEqual([]);
    });

    it("a challenge allows five wrong codes, then the sign-in must start over", async () => {
      const me = await newAdmin(api, ["Category"]);
      const step = await steadyStep();
      const { secret } = await enrolAdmin(api, me.id, step - 1);
      const challenge = await challengeOf(api, me.username, "10.9.0.5");
      const bad = await wrongCode(secret, step);
      for (let attempt = 1; attempt <= 4; attempt++) {
        expectStatus(await verify(api, challenge.challenge_token, bad, "10.9.0.5"), 401, `wrong code ${attempt}`);
      }
      const fifth = await verify(api, challenge.challenge_token, bad, "10.9.0.5");
      expectStatus(fifth, 410);
      expect(fifth.body.message).toBe(M.tooManyCodes);
      const late = await verify(api, challenge.challenge_token, await codeAt(secret, step), "10.9.0.5");
      expectStatus(late, 410, "the right code on a spent challenge");
      expect(late.body.message).toBe(M.challengeExpired);
      expectStatus(await openSession(api, me.id, challenge.challenge_token), 403);
      // a new sign-in (5 failures are below the pair's 10) goes through with the right code
      const again = await challengeOf(api, me.username, "10.9.0.5");
      expectStatus(await verify(api, again.challenge_token, await codeAt(secret, step), "10.9.0.5"), 200);
    });
  });

  describe("recovery codes and turning it off", () => {
    it("new recovery codes (after a code): the old ones stop working, the new ones work", async () => {
      const me = await newAdmin(api, ["Category"]);
      const step = await steadyStep();
      const { secret, recoveryCodes: old } = await enrolAdmin(api, me.id, step - 1);
      const renew = async (code: string) =>
        call(api, "POST", "/admin-two-factor/recovery-codes", { body: { adminUserId: me.id, code }, actingAdmin: me.id });
      const refused = await renew(await wrongCode(secret, step));
      expectStatus(refused, 400);
      expect(refused.body.errors.code).toBe(M.codeInvalid);
      const renewed = await renew(await codeAt(secret, step));
      expectStatus(renewed, 200);
      const fresh = parsed(Data(RecoveryCodes), renewed.body).data.recovery_codes;
      expect(fresh).toHaveLength(10);
      expect(fresh.filter((code) => old.includes(code))).toEqual([]);
      expect((await adminStatus(api, me.id)).recovery_codes_left).toBe(10);

      const challenge = await challengeOf(api, me.username, "10.9.0.6");
      expectStatus(await verify(api, challenge.challenge_token, old[0], "10.9.0.6"), 401, "an old recovery code");
      expectStatus(await verify(api, challenge.challenge_token, fresh[0], "10.9.0.6"), 200, "a new recovery code");
      const entries = await auditOf(api, "admin_two_factor", me.id);
      expect(entries.map((entry) => entry.after)).toContainEqual({ recovery_codes: "Renewed" });
      expect(leaks(JSON.stringify(entries), [secret, ...old, ...fresh])).toEqual([]);
    });

    it("turning it off needs the password and a code; then the password alone signs in", async () => {
      const me = await newAdmin(api, ["Category"]);
      const step = await steadyStep();
      const { secret } = await enrolAdmin(api, me.id, step - 1);
      const disable = (password: string, code: string, actingAdmin = me.id) =>
        call(api, "POST", "/admin-two-factor/disable", { body: { adminUserId: me.id, password, code }, actingAdmin });
      const right = await codeAt(secret, step);

      const badPassword = await disable("Wrong@12345", right);
      expectStatus(badPassword, 400);
      expect(badPassword.body.errors.password).toBe(M.passwordWrong);
      const badCode = await disable(PASSWORD, await wrongCode(secret, step));
      expectStatus(badCode, 400);
      expect(badCode.body.errors.code).toBe(M.codeInvalid);
      expectStatus(await disable(PASSWORD, right, 1), 403, "another admin");
      expect((await adminStatus(api, me.id)).enabled).toBe(true);

      const off = await disable(PASSWORD, right);
      expectStatus(off, 200);
      expect(parsed(Data(TwoFactorStatus), off.body).data.enabled).toBe(false);
      expect(await adminStatus(api, me.id)).toEqual({ enabled: false, enabled_at: null, recovery_codes_left: 0, required: false });
      expectStatus(await disable(PASSWORD, right), 409, "already off");

      const signIn = await login(api, me.username, "10.9.0.7");
      expect(parsed(LoginAnswer, signIn.body).second_factor).toBeUndefined();
      expectStatus(await openSession(api, me.id), 201);
      const entries = await auditOf(api, "admin_two_factor", me.id);
      expect(entries.at(-1)).toMatchObject({ admin_user_id: me.id, before: { two_factor: "On" }, after: { two_factor: "Off" } });
    });
  });

  describe("reset by an All Access admin", () => {
    it("only All Access, never one's own; the admin's sessions end, two-factor is off, audited", async () => {
      const target = await newAdmin(api, ["Category"]);
      const step = await steadyStep();
      const { secret } = await enrolAdmin(api, target.id, step - 1);
      const challenge = await challengeOf(api, target.username, "10.9.0.8");
      expectStatus(await verify(api, challenge.challenge_token, await codeAt(secret, step), "10.9.0.8"), 200);
      const session = parsed(Data(CreatedAdminSession), (await openSession(api, target.id, challenge.challenge_token)).body).data;

      const reset = (adminUserId: number, actingAdmin: number) =>
        call(api, "POST", "/admin-two-factor/reset", { body: { adminUserId }, actingAdmin });
      const helper = await newAdmin(api, ["Category", "AdminUsers"]);
      const notAllowed = await reset(target.id, helper.id);
      expectStatus(notAllowed, 403);
      expect(notAllowed.body.message).toBe(M.resetNeedsAllAccess);
      const own = await reset(1, 1);
      expectStatus(own, 409);
      expect(own.body.message).toBe(M.resetOwn);
      expectStatus(await reset(999_999, 1), 404);
      expect((await adminStatus(api, target.id)).enabled).toBe(true);
      expectStatus(await resolveSession(api, session.token), 200);

      const done = await reset(target.id, 1);
      expectStatus(done, 200);
      expect(done.body.data).toEqual({ ended_sessions: 1 });
      expectStatus(await resolveSession(api, session.token), 404, "their session");
      expect((await adminStatus(api, target.id)).enabled).toBe(false);
      const entries = await auditOf(api, "admin_two_factor", target.id);
      expect(entries.at(-1)).toMatchObject({
        admin_user_id: 1,
        admin_username: "admin",
        before: { two_factor: "On" },
        after: { two_factor: "Off", reset_by: "admin", sessions_ended: 1 },
      });
      // their password alone signs them in again
      expect(parsed(LoginAnswer, (await login(api, target.username, "10.9.0.8")).body).second_factor).toBeUndefined();
    });
  });
});

describeEachDriver("two-factor codes in the sign-in limits", (driver) => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi({ driver, loginThrottle: { consecutiveFailures: 4 } });
  });
  afterAll(() => api?.close());

  it("wrong codes count as failed sign-ins of the username + address; a right password does not clear them", async () => {
    const me = await newAdmin(api, ["Category"]);
    const step = await steadyStep();
    const { secret } = await enrolAdmin(api, me.id, step - 1);
    const from = "203.0.113.40";
    const bad = await wrongCode(secret, step);
    const first = await challengeOf(api, me.username, from);
    expectStatus(await verify(api, first.challenge_token, bad, from), 401, "failure 1");
    // the right password again: a new challenge, the failure still counted
    const second = await challengeOf(api, me.username, from);
    expectStatus(await verify(api, second.challenge_token, bad, from), 401, "failure 2");
    expectStatus(await verify(api, second.challenge_token, bad, from), 401, "failure 3");
    const fourth = await verify(api, second.challenge_token, bad, from);
    expectStatus(fourth, 429, "failure 4 blocks the pair");
    expect(fourth.body.message).toMatch(/^Too many failed sign-in attempts/);
    expect(fourth.body.retry_after_seconds).toBeGreaterThan(14 * 60);

    // blocked: even the right code is not checked, and Retry-After says when to come back
    const blocked = await rawVerify(api, second.challenge_token, await codeAt(secret, step), from);
    expect(blocked.status).toBe(429);
    expect(blocked.retryAfter).toBeGreaterThan(14 * 60);
    expect(blocked.retryAfter).toBeLessThanOrEqual(15 * 60);
    expectStatus(await login(api, me.username, from), 429, "the password from that address");
    // from another address the admin signs in as usual
    const elsewhere = await challengeOf(api, me.username, "203.0.113.41");
    expectStatus(await verify(api, elsewhere.challenge_token, await codeAt(secret, step), "203.0.113.41"), 200);
  });

  it("only the right code clears the pair's failures", async () => {
    const me = await newAdmin(api, ["Category"]);
    const step = await steadyStep();
    const { secret } = await enrolAdmin(api, me.id, step - 1);
    const from = "203.0.113.42";
    const bad = await wrongCode(secret, step);
    const first = await challengeOf(api, me.username, from);
    for (let i = 1; i <= 3; i++) expectStatus(await verify(api, first.challenge_token, bad, from), 401, `failure ${i}`);
    expectStatus(await verify(api, first.challenge_token, await codeAt(secret, step), from), 200, "the right code");
    // counted from zero again: three more wrong codes are not yet the limit, the fourth is
    const second = await challengeOf(api, me.username, from);
    for (let i = 1; i <= 3; i++) expectStatus(await verify(api, second.challenge_token, bad, from), 401, `failure ${i} after`);
    expectStatus(await verify(api, second.challenge_token, bad, from), 429, "failure 4 after");
  });
});

describeEachDriver("the two-factor policy", (driver) => {
  let api: TestApi;
  /** an All Access admin with their own two-factor on (who may turn the policy on) */
  let owner: { id: number; username: string };
  /** the owner's unused recovery codes: they sign in with one whatever the time step */
  let ownerCodes: string[];
  beforeAll(async () => {
    api = await startTestApi({ driver });
    owner = await newAdmin(api, ALL_ACCESS, "owner");
    ownerCodes = (await enrolAdmin(api, owner.id, await steadyStep())).recoveryCodes;
  });
  afterAll(() => api?.close());

  const setPolicy = (require_two_factor: boolean, actingAdmin = owner.id) =>
    call(api, "PUT", "/two-factor-policy", { body: { require_two_factor }, actingAdmin });

  /** the owner's sign-in, passed with a recovery code: the challenge that opens their session */
  async function ownersPassedChallenge() {
    const challenge = await challengeOf(api, owner.username, "10.8.0.1");
    expectStatus(await verify(api, challenge.challenge_token, ownerCodes.shift()!, "10.8.0.1"), 200);
    return challenge.challenge_token;
  }

  /** an admin signed in (no second factor asked yet): their session's token */
  async function withSession(admin: { id: number }) {
    const opened = await openSession(api, admin.id);
    expectStatus(opened, 201);
    return parsed(Data(CreatedAdminSession), opened.body).data.token;
  }

  it("only an All Access admin with their own two-factor on turns it on; the sessions of those it now asks end", async () => {
    expectStatus(await setPolicy(false), 200);
    const payer = await newAdmin(api, ["Payment"], "payer");
    const cataloguer = await newAdmin(api, ["Category"], "cat");
    const payerSession = await withSession(payer);
    const catalogueSession = await withSession(cataloguer);
    const ownerSession = parsed(Data(CreatedAdminSession), (await openSession(api, owner.id, await ownersPassedChallenge())).body).data
      .token;

    const limited = await newAdmin(api, ["Payment", "AdminUsers"]);
    const byLimited = await setPolicy(true, limited.id);
    expectStatus(byLimited, 403);
    expect(byLimited.body.message).toBe(M.policyNeedsAllAccess);
    const unenrolled = await newAdmin(api, ALL_ACCESS);
    const byUnenrolled = await setPolicy(true, unenrolled.id);
    expectStatus(byUnenrolled, 409);
    expect(byUnenrolled.body.message).toBe(M.policyNeedsYours);
    expect(parsed(Data(TwoFactorPolicy), (await get(api, "/two-factor-policy")).body).data.require_two_factor).toBe(false);
    expectStatus(await resolveSession(api, payerSession), 200, "nothing changed yet");

    const on = await setPolicy(true);
    expectStatus(on, 200);
    expect(parsed(Data(TwoFactorPolicy), on.body).data).toMatchObject({ require_two_factor: true, updated_by: owner.username });
    expect(parsed(Data(TwoFactorPolicy), (await get(api, "/two-factor-policy")).body).data.require_two_factor).toBe(true);
    expectStatus(await resolveSession(api, payerSession), 404, "the Payment admin without two-factor");
    expectStatus(await resolveSession(api, catalogueSession), 200, "a Category admin");
    expectStatus(await resolveSession(api, ownerSession), 200, "an admin with two-factor on");
    const entries = await auditOf(api, "security_policy", 1);
    expect(entries.at(-1)).toMatchObject({
      admin_user_id: owner.id,
      before: { require_two_factor: false },
      after: { require_two_factor: true, sessions_ended: 1 },
    });
  });

  it("an admin it applies to sets two-factor up at sign-in, and the session opens with that challenge", async () => {
    expectStatus(await setPolicy(true), 200);
    const payer = await newAdmin(api, ["Payment"], "payer");
    const answer = await login(api, payer.username, "10.8.0.2");
    expectStatus(answer, 200);
    const challenge = parsed(LoginAnswer, answer.body).second_factor;
    expect(challenge?.step).toBe("enrol");
    const token = challenge!.challenge_token;
    expectStatus(await openSession(api, payer.id), 403, "no challenge");
    expectStatus(await openSession(api, payer.id, token), 403, "not set up yet");
    expectStatus(await verify(api, token, "123456", "10.8.0.2"), 409, "an enrol step takes no code");

    const setup = await call(api, "POST", "/sign-in-challenges/enrolment", { body: { challenge_token: token }, actingAdmin: null });
    expectStatus(setup, 200);
    const { secret, account } = parsed(Data(PendingEnrolment), setup.body).data;
    expect(account).toBe(payer.username);
    const again = await call(api, "POST", "/sign-in-challenges/enrolment", { body: { challenge_token: token }, actingAdmin: null });
    expect(parsed(Data(PendingEnrolment), again.body).data.secret).toBe(secret);

    const step = await steadyStep();
    const confirm = async (code: string) =>
      call(api, "POST", "/sign-in-challenges/enrolment/confirm", { body: { challenge_token: token, code }, actingAdmin: null });
    expectStatus(await confirm(await wrongCode(secret, step)), 400, "a wrong code");
    expect((await adminStatus(api, payer.id)).enabled).toBe(false);
    const confirmed = await confirm(await codeAt(secret, step - 1));
    expectStatus(confirmed, 200);
    const codes = parsed(Data(RecoveryCodes), confirmed.body).data.recovery_codes;
    expect(codes).toHaveLength(10);
    // a double click: no second set of codes
    expect(parsed(Data(RecoveryCodes), (await confirm(await codeAt(secret, step - 1))).body).data.recovery_codes).toEqual([]);

    const opened = await openSession(api, payer.id, token);
    expectStatus(opened, 201);
    expectStatus(await resolveSession(api, parsed(Data(CreatedAdminSession), opened.body).data.token), 200);
    expect(await adminStatus(api, payer.id)).toMatchObject({ enabled: true, recovery_codes_left: 10, required: true });
    const entries = await auditOf(api, "admin_two_factor", payer.id);
    expect(entries.map((entry) => entry.after)).toEqual([{ two_factor: "On", set_up: "At sign-in" }]);
    expect(leaks(JSON.stringify(entries), [secret, ...codes])).toEqual([]);

    // required: it cannot be turned off
    const disable = await call(api, "POST", "/admin-two-factor/disable", {
      body: { adminUserId: payer.id, password: PASSWORD, code: await codeAt(secret, step) },
      actingAdmin: payer.id,
    });
    expectStatus(disable, 409);
    expect(disable.body.message).toBe(M.requiredByPolicy);
    expect((await adminStatus(api, payer.id)).enabled).toBe(true);
    // the next sign-in asks for the code
    expect((await challengeOf(api, payer.username, "10.8.0.2")).step).toBe("code");
  });

  it("does not ask an admin with only Category access", async () => {
    expectStatus(await setPolicy(true), 200);
    const cataloguer = await newAdmin(api, ["Category"], "cat");
    const answer = await login(api, cataloguer.username, "10.8.0.3");
    expectStatus(answer, 200);
    expect(parsed(LoginAnswer, answer.body).second_factor).toBeUndefined();
    expectStatus(await openSession(api, cataloguer.id), 201);
    expect(await adminStatus(api, cataloguer.id)).toMatchObject({ enabled: false, required: false });
  });

  it("turned off, the admins it asked sign in with their password alone again", async () => {
    expectStatus(await setPolicy(true), 200);
    const banker = await newAdmin(api, ["BankDetails"], "bank");
    expect((await challengeOf(api, banker.username, "10.8.0.4")).step).toBe("enrol");
    const off = await setPolicy(false);
    expectStatus(off, 200);
    expect(parsed(Data(TwoFactorPolicy), off.body).data.require_two_factor).toBe(false);
    expect(parsed(LoginAnswer, (await login(api, banker.username, "10.8.0.4")).body).second_factor).toBeUndefined();
    expectStatus(await openSession(api, banker.id), 201);
  });
});

describeEachDriver("two-factor sign-in of providers", (driver) => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi({ driver });
  });
  afterAll(() => api?.close());

  const asProvider = (id: number) => ({ actingAdmin: null, headers: { [ACTING_PROVIDER_HEADER]: String(id) } });
  const signIn = (username: string, address: string) =>
    call(api, "POST", "/provider-sessions/sign-in", { body: { username, password: PASSWORD, address, ...SESSION }, actingAdmin: null });
  const completeSignIn = (challenge_token: string) =>
    call(api, "POST", "/provider-sessions/complete-sign-in", {
      body: { challenge_token, address: "198.51.100.30", ...SESSION },
      actingAdmin: null,
    });

  it("a provider sets it up for themself only, and then signs in with a code", async () => {
    const me = await newProvider(api);
    const someone = await newProvider(api);
    const enrol = (acting: number) =>
      call(api, "POST", "/provider-two-factor/enrolment", { body: { serviceProviderId: me.id }, ...asProvider(acting) });
    expectStatus(await enrol(someone.id), 403, "another provider");
    const started = await enrol(me.id);
    expectStatus(started, 200);
    const pending = parsed(Data(PendingEnrolment), started.body).data;
    expect(pending).toMatchObject({ account: me.username, issuer: "Marketplace Provider" });

    const step = await steadyStep();
    const confirm = (code: string, acting = me.id) =>
      call(api, "POST", "/provider-two-factor/enrolment/confirm", { body: { serviceProviderId: me.id, code }, ...asProvider(acting) });
    expectStatus(await confirm(await codeAt(pending.secret, step - 1), someone.id), 403, "another provider confirming");
    expectStatus(await confirm(await wrongCode(pending.secret, step)), 400, "a wrong code");
    const confirmed = await confirm(await codeAt(pending.secret, step - 1));
    expectStatus(confirmed, 200);
    const codes = parsed(Data(RecoveryCodes), confirmed.body).data.recovery_codes;
    expect(codes).toHaveLength(10);
    const status = await get(api, "/provider-two-factor", { query: { serviceProviderId: me.id } });
    expect(parsed(Data(TwoFactorStatus), status.body).data).toMatchObject({ enabled: true, recovery_codes_left: 10, required: false });

    const answer = await signIn(me.username, "198.51.100.30");
    expectStatus(answer, 202);
    const challenge = parsed(Data(z.object({ second_factor: SecondFactorChallenge })), answer.body).data.second_factor;
    expect(challenge.step).toBe("code");
    expect(answer.body.data.token).toBeUndefined();

    const early = await completeSignIn(challenge.challenge_token);
    expectStatus(early, 403, "before the code");
    expect(early.body.message).toBe(M.sessionNeedsSecondFactor);
    expectStatus(await verify(api, challenge.challenge_token, await wrongCode(pending.secret, step), "198.51.100.30"), 401);
    expectStatus(await verify(api, challenge.challenge_token, await codeAt(pending.secret, step), "198.51.100.30"), 200);
    const completed = await completeSignIn(challenge.challenge_token);
    expectStatus(completed, 201);
    const session = parsed(Data(CreatedProviderSession), completed.body).data;
    expect(session.provider.serviceProvider_id).toBe(me.id);
    expectStatus(await call(api, "POST", "/provider-sessions/resolve", { body: { token: session.token }, actingAdmin: null }), 200);

    const entries = await auditOf(api, "provider_two_factor", me.id);
    expect(entries[0]).toMatchObject({ admin_user_id: null, after: { two_factor: "On", by_provider: me.username } });
    expect(leaks(JSON.stringify(entries), [pending.secret, ...codes])).toEqual([]);
  });

  it("a provider without two-factor signs in at once; an admin's challenge does not complete a provider's sign-in", async () => {
    const plain = await newProvider(api);
    expectStatus(await signIn(plain.username, "198.51.100.31"), 201);

    const admin = await newAdmin(api, ["Category"]);
    const step = await steadyStep();
    const { secret } = await enrolAdmin(api, admin.id, step - 1);
    const challenge = await challengeOf(api, admin.username, "198.51.100.31");
    expectStatus(await verify(api, challenge.challenge_token, await codeAt(secret, step), "198.51.100.31"), 200);
    expectStatus(await completeSignIn(challenge.challenge_token), 403);
  });
});
