/** provider-auth: the handlers of the calls provider-auth.routes.ts defines. */
import { asc, eq, lt, or, sql } from "drizzle-orm";
import { PROVIDER_SESSION_NOT_FOUND, ProviderAccount, type ProviderSessionRecord } from "~contract/provider-auth";
import { NEW_PROVIDER_STAGE, PROVIDER_AUTH_MESSAGES as M } from "~contract/provider-auth-labels";
import type { Database } from "../../db/client";
import { plans, providerSessions, serviceProviders, users } from "../../db/schema";
import type { Tx } from "../../lib/audit";
import { hashToken, LAST_SEEN_RESOLUTION_MS, liveSession, newToken, sessionTimes } from "../../lib/session-tokens";
import { HttpError, notFound } from "../../lib/http";
import { LoginThrottle, throttledError } from "../../lib/login-throttle";
import { apiRouter } from "../../lib/openapi";
import { burnPasswordCheck, hashPassword, needsRehash, verifyPassword } from "../../lib/password";
import { auditAs } from "../../lib/provider-actor";
import { signInRoute, resolveRoute, endRoute, signUpRoute, completeSignInRoute } from "./provider-auth.routes";
import type { TwoFactor } from "../../lib/two-factor";
import { TWO_FACTOR_MESSAGES } from "~contract/two-factor";

type SessionFields = { user_agent: string; address: string; idle_seconds: number; absolute_seconds: number; replaces_token?: string };

type ProviderSessionRow = typeof providerSessions.$inferSelect;

const live = (now: Date) => liveSession(providerSessions, now);

function sessionRecord(row: ProviderSessionRow): ProviderSessionRecord {
  return {
    ...sessionTimes(row),
    serviceProvider_id: row.serviceProviderId,
  };
}

/** A provider with what sign-in checks: their user's flags and password, their profile's deletion. */
const accountColumns = {
  serviceProvider_id: serviceProviders.serviceProvider_id,
  user_id: users.id,
  username: users.username,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  user_status: users.status,
  stage: serviceProviders.stage,
  registered_at: serviceProviders.registered_at,
  deleted_at: serviceProviders.deleted_at,
  is_deleted: users.is_deleted,
  is_active: users.is_active,
  can_sign_in: users.can_sign_in,
  password_hash: users.password_hash,
  plan_id: plans.plan_id,
  plan_name: plans.plan_name,
  max_approval: plans.max_approval,
};

function accountQuery(db: Database | Tx) {
  return db
    .select(accountColumns)
    .from(serviceProviders)
    .innerJoin(users, eq(users.id, serviceProviders.user_id))
    .leftJoin(plans, eq(plans.plan_id, serviceProviders.plan_id));
}

type AccountRow = Awaited<ReturnType<typeof accountQuery>>[number];

function accountOf(row: AccountRow): ProviderAccount {
  return {
    serviceProvider_id: row.serviceProvider_id,
    user_id: row.user_id,
    username: row.username,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    user_status: row.user_status,
    stage: row.stage,
    registered: row.registered_at !== null,
    registered_at: row.registered_at?.toISOString() ?? null,
    plan:
      row.plan_id !== null && row.plan_name !== null
        ? { plan_id: row.plan_id, plan_name: row.plan_name, max_approval: row.max_approval ?? 7 }
        : null,
  };
}

/** Why this provider may not be signed in (after their password was right), or null. */
function refusalOf(row: AccountRow): string | null {
  if (row.is_deleted || row.deleted_at !== null) return M.deleted;
  if (!row.is_active) return M.blocked;
  if (!row.can_sign_in) return M.signInDisabled;
  return null;
}

export function providerAuthRouter(db: Database, throttle: LoginThrottle, twoFactor: TwoFactor) {
  const router = apiRouter();

  /** Opens the provider's session (after their password, and their code when two-factor is on). */
  async function openSession(row: AccountRow, input: SessionFields) {
    const now = new Date();
    // ended sessions are swept here, so the table holds live ones (and a few stragglers)
    await db.delete(providerSessions).where(or(lt(providerSessions.expiresAt, now), sql`not (${live(now)})`));
    // the browser's previous session (its cookie is being replaced) ends with this sign-in
    if (input.replaces_token) await db.delete(providerSessions).where(eq(providerSessions.tokenHash, hashToken(input.replaces_token)));
    const token = newToken();
    const [session] = await db
      .insert(providerSessions)
      .values({
        tokenHash: hashToken(token),
        serviceProviderId: row.serviceProvider_id,
        created_at: now,
        lastSeenAt: now,
        idleSeconds: input.idle_seconds,
        expiresAt: new Date(now.getTime() + input.absolute_seconds * 1000),
        userAgent: input.user_agent.slice(0, 1000),
        address: input.address.slice(0, 100),
      })
      .returning();
    return { token, session: sessionRecord(session), provider: accountOf(row) };
  }

  router.openapi(signInRoute, async (c) => {
    const input = c.req.valid("json");
    const address = input.address.trim() || undefined;
    const verdict = await throttle.check(input.username, address);
    if (verdict.kind === "refused") throw throttledError(verdict);

    const [row] = await accountQuery(db)
      .where(eq(sql`lower(${users.username})`, input.username.toLowerCase()))
      .orderBy(asc(users.id))
      .limit(1);
    const stored = row?.password_hash ?? null;
    const ok = stored ? await verifyPassword(input.password, stored) : (await burnPasswordCheck(input.password), false);
    if (!row || !stored || !ok) {
      const after = await throttle.fail(input.username, address);
      if (after.kind === "refused") throw throttledError(after);
      throw new HttpError(401, { message: M.wrongCredentials });
    }
    // said only after the right password, and without clearing the pair's failures (docs/decisions/0003)
    const refusal = refusalOf(row);
    if (refusal) throw new HttpError(403, { message: refusal });
    if (needsRehash(stored)) {
      // the old hash still works: a failed upgrade is retried at the next sign-in
      await hashPassword(input.password)
        .then((hash) => db.update(users).set({ password_hash: hash }).where(eq(users.id, row.user_id)))
        .catch((failure: unknown) => console.error("provider password re-hash failed", failure));
    }
    // two-factor on: the session opens only after the code (/provider-sessions/complete-sign-in), which clears the failures
    const account = { portal: "provider" as const, accountId: row.serviceProvider_id };
    if (await twoFactor.isEnabled(account)) {
      return c.json({ data: { second_factor: await twoFactor.openChallenge(account, "code", input.username, address) } }, 202);
    }
    await throttle.succeed(input.username, address);
    return c.json({ data: await openSession(row, input) }, 201);
  });

  router.openapi(completeSignInRoute, async (c) => {
    const input = c.req.valid("json");
    const challenge = await twoFactor.challenge(db, input.challenge_token);
    if (challenge.portal !== "provider") throw new HttpError(403, { message: TWO_FACTOR_MESSAGES.sessionNeedsSecondFactor });
    await twoFactor.requirePassedChallenge(db, input.challenge_token, { portal: "provider", accountId: challenge.accountId });
    const [row] = await accountQuery(db).where(eq(serviceProviders.serviceProvider_id, challenge.accountId));
    if (!row || row.password_hash === null) throw new HttpError(403, { message: TWO_FACTOR_MESSAGES.challengeExpired });
    const refusal = refusalOf(row);
    if (refusal) throw new HttpError(403, { message: refusal });
    return c.json({ data: await openSession(row, input) }, 201);
  });

  router.openapi(resolveRoute, async (c) => {
    const { token } = c.req.valid("json");
    const now = new Date();
    const [found] = await db
      .select()
      .from(providerSessions)
      .where(eq(providerSessions.tokenHash, hashToken(token)));
    if (!found) throw notFound(PROVIDER_SESSION_NOT_FOUND);
    const [row] = await accountQuery(db).where(eq(serviceProviders.serviceProvider_id, found.serviceProviderId));
    const idleEnd = found.lastSeenAt.getTime() + found.idleSeconds * 1000;
    if (!row || found.expiresAt <= now || idleEnd <= now.getTime() || row.password_hash === null || refusalOf(row)) {
      await db.delete(providerSessions).where(eq(providerSessions.sessionId, found.sessionId));
      throw notFound(PROVIDER_SESSION_NOT_FOUND);
    }
    let session = found;
    if (now.getTime() - session.lastSeenAt.getTime() >= LAST_SEEN_RESOLUTION_MS) {
      const [touched] = await db
        .update(providerSessions)
        .set({ lastSeenAt: now })
        .where(eq(providerSessions.sessionId, session.sessionId))
        .returning();
      if (touched) session = touched;
    }
    return c.json({ data: { session: sessionRecord(session), provider: accountOf(row) } }, 200);
  });

  router.openapi(endRoute, async (c) => {
    const { token } = c.req.valid("json");
    await db.delete(providerSessions).where(eq(providerSessions.tokenHash, hashToken(token)));
    return c.body(null, 204);
  });

  router.openapi(signUpRoute, async (c) => {
    const input = c.req.valid("json");
    const taken = () => new HttpError(409, { message: M.usernameTaken, errors: { username: M.usernameTaken } });
    const hash = await hashPassword(input.password);
    const created = await db
      .transaction(async (tx) => {
        // one sign-up per name at a time (a lower-case clash is checked, the column is unique as typed)
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`provider-sign-up:${input.username.toLowerCase()}`}))`);
        const [clash] = await tx
          .select({ id: users.id })
          .from(users)
          .where(eq(sql`lower(${users.username})`, input.username.toLowerCase()))
          .limit(1);
        if (clash) throw taken();
        const now = new Date();
        const [user] = await tx
          .insert(users)
          .values({
            username: input.username,
            firstName: input.firstName,
            lastName: input.lastName,
            email: input.email,
            phone: input.phone,
            password_hash: hash,
            created_at: now,
            updated_at: now,
          })
          .returning({ id: users.id });
        const [provider] = await tx
          .insert(serviceProviders)
          .values({ user_id: user.id, stage: NEW_PROVIDER_STAGE, registered_at: null, created_at: now, updated_at: now })
          .returning({ id: serviceProviders.serviceProvider_id });
        await auditAs(
          tx,
          { admin: null, name: input.username },
          {
            action: "create",
            entity: "service_provider",
            entityId: provider.id,
            before: null,
            after: {
              signed_up: true,
              user_id: user.id,
              username: input.username,
              firstName: input.firstName,
              lastName: input.lastName,
              email: input.email,
              stage: NEW_PROVIDER_STAGE,
            },
          },
        );
        const [row] = await accountQuery(tx).where(eq(serviceProviders.serviceProvider_id, provider.id));
        return accountOf(row);
      })
      .catch((failure: unknown) => {
        // two sign-ups of the same name at once: the unique column refuses the second
        if (failure instanceof HttpError) throw failure;
        if (String((failure as { code?: unknown })?.code ?? (failure as { cause?: { code?: unknown } })?.cause?.code) === "23505")
          throw taken();
        throw failure;
      });
    return c.json({ data: created }, 201);
  });

  return router;
}
