/** two-factor: the handlers of the calls two-factor.routes.ts defines (the work is lib/two-factor.ts's). */
import { and, eq, inArray, notInArray, sql } from "drizzle-orm";
import { ACTING_PROVIDER_HEADER, CLIENT_ADDRESS_HEADER } from "~contract/api";
import { ALL_ACCESS } from "~contract/admin-user-labels";
import { TWO_FACTOR_ACCESS, TWO_FACTOR_MESSAGES as M } from "~contract/two-factor";
import type { Database } from "../../db/client";
import { adminSessions, adminUsers, auditLog, securityPolicy, serviceProviders, twoFactorCredentials, users } from "../../db/schema";
import { recordAudit, requireActor, type Actor, type Tx } from "../../lib/audit";
import { badRequest, HttpError, notFound } from "../../lib/http";
import { apiRouter } from "../../lib/openapi";
import { verifyPassword } from "../../lib/password";
import { checkProviderHeader } from "../../lib/provider-actor";
import { POLICY_ID, policyRequires, readPolicy, type Account, type TwoFactor } from "../../lib/two-factor";
import { ADMIN_USER_NOT_FOUND } from "../admin-users";
import {
  adminConfirmRoute,
  adminDisableRoute,
  adminEnrolRoute,
  adminRenewCodesRoute,
  adminResetRoute,
  adminStatusRoute,
  challengeEnrolmentRoute,
  confirmChallengeEnrolmentRoute,
  policyRoute,
  providerConfirmRoute,
  providerDisableRoute,
  providerEnrolRoute,
  providerRenewCodesRoute,
  providerStatusRoute,
  updatePolicyRoute,
  verifyChallengeRoute,
} from "./two-factor.routes";

export const PROVIDER_NOT_FOUND = "Service provider not found";

/** How the audit log shows a second factor's change (never a secret or a code). */
const ON = { two_factor: "On" };
const OFF = { two_factor: "Off" };

const adminAccount = (adminUserId: number): Account => ({ portal: "admin", accountId: adminUserId });
const providerAccount = (serviceProviderId: number): Account => ({ portal: "provider", accountId: serviceProviderId });

/** The admin acting on their own second factor (403 for anyone else's). */
async function actingOnSelf(c: Parameters<typeof requireActor>[0], db: Database, adminUserId: number): Promise<Actor> {
  const actor = await requireActor(c, db);
  if (actor.adminUserId !== adminUserId)
    throw new HttpError(403, { message: "An admin can only change their own two-factor sign-in here" });
  return actor;
}

async function adminRow(db: Database | Tx, adminUserId: number) {
  const [row] = await db.select().from(adminUsers).where(eq(adminUsers.adminUserId, adminUserId));
  if (!row) throw notFound(ADMIN_USER_NOT_FOUND);
  return row;
}

/** The provider with their user's username and password hash. */
async function providerRow(db: Database | Tx, serviceProviderId: number) {
  const [row] = await db
    .select({ id: serviceProviders.serviceProvider_id, username: users.username, passwordHash: users.password_hash })
    .from(serviceProviders)
    .innerJoin(users, eq(users.id, serviceProviders.user_id))
    .where(eq(serviceProviders.serviceProvider_id, serviceProviderId));
  if (!row) throw notFound(PROVIDER_NOT_FOUND);
  return row;
}

/** A provider's own change: x-acting-provider must be sent and name them. */
function actingProvider(c: { req: { header: (name: string) => string | undefined } }, serviceProviderId: number) {
  if (!checkProviderHeader(c, serviceProviderId)) throw badRequest(`${ACTING_PROVIDER_HEADER} header is required`);
}

/** A provider's change in the audit log: no admin, the provider named in after (as the wizard's are). */
async function auditProvider(tx: Tx, provider: { id: number; username: string }, before: object, after: object) {
  await tx.insert(auditLog).values({
    admin_user_id: null,
    admin_username: null,
    action: "update",
    entity: "provider_two_factor",
    entity_id: String(provider.id),
    before,
    after: { ...after, by_provider: provider.username },
  });
}

const auditAdmin = (tx: Tx, actor: Actor, adminUserId: number, before: object, after: object) =>
  recordAudit(tx, actor, { action: "update", entity: "admin_two_factor", entityId: adminUserId, before, after });

export function twoFactorRouter(db: Database, twoFactor: TwoFactor) {
  const router = apiRouter();

  // --- the sign-in's second step ---

  router.openapi(verifyChallengeRoute, async (c) => {
    const { challenge_token, code } = c.req.valid("json");
    const address = c.req.header(CLIENT_ADDRESS_HEADER)?.slice(0, 100) || undefined;
    const checked = await twoFactor.verifyChallenge(challenge_token, code, address);
    if (checked.usedRecoveryCode) {
      const { portal, accountId } = checked.challenge;
      await db.transaction(async (tx) => {
        if (portal === "admin") {
          const row = await adminRow(tx, accountId);
          await auditAdmin(
            tx,
            { adminUserId: row.adminUserId, adminUsername: row.adminUsername },
            accountId,
            {},
            {
              recovery_code: "Used at sign-in",
              recovery_codes_left: checked.recoveryCodesLeft,
            },
          );
        } else {
          const row = await providerRow(tx, accountId);
          await auditProvider(tx, row, {}, { recovery_code: "Used at sign-in", recovery_codes_left: checked.recoveryCodesLeft });
        }
      });
    }
    return c.json(
      { data: { used_recovery_code: checked.usedRecoveryCode, recovery_codes_left: Math.max(0, checked.recoveryCodesLeft) } },
      200,
    );
  });

  router.openapi(challengeEnrolmentRoute, async (c) => {
    const { challenge_token } = c.req.valid("json");
    const challenge = await twoFactor.enrolmentChallenge(challenge_token);
    const row = await adminRow(db, challenge.accountId);
    return c.json({ data: await twoFactor.pendingEnrolment(adminAccount(row.adminUserId), row.adminUsername) }, 200);
  });

  router.openapi(confirmChallengeEnrolmentRoute, async (c) => {
    const { challenge_token, code } = c.req.valid("json");
    const { codes, challenge } = await twoFactor.confirmEnrolmentChallenge(challenge_token, code);
    if (codes) {
      const row = await adminRow(db, challenge.accountId);
      await db.transaction((tx) =>
        auditAdmin(tx, { adminUserId: row.adminUserId, adminUsername: row.adminUsername }, row.adminUserId, OFF, {
          ...ON,
          set_up: "At sign-in",
        }),
      );
    }
    return c.json({ data: { recovery_codes: codes ?? [] } }, 200);
  });

  // --- an admin's own ---

  router.openapi(adminStatusRoute, async (c) => {
    const { adminUserId } = c.req.valid("query");
    const row = await adminRow(db, adminUserId);
    const status = await twoFactor.status(adminAccount(adminUserId));
    return c.json(
      {
        data: {
          enabled: status.enabled,
          enabled_at: status.enabledAt?.toISOString() ?? null,
          recovery_codes_left: status.recoveryCodesLeft,
          required: await policyRequires(db, row.adminAccessRoleSettings),
        },
      },
      200,
    );
  });

  router.openapi(adminEnrolRoute, async (c) => {
    const { adminUserId } = c.req.valid("json");
    const actor = await actingOnSelf(c, db, adminUserId);
    return c.json({ data: await twoFactor.pendingEnrolment(adminAccount(adminUserId), actor.adminUsername) }, 200);
  });

  router.openapi(adminConfirmRoute, async (c) => {
    const { adminUserId, code } = c.req.valid("json");
    const actor = await actingOnSelf(c, db, adminUserId);
    const codes = await db.transaction(async (tx) => {
      const made = await twoFactor.confirmEnrolment(adminAccount(adminUserId), code, tx);
      await auditAdmin(tx, actor, adminUserId, OFF, ON);
      return made;
    });
    return c.json({ data: { recovery_codes: codes } }, 200);
  });

  router.openapi(adminDisableRoute, async (c) => {
    const { adminUserId, password, code } = c.req.valid("json");
    const actor = await actingOnSelf(c, db, adminUserId);
    const row = await adminRow(db, adminUserId);
    if (!(await twoFactor.isEnabled(adminAccount(adminUserId)))) throw new HttpError(409, { message: M.notOn });
    if (await policyRequires(db, row.adminAccessRoleSettings)) throw new HttpError(409, { message: M.requiredByPolicy });
    if (!(await verifyPassword(password, row.adminPassword))) {
      throw new HttpError(400, { message: M.passwordWrong, errors: { password: M.passwordWrong } });
    }
    await db.transaction(async (tx) => {
      await twoFactor.requireCode(tx, adminAccount(adminUserId), code);
      await twoFactor.remove(tx, adminAccount(adminUserId));
      await auditAdmin(tx, actor, adminUserId, ON, OFF);
    });
    return c.json({ data: { enabled: false, enabled_at: null, recovery_codes_left: 0, required: false } }, 200);
  });

  router.openapi(adminRenewCodesRoute, async (c) => {
    const { adminUserId, code } = c.req.valid("json");
    const actor = await actingOnSelf(c, db, adminUserId);
    const codes = await db.transaction(async (tx) => {
      await twoFactor.requireCode(tx, adminAccount(adminUserId), code);
      const made = await twoFactor.renewRecoveryCodes(tx, adminAccount(adminUserId));
      await auditAdmin(tx, actor, adminUserId, {}, { recovery_codes: "Renewed" });
      return made;
    });
    return c.json({ data: { recovery_codes: codes } }, 200);
  });

  router.openapi(adminResetRoute, async (c) => {
    const actor = await requireActor(c, db);
    const { adminUserId } = c.req.valid("json");
    const acting = await adminRow(db, actor.adminUserId);
    if (!acting.adminAccessRoleSettings.includes(ALL_ACCESS)) throw new HttpError(403, { message: M.resetNeedsAllAccess });
    if (adminUserId === actor.adminUserId) throw new HttpError(409, { message: M.resetOwn });
    await adminRow(db, adminUserId);
    const ended = await db.transaction(async (tx) => {
      const wasOn = await twoFactor.remove(tx, adminAccount(adminUserId));
      const gone = await tx
        .delete(adminSessions)
        .where(eq(adminSessions.adminUserId, adminUserId))
        .returning({ id: adminSessions.sessionId });
      await auditAdmin(tx, actor, adminUserId, wasOn ? ON : OFF, { ...OFF, reset_by: actor.adminUsername, sessions_ended: gone.length });
      return gone.length;
    });
    return c.json({ data: { ended_sessions: ended } }, 200);
  });

  // --- the policy ---

  router.openapi(policyRoute, async (c) => c.json({ data: await readPolicy(db) }, 200));

  router.openapi(updatePolicyRoute, async (c) => {
    const actor = await requireActor(c, db);
    const { require_two_factor } = c.req.valid("json");
    const acting = await adminRow(db, actor.adminUserId);
    if (!acting.adminAccessRoleSettings.includes(ALL_ACCESS)) throw new HttpError(403, { message: M.policyNeedsAllAccess });
    if (require_two_factor && !(await twoFactor.isEnabled(adminAccount(actor.adminUserId)))) {
      throw new HttpError(409, { message: M.policyNeedsYours });
    }
    await db.transaction(async (tx) => {
      const before = await readPolicy(tx);
      const now = new Date();
      await tx
        .insert(securityPolicy)
        .values({ id: POLICY_ID, requireTwoFactor: require_two_factor, updated_at: now, updatedBy: actor.adminUsername })
        .onConflictDoUpdate({
          target: securityPolicy.id,
          set: { requireTwoFactor: require_two_factor, updated_at: now, updatedBy: actor.adminUsername },
        });
      let ended = 0;
      if (require_two_factor && !before.require_two_factor) {
        // the admins it now applies to who have not set it up sign in again, and set it up then
        const enrolled = tx
          .select({ id: twoFactorCredentials.accountId })
          .from(twoFactorCredentials)
          .where(and(eq(twoFactorCredentials.portal, "admin"), sql`${twoFactorCredentials.enabledAt} is not null`));
        const holders = tx
          .select({ id: adminUsers.adminUserId })
          .from(adminUsers)
          .where(
            sql`${adminUsers.adminAccessRoleSettings} ?| array[${sql.join(
              TWO_FACTOR_ACCESS.map((name) => sql`${name}`),
              sql`, `,
            )}]`,
          );
        const gone = await tx
          .delete(adminSessions)
          .where(and(inArray(adminSessions.adminUserId, holders), notInArray(adminSessions.adminUserId, enrolled)))
          .returning({ id: adminSessions.sessionId });
        ended = gone.length;
      }
      await recordAudit(tx, actor, {
        action: "update",
        entity: "security_policy",
        entityId: POLICY_ID,
        before: { require_two_factor: before.require_two_factor },
        after: { require_two_factor, ...(ended > 0 ? { sessions_ended: ended } : {}) },
      });
    });
    return c.json({ data: await readPolicy(db) }, 200);
  });

  // --- a provider's own (optional) ---

  router.openapi(providerStatusRoute, async (c) => {
    const { serviceProviderId } = c.req.valid("query");
    await providerRow(db, serviceProviderId);
    const status = await twoFactor.status(providerAccount(serviceProviderId));
    return c.json(
      {
        data: {
          enabled: status.enabled,
          enabled_at: status.enabledAt?.toISOString() ?? null,
          recovery_codes_left: status.recoveryCodesLeft,
          required: false,
        },
      },
      200,
    );
  });

  router.openapi(providerEnrolRoute, async (c) => {
    const { serviceProviderId } = c.req.valid("json");
    actingProvider(c, serviceProviderId);
    const row = await providerRow(db, serviceProviderId);
    return c.json({ data: await twoFactor.pendingEnrolment(providerAccount(serviceProviderId), row.username) }, 200);
  });

  router.openapi(providerConfirmRoute, async (c) => {
    const { serviceProviderId, code } = c.req.valid("json");
    actingProvider(c, serviceProviderId);
    const row = await providerRow(db, serviceProviderId);
    const codes = await db.transaction(async (tx) => {
      const made = await twoFactor.confirmEnrolment(providerAccount(serviceProviderId), code, tx);
      await auditProvider(tx, row, OFF, ON);
      return made;
    });
    return c.json({ data: { recovery_codes: codes } }, 200);
  });

  router.openapi(providerDisableRoute, async (c) => {
    const { serviceProviderId, password, code } = c.req.valid("json");
    actingProvider(c, serviceProviderId);
    const row = await providerRow(db, serviceProviderId);
    if (!(await twoFactor.isEnabled(providerAccount(serviceProviderId)))) throw new HttpError(409, { message: M.notOn });
    if (!row.passwordHash || !(await verifyPassword(password, row.passwordHash))) {
      throw new HttpError(400, { message: M.passwordWrong, errors: { password: M.passwordWrong } });
    }
    await db.transaction(async (tx) => {
      await twoFactor.requireCode(tx, providerAccount(serviceProviderId), code);
      await twoFactor.remove(tx, providerAccount(serviceProviderId));
      await auditProvider(tx, row, ON, OFF);
    });
    return c.json({ data: { enabled: false, enabled_at: null, recovery_codes_left: 0, required: false } }, 200);
  });

  router.openapi(providerRenewCodesRoute, async (c) => {
    const { serviceProviderId, code } = c.req.valid("json");
    actingProvider(c, serviceProviderId);
    const row = await providerRow(db, serviceProviderId);
    const codes = await db.transaction(async (tx) => {
      await twoFactor.requireCode(tx, providerAccount(serviceProviderId), code);
      const made = await twoFactor.renewRecoveryCodes(tx, providerAccount(serviceProviderId));
      await auditProvider(tx, row, {}, { recovery_codes: "Renewed" });
      return made;
    });
    return c.json({ data: { recovery_codes: codes } }, 200);
  });

  return router;
}
