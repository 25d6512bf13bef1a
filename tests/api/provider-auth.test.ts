/**
 * Provider sign-in (api/src/routes/provider-auth/): sign-in, its refusals and its throttle,
 * sessions (resolve, idle, end), the sign-up, the demo accounts, and the document calls made by a
 * provider on their own profile (x-acting-provider).
 */
import { and, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { z } from "zod";
import { auditLog, profileDocuments, providerSessions, serviceProviders, users } from "../../api/src/db/schema";
import { hashPassword } from "../../api/src/lib/password";
import { DEMO_PROVIDER_PASSWORD, DEMO_PROVIDERS } from "../../api/src/seed/demo-providers";
import { ACTING_ADMIN_HEADER, ACTING_PROVIDER_HEADER } from "~contract/api";
import { CreatedProviderSession, ProviderAccount, ResolvedProviderSession } from "~contract/provider-auth";
import { PROVIDER_AUTH_MESSAGES as M } from "~contract/provider-auth-labels";
import { PASSWORD_NEEDS_MIX } from "~contract/passwords";
import { describeEachDriver, startTestApi, type TestApi } from "../support/api-server";
import { jpegOf, png } from "../support/images";
import { call, parsed } from "./helpers";

const HOUR = 3600;
const PASSWORD = "Provider@Secret1";
const tagged = () => `p${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;
const PDF = Buffer.from("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n", "latin1");

describeEachDriver("provider sign-in", (driver) => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi({ driver, loginThrottle: { consecutiveFailures: 3, dailyFailures: 6, dailyBlockSeconds: 3600 } });
  });
  afterAll(() => api?.close());

  /** a provider of the test's own (just signed up: not registered), with a password unless null */
  async function newProvider(password: string | null = PASSWORD, flags: Partial<typeof users.$inferInsert> = {}) {
    const username = tagged();
    const [user] = await api.db
      .insert(users)
      .values({
        username,
        firstName: "Priya",
        lastName: "Rao",
        email: `${username}@example.in`,
        password_hash: password === null ? null : await hashPassword(password),
        ...flags,
      })
      .returning({ id: users.id });
    const [provider] = await api.db
      .insert(serviceProviders)
      .values({ user_id: user.id, stage: "Partial" })
      .returning({ id: serviceProviders.serviceProvider_id });
    return { id: provider.id, userId: user.id, username };
  }

  const signIn = (username: string, password: string, address = "198.51.100.1", extra: Record<string, unknown> = {}) =>
    call(api, "POST", "/provider-sessions/sign-in", {
      body: {
        username,
        password,
        user_agent: "Mozilla/5.0 test",
        address,
        idle_seconds: 12 * HOUR,
        absolute_seconds: 7 * 24 * HOUR,
        ...extra,
      },
      actingAdmin: null,
    });
  const resolve = (token: string) => call(api, "POST", "/provider-sessions/resolve", { body: { token }, actingAdmin: null });
  const end = (token: string) => call(api, "POST", "/provider-sessions/end", { body: { token }, actingAdmin: null });

  it("signs in with the right password: a token (only its hash stored), the session and the provider", async () => {
    const p = await newProvider();
    const answer = await signIn(p.username.toUpperCase(), PASSWORD);
    expect(answer.status, answer.text).toBe(201);
    const { token, session, provider } = parsed(z.object({ data: CreatedProviderSession }), answer.body).data;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(session).toMatchObject({ serviceProvider_id: p.id, user_agent: "Mozilla/5.0 test", address: "198.51.100.1" });
    expect(provider).toMatchObject({
      serviceProvider_id: p.id,
      username: p.username,
      firstName: "Priya",
      lastName: "Rao",
      user_status: "Active",
      stage: "Partial",
      registered: false,
      registered_at: null,
    });
    expect(answer.text).not.toMatch(/argon2|password_hash/);
    const [stored] = await api.db.select().from(providerSessions).where(eq(providerSessions.sessionId, session.sessionId));
    expect(JSON.stringify(stored)).not.toContain(token);
    // resolving it answers the same provider
    const resolved = parsed(z.object({ data: ResolvedProviderSession }), (await resolve(token)).body).data;
    expect(resolved.provider.serviceProvider_id).toBe(p.id);
    expect(resolved.session.sessionId).toBe(session.sessionId);
  });

  it("answers the same vague words for an unknown username, a wrong password and a user without a provider password", async () => {
    const p = await newProvider();
    const nopass = await newProvider(null);
    for (const [username, password] of [
      [`nobody-${tagged()}`, PASSWORD],
      [p.username, "Wrong@Password1"],
      [nopass.username, PASSWORD],
      [nopass.username, ""],
    ]) {
      const answer = await signIn(username, password, `198.51.100.${Math.floor(Math.random() * 200) + 20}`);
      if (password === "") {
        expect(answer.status).toBe(400);
        continue;
      }
      expect(answer.status, `${username}: ${answer.text}`).toBe(401);
      expect(answer.body.message).toBe(M.wrongCredentials);
    }
    expect(await api.db.select().from(providerSessions).where(eq(providerSessions.serviceProviderId, p.id))).toEqual([]);
  });

  it("refuses a blocked, sign-in-disabled or deleted account with a clear sentence (only once the password is right)", async () => {
    const blocked = await newProvider(PASSWORD, { is_active: false });
    const disabled = await newProvider(PASSWORD, { can_sign_in: false });
    const deletedUser = await newProvider(PASSWORD, { is_deleted: true });
    const deletedProfile = await newProvider();
    await api.db.update(serviceProviders).set({ deleted_at: new Date() }).where(eq(serviceProviders.serviceProvider_id, deletedProfile.id));
    const cases: [string, string][] = [
      [blocked.username, M.blocked],
      [disabled.username, M.signInDisabled],
      [deletedUser.username, M.deleted],
      [deletedProfile.username, M.deleted],
    ];
    for (const [username, message] of cases) {
      const answer = await signIn(username, PASSWORD, "198.51.100.60");
      expect(answer.status, answer.text).toBe(403);
      expect(answer.body.message).toBe(message);
      // the wrong password learns nothing about the account
      const wrong = await signIn(username, "Wrong@Password1", "198.51.100.61");
      expect(wrong.body.message).toBe(M.wrongCredentials);
    }
  });

  it("issue 29: a blocked account's right password does not clear its failures (no free guesses after 'blocked')", async () => {
    const blocked = await newProvider(PASSWORD, { is_active: false });
    // consecutiveFailures is 3 here: two failures, the right password (403 blocked), then the third failure blocks
    for (let i = 0; i < 2; i++) expect((await signIn(blocked.username, "Wrong@Password1", "192.0.2.90")).status).toBe(401);
    expect((await signIn(blocked.username, PASSWORD, "192.0.2.90")).body.message).toBe(M.blocked);
    const third = await signIn(blocked.username, "Wrong@Password1", "192.0.2.90");
    expect(third.status).toBe(429);
    // an account that may sign in: the right password clears the count as before
    const active = await newProvider();
    for (let i = 0; i < 2; i++) expect((await signIn(active.username, "Wrong@Password1", "192.0.2.91")).status).toBe(401);
    expect((await signIn(active.username, PASSWORD, "192.0.2.91")).status).toBe(201);
    expect((await signIn(active.username, "Wrong@Password1", "192.0.2.91")).status).toBe(401);
  });

  it("limits failed sign-ins per username + address, apart from the admins' counts; the right password elsewhere still works", async () => {
    const p = await newProvider();
    for (let i = 0; i < 2; i++) expect((await signIn(p.username, "Wrong@Password1", "192.0.2.70")).status).toBe(401);
    const third = await signIn(p.username, "Wrong@Password1", "192.0.2.70");
    expect(third.status).toBe(429);
    expect(third.body.message).toMatch(
      /^Too many failed sign-in attempts for this username from this address\. Try again in \d+ minutes?\.$/,
    );
    // now even the right password is refused from there …
    expect((await signIn(p.username, PASSWORD, "192.0.2.70")).status).toBe(429);
    // … but not from another address
    expect((await signIn(p.username, PASSWORD, "192.0.2.71")).status).toBe(201);
    // the admins' sign-in from that address is not counted with the providers'
    const admin = await call(api, "POST", "/login-admin-user", {
      body: { username: p.username, password: "x" },
      actingAdmin: null,
      headers: { "x-client-address": "192.0.2.70" },
    });
    expect(admin.status).toBe(401);
  });

  it("issue 29: signing in again from a browser ends the session it held (replaces_token)", async () => {
    const p = await newProvider();
    const first = parsed(z.object({ data: CreatedProviderSession }), (await signIn(p.username, PASSWORD, "198.51.100.80")).body).data;
    const second = await signIn(p.username, PASSWORD, "198.51.100.80", { replaces_token: first.token });
    expect(second.status).toBe(201);
    expect((await resolve(first.token)).status).toBe(404);
    expect((await resolve(parsed(z.object({ data: CreatedProviderSession }), second.body).data.token)).status).toBe(200);
    // a wrong password ends nothing
    const third = parsed(z.object({ data: CreatedProviderSession }), second.body).data;
    expect((await signIn(p.username, "Wrong@Password1", "198.51.100.80", { replaces_token: third.token })).status).toBe(401);
    expect((await resolve(third.token)).status).toBe(200);
  });

  it("resolve keeps a session alive; idle or past its end it is gone (404), and sign-out ends it", async () => {
    const p = await newProvider();
    const { token, session } = (await signIn(p.username, PASSWORD, "198.51.100.80")).body.data;
    // used 2 minutes ago: resolving moves last_seen
    await api.db
      .update(providerSessions)
      .set({ lastSeenAt: new Date(Date.now() - 120_000) })
      .where(eq(providerSessions.sessionId, session.sessionId));
    const touched = (await resolve(token)).body.data.session;
    expect(Date.now() - Date.parse(touched.last_seen_at)).toBeLessThan(30_000);
    // idle longer than idle_seconds
    await api.db
      .update(providerSessions)
      .set({ lastSeenAt: new Date(Date.now() - 13 * HOUR * 1000) })
      .where(eq(providerSessions.sessionId, session.sessionId));
    expect((await resolve(token)).status).toBe(404);
    expect(await api.db.select().from(providerSessions).where(eq(providerSessions.sessionId, session.sessionId))).toEqual([]);
    // past its absolute end
    const second = (await signIn(p.username, PASSWORD, "198.51.100.80")).body.data;
    await api.db
      .update(providerSessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(providerSessions.sessionId, second.session.sessionId));
    expect((await resolve(second.token)).status).toBe(404);
    // sign-out
    const third = (await signIn(p.username, PASSWORD, "198.51.100.80")).body.data;
    expect((await resolve(third.token)).status).toBe(200);
    expect((await end(third.token)).status).toBe(204);
    expect((await resolve(third.token)).status).toBe(404);
    expect((await end(third.token)).status).toBe(204);
    expect((await resolve("not-a-token")).status).toBe(400);
  });

  it("a session ends when its account is blocked or its profile deleted", async () => {
    const p = await newProvider();
    const { token } = (await signIn(p.username, PASSWORD, "198.51.100.90")).body.data;
    await api.db.update(users).set({ is_active: false }).where(eq(users.id, p.userId));
    expect((await resolve(token)).status).toBe(404);
    await api.db.update(users).set({ is_active: true }).where(eq(users.id, p.userId));
    const again = (await signIn(p.username, PASSWORD, "198.51.100.90")).body.data;
    await api.db.update(serviceProviders).set({ deleted_at: new Date() }).where(eq(serviceProviders.serviceProvider_id, p.id));
    expect((await resolve(again.token)).status).toBe(404);
  });

  it("never opens an admin session: a provider token is not an admin token", async () => {
    const p = await newProvider();
    const { token } = (await signIn(p.username, PASSWORD, "198.51.100.91")).body.data;
    const asAdmin = await call(api, "POST", "/admin-sessions/resolve", { body: { token }, actingAdmin: null });
    expect(asAdmin.status).toBe(404);
  });

  const validSignUp = (username: string) => ({
    username,
    firstName: "Meera",
    lastName: "Iyer",
    email: `${username}@example.in`,
    phone: "+91 98200 12345",
    password: PASSWORD,
  });

  it("signs up: a user with a password and a provider not registered, in one go; then signs in", async () => {
    const username = tagged();
    const answer = await call(api, "POST", "/provider-accounts", { body: validSignUp(username), actingAdmin: null });
    expect(answer.status, answer.text).toBe(201);
    const account = parsed(z.object({ data: ProviderAccount }), answer.body).data;
    expect(account).toMatchObject({
      username,
      firstName: "Meera",
      lastName: "Iyer",
      stage: "Partial",
      registered: false,
      user_status: "Active",
      plan: null,
    });
    const [user] = await api.db.select().from(users).where(eq(users.username, username));
    expect(user.password_hash).toMatch(/^\$argon2id\$/);
    expect(user.phone).toBe("+91 98200 12345");
    const [provider] = await api.db.select().from(serviceProviders).where(eq(serviceProviders.user_id, user.id));
    expect(provider.registered_at).toBeNull();
    const [entry] = await api.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, "service_provider"), eq(auditLog.entity_id, String(provider.serviceProvider_id))))
      .orderBy(desc(auditLog.id));
    expect(entry.after).toMatchObject({ signed_up: true, by_provider: username });
    expect((await signIn(username, PASSWORD, "198.51.100.100")).status).toBe(201);
    // the wizard sees create mode
    const saved = await call(api, "GET", "/get-saved-form-data", {
      query: { serviceProviderId: account.serviceProvider_id },
      headers: { [ACTING_PROVIDER_HEADER]: String(account.serviceProvider_id) },
    });
    expect(saved.body.data.mode).toBe("create");
  });

  it("sign-up: a taken username (whatever its case) is 409 with the field named; each bad field named in a 400; nothing saved", async () => {
    const username = tagged();
    expect((await call(api, "POST", "/provider-accounts", { body: validSignUp(username), actingAdmin: null })).status).toBe(201);
    const clash = await call(api, "POST", "/provider-accounts", { body: validSignUp(username.toUpperCase()), actingAdmin: null });
    expect(clash.status).toBe(409);
    expect(clash.body).toMatchObject({ message: M.usernameTaken, errors: { username: M.usernameTaken } });
    const demoClash = await call(api, "POST", "/provider-accounts", {
      body: validSignUp(DEMO_PROVIDERS.fresh.username),
      actingAdmin: null,
    });
    expect(demoClash.status).toBe(409);

    const bad = await call(api, "POST", "/provider-accounts", {
      body: { username: "a b", firstName: " ", lastName: "", email: "not-an-email", phone: "call me", password: "onlyletterslong" },
      actingAdmin: null,
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual({
      username: M.usernameRule,
      firstName: M.firstNameRequired,
      lastName: M.lastNameRequired,
      email: M.emailInvalid,
      phone: M.phoneInvalid,
      password: PASSWORD_NEEDS_MIX,
    });
    expect(await api.db.select().from(users).where(eq(users.username, "a b"))).toEqual([]);
  });

  it("the demo accounts sign in: the fresh one not registered, the registered one with its plan", async () => {
    const fresh = await signIn(DEMO_PROVIDERS.fresh.username, DEMO_PROVIDER_PASSWORD, "198.51.100.120");
    expect(fresh.status, fresh.text).toBe(201);
    expect(fresh.body.data.provider).toMatchObject({ username: "demo.provider", registered: false, stage: "Partial" });
    const registered = await signIn(DEMO_PROVIDERS.registered.username, DEMO_PROVIDER_PASSWORD, "198.51.100.120");
    expect(registered.status, registered.text).toBe(201);
    expect(registered.body.data.provider.registered).toBe(true);
    expect(registered.body.data.provider.plan).toEqual(
      expect.objectContaining({ plan_name: expect.any(String), max_approval: expect.any(Number) }),
    );
  });

  async function sendDocuments(method: "POST" | "PUT", path: string, query: Record<string, number>, headers: Record<string, string>) {
    const form = new FormData();
    form.append("profilePhoto", new Blob([new Uint8Array(jpegOf(8, 8))]), "me.jpg");
    form.append("identityProof", new Blob([new Uint8Array(PDF)]), "id.pdf");
    form.append("selfie", new Blob([new Uint8Array(png(4, 4))]), "selfie.png");
    form.append("panNumber", "ABCDE1234F");
    // a provider acting on their documents accepts the latest published terms with them (issue 28)
    if (headers[ACTING_PROVIDER_HEADER]) {
      const read = await fetch(new URL(`/get-document?serviceProviderId=${query.serviceProviderId}`, api.url), {
        headers: { [api.apiKeyHeader]: api.apiKey },
      });
      const latest = ((await read.json()) as { terms?: { latest?: { id: number } | null } }).terms?.latest;
      if (latest) form.append("agreement", String(latest.id));
    }
    const url = new URL(path, api.url);
    for (const [key, value] of Object.entries(query)) url.searchParams.set(key, String(value));
    const response = await fetch(url, { method, headers: { [api.apiKeyHeader]: api.apiKey, ...headers }, body: form });
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : undefined, text };
  }

  it("document calls: a provider (x-acting-provider) creates and updates their own documents, audited as them; another provider's are 403", async () => {
    const me = await newProvider();
    const other = await newProvider();
    const own = { [ACTING_PROVIDER_HEADER]: String(me.id) };
    // someone else's profile: refused before anything is stored
    const refused = await sendDocuments("POST", "/create-document", { serviceProviderId: other.id }, own);
    expect(refused.status, refused.text).toBe(403);
    expect(await api.db.select().from(profileDocuments).where(eq(profileDocuments.service_provider_id, other.id))).toEqual([]);
    // the provider id as a form field is checked too
    const viaField = await (async () => {
      const form = new FormData();
      form.append("serviceProviderId", String(other.id));
      form.append("profilePhoto", new Blob([new Uint8Array(jpegOf(8, 8))]), "me.jpg");
      form.append("identityProof", new Blob([new Uint8Array(PDF)]), "id.pdf");
      form.append("selfie", new Blob([new Uint8Array(png(4, 4))]), "selfie.png");
      const response = await fetch(new URL("/create-document", api.url), {
        method: "POST",
        headers: { [api.apiKeyHeader]: api.apiKey, ...own },
        body: form,
      });
      return response.status;
    })();
    expect(viaField).toBe(403);
    expect(await api.db.select().from(profileDocuments).where(eq(profileDocuments.service_provider_id, other.id))).toEqual([]);

    const created = await sendDocuments("POST", "/create-document", { serviceProviderId: me.id }, own);
    expect(created.status, created.text).toBe(201);
    const documentId = created.body.data.ProfileDocument_id as number;
    const [entry] = await api.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, "provider_document"), eq(auditLog.entity_id, String(documentId))))
      .orderBy(desc(auditLog.id));
    expect(entry.admin_user_id).toBeNull();
    expect(entry.after).toMatchObject({ by_provider: me.username });

    const updated = await sendDocuments("PUT", "/update-document", { document_id: documentId, serviceProviderId: me.id }, own);
    expect(updated.status, updated.text).toBe(200);
    const otherUpdate = await sendDocuments(
      "PUT",
      "/update-document",
      { document_id: documentId, serviceProviderId: me.id },
      { [ACTING_PROVIDER_HEADER]: String(other.id) },
    );
    expect(otherUpdate.status).toBe(403);
    // an admin still may (and without either header the admin is asked for)
    expect(
      (
        await sendDocuments(
          "PUT",
          "/update-document",
          { document_id: documentId, serviceProviderId: me.id },
          { [ACTING_ADMIN_HEADER]: "1" },
        )
      ).status,
    ).toBe(200);
    expect((await sendDocuments("PUT", "/update-document", { document_id: documentId, serviceProviderId: me.id }, {})).status).toBe(400);
  });
});
