/** admin-users: the handlers of the calls admin-users.routes.ts defines. */
import { and, asc, count, desc, eq, ne, or, sql, type SQL } from "drizzle-orm";
import { CLIENT_ADDRESS_HEADER } from "~contract/api";
import {
  ADMIN_USER_DELETED,
  ALL_ACCESS,
  CANNOT_BLOCK_SELF,
  CANNOT_DELETE_SELF,
  emailTaken,
  lastAllAccessAdmin,
  PASSWORD_AUDIT,
  USERNAME_TAKEN,
} from "~contract/admin-user-labels";
import { adminChangeRefusal, adminDeleteRefusal, type AccessRefusal } from "~contract/admin-user-access";
import type { AdminUserListQuery } from "~contract/admin-users";
import type { Database } from "../../db/client";
import { adminSessions, adminUsers, auditLog, type AdminUserRow } from "../../db/schema";
import { actingAccess } from "../../lib/admin-access";
import { recordAudit, requireActor, type Tx } from "../../lib/audit";
import { badRequest, HttpError, INVALID_INPUT_MESSAGE, nextVersion, notFound, parseVersion, staleEdit } from "../../lib/http";
import { apiRouter } from "../../lib/openapi";
import { LoginThrottle, throttledError } from "../../lib/login-throttle";
import { burnPasswordCheck, hashPassword, needsRehash, verifyPassword } from "../../lib/password";
import { containsPattern } from "../../lib/providers";
import { adminUserRecord } from "../../lib/serialize";
import { policyRequires, type TwoFactor } from "../../lib/two-factor";
import type { SecondFactorChallenge } from "~contract/two-factor";
import { loginRoute, adminUserRoute, listRoute, registerRoute, updateRoute, deleteRoute } from "./admin-users.routes";

export const INVALID_LOGIN = "Invalid username or password";

export const ADMIN_USER_NOT_FOUND = "Admin user not found";

/**
 * The list's order, ties by id: newest first by default. Never signed in counts as the earliest
 * sign-in (first ascending, last descending), as the providers' Last Login sort does. A few dozen
 * rows at most: no index behind these sorts.
 */
function listOrder(query: AdminUserListQuery): SQL[] {
  const by = query.sortOrder === "asc" ? asc : desc;
  const id = by(adminUsers.adminUserId);
  switch (query.sortField) {
    case "adminUsername":
      return [by(sql`lower(${adminUsers.adminUsername})`), id];
    case "adminStatus":
      return [by(adminUsers.adminStatus), id];
    case "last_signed_in_at":
      return [by(sql`coalesce(${adminUsers.lastSignedInAt}, '-infinity'::timestamptz)`), id];
    case "created_at":
      return [by(adminUsers.created_at), id];
    default:
      return [desc(adminUsers.created_at), desc(adminUsers.adminUserId)];
  }
}

/** A field's value as the audit log shows it (access lists compare as JSON). */
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

const holdsAllAccess = (row: Pick<AdminUserRow, "adminStatus" | "adminAccessRoleSettings">) =>
  row.adminStatus === "Active" && row.adminAccessRoleSettings.includes(ALL_ACCESS);

/**
 * Admin-user changes take turns (a transaction-scoped advisory lock): two admins demoting the last
 * two All Access admins at the same moment would otherwise each see the other still there.
 */
async function takeTurn(tx: Tx) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('admin_users'))`);
}

/** Other Active admins with All Access than this one (0 means it is the last). */
async function otherAllAccessAdmins(tx: Tx, exceptId: number): Promise<number> {
  const [{ n }] = await tx
    .select({ n: count() })
    .from(adminUsers)
    .where(
      and(
        eq(adminUsers.adminStatus, "Active"),
        sql`${adminUsers.adminAccessRoleSettings} @> ${JSON.stringify([ALL_ACCESS])}::jsonb`,
        ne(adminUsers.adminUserId, exceptId),
      ),
    );
  return Number(n);
}

/** The access rule's refusal as the API answers it: 403, beside the field it concerns when there is one. */
function refused(refusal: AccessRefusal): HttpError {
  return new HttpError(403, { message: refusal.message, ...(refusal.field ? { errors: { [refusal.field]: refusal.message } } : {}) });
}

/** 400 when another admin user has this email, in any case (the message names them). */
async function refuseTakenEmail(tx: Tx, email: string, exceptId: number | null) {
  const [other] = await tx
    .select({ username: adminUsers.adminUsername })
    .from(adminUsers)
    .where(
      and(
        eq(sql`lower(${adminUsers.adminEmail})`, email.toLowerCase()),
        exceptId === null ? undefined : ne(adminUsers.adminUserId, exceptId),
      ),
    )
    .limit(1);
  if (other) throw badRequest(INVALID_INPUT_MESSAGE, { adminEmail: emailTaken(other.username) });
}

/** Who made an admin user's latest change (the table keeps no updated_by; the audit log does). */
async function lastChangedBy(tx: Tx, adminUserId: number): Promise<string | null> {
  const [entry] = await tx
    .select({ who: auditLog.admin_username })
    .from(auditLog)
    // an entry of ended sessions (POST /admin-sessions/end-all) is no change of the record
    .where(
      and(eq(auditLog.entity, "admin_user"), eq(auditLog.entity_id, String(adminUserId)), sql`(${auditLog.after} -> 'sessions') IS NULL`),
    )
    .orderBy(desc(auditLog.id))
    .limit(1);
  return entry?.who ?? null;
}

/**
 * A sign-in's re-hash: the new hash replaces the old one without ending the admin's other sessions
 * (migration 0006's trigger ends them on any password change; the same password is no change), and
 * without a new updated_at (an open edit form stays current).
 */
async function rehashKeepingSessions(db: Database, adminUserId: number, hash: string) {
  await db.transaction(async (tx) => {
    // the row lock holds off sessions being opened meanwhile (their key-share lock waits), so none is missed
    await tx.select({ id: adminUsers.adminUserId }).from(adminUsers).where(eq(adminUsers.adminUserId, adminUserId)).for("update");
    const kept = await tx.select().from(adminSessions).where(eq(adminSessions.adminUserId, adminUserId));
    await tx.update(adminUsers).set({ adminPassword: hash }).where(eq(adminUsers.adminUserId, adminUserId));
    if (kept.length > 0) await tx.insert(adminSessions).values(kept).onConflictDoNothing();
  });
}

export function adminUsersRouter(db: Database, throttle: LoginThrottle, twoFactor: TwoFactor) {
  const router = apiRouter();

  router.openapi(loginRoute, async (c) => {
    const { username, password } = c.req.valid("json");
    const address = c.req.header(CLIENT_ADDRESS_HEADER)?.slice(0, 100) || undefined;
    const verdict = await throttle.check(username, address);
    if (verdict.kind === "refused") throw throttledError(verdict);

    const [row] = await db
      .select()
      .from(adminUsers)
      .where(eq(sql`lower(${adminUsers.adminUsername})`, username.toLowerCase()));
    const ok = row ? await verifyPassword(password, row.adminPassword) : (await burnPasswordCheck(password), false);
    if (!row || !ok) {
      const after = await throttle.fail(username, address);
      if (after.kind === "refused") throw throttledError(after);
      throw new HttpError(401, { message: INVALID_LOGIN });
    }
    // A right password clears the pair's failures only for an account that may sign in: a disabled
    // account's "not Active" (said by the admin, after the right password only) leaves the count as it is
    // (docs/decisions/0003-disabled-account-sign-in.md). With a second factor to come, only its right
    // code clears them (so password + code guesses share one limit).
    let secondFactor: SecondFactorChallenge | undefined;
    if (row.adminStatus === "Active") {
      const account = { portal: "admin" as const, accountId: row.adminUserId };
      const step = (await twoFactor.isEnabled(account)) ? "code" : (await policyRequires(db, row.adminAccessRoleSettings)) ? "enrol" : null;
      if (step) secondFactor = await twoFactor.openChallenge(account, step, username, address);
      else await throttle.succeed(username, address);
    }
    if (needsRehash(row.adminPassword)) {
      // the old hash still works: a failed upgrade is retried at the next sign-in, never refuses this one
      await hashPassword(password)
        .then((hash) => rehashKeepingSessions(db, row.adminUserId, hash))
        .catch((error: unknown) => console.error("admin password re-hash failed", error));
    }
    return c.json({ data: adminUserRecord(row), ...(secondFactor ? { second_factor: secondFactor } : {}) }, 200);
  });

  router.openapi(adminUserRoute, async (c) => {
    const { adminUserId } = c.req.valid("query");
    const [row] = await db.select().from(adminUsers).where(eq(adminUsers.adminUserId, adminUserId));
    if (!row) throw notFound(ADMIN_USER_NOT_FOUND);
    return c.json({ data: adminUserRecord(row) }, 200);
  });

  router.openapi(listRoute, async (c) => {
    const query = c.req.valid("query");
    const conditions: SQL[] = [];
    if (query.search) {
      const p = containsPattern(query.search);
      conditions.push(or(sql`${adminUsers.adminUsername} ILIKE ${p}`, sql`${adminUsers.adminEmail} ILIKE ${p}`)!);
    }
    if (query.status) conditions.push(eq(adminUsers.adminStatus, query.status));
    if (query.role) conditions.push(eq(adminUsers.adminRole, query.role));
    const where = conditions.length ? and(...conditions) : undefined;
    const [rows, [{ total }]] = await Promise.all([
      db
        .select()
        .from(adminUsers)
        .where(where)
        .orderBy(...listOrder(query))
        .limit(query.page_size)
        .offset((query.page - 1) * query.page_size),
      db.select({ total: count() }).from(adminUsers).where(where),
    ]);
    return c.json(
      { data: rows.map(adminUserRecord), total_results: Number(total), current_page: query.page, page_size: query.page_size },
      200,
    );
  });

  router.openapi(registerRoute, async (c) => {
    const actor = await requireActor(c, db);
    const body = c.req.valid("json");
    const hash = await hashPassword(body.adminPassword);
    const created = await db.transaction(async (tx) => {
      await takeTurn(tx);
      const refusal = adminChangeRefusal(await actingAccess(tx, actor), { targetId: null, before: null, after: body });
      if (refusal) throw refused(refusal);
      const [clash] = await tx
        .select({ id: adminUsers.adminUserId })
        .from(adminUsers)
        .where(eq(sql`lower(${adminUsers.adminUsername})`, body.adminUsername.toLowerCase()))
        .limit(1);
      if (clash) throw badRequest(INVALID_INPUT_MESSAGE, { adminUsername: USERNAME_TAKEN });
      await refuseTakenEmail(tx, body.adminEmail, null);
      const now = new Date();
      const [row] = await tx
        .insert(adminUsers)
        .values({
          adminUsername: body.adminUsername,
          adminPassword: hash,
          adminEmail: body.adminEmail,
          adminStatus: body.adminStatus,
          adminRole: body.adminRole,
          adminAccessRoleSettings: body.adminAccessRoleSettings,
          created_at: now,
          updated_at: now,
        })
        .returning();
      await recordAudit(tx, actor, {
        action: "create",
        entity: "admin_user",
        entityId: row.adminUserId,
        after: {
          adminUsername: row.adminUsername,
          adminEmail: row.adminEmail,
          adminStatus: row.adminStatus,
          adminRole: row.adminRole,
          adminAccessRoleSettings: row.adminAccessRoleSettings,
          adminPassword: PASSWORD_AUDIT.set,
        },
      });
      return adminUserRecord(row);
    });
    return c.json({ data: created }, 201);
  });

  router.openapi(updateRoute, async (c) => {
    const actor = await requireActor(c, db);
    const { adminUsername, updated_at, adminPassword, ...fields } = c.req.valid("json");
    const version = parseVersion(updated_at);
    const hash = adminPassword === undefined ? undefined : await hashPassword(adminPassword);

    const updated = await db.transaction(async (tx) => {
      await takeTurn(tx);
      const [current] = await tx
        .select()
        .from(adminUsers)
        .where(eq(sql`lower(${adminUsers.adminUsername})`, adminUsername.toLowerCase()))
        .for("update");
      if (!current) throw notFound(ADMIN_USER_NOT_FOUND);
      if (current.updated_at.getTime() !== version) {
        throw staleEdit("admin user", { updated_at: current.updated_at, updated_by: await lastChangedBy(tx, current.adminUserId) });
      }

      const before: Record<string, unknown> = {};
      const after: Record<string, unknown> = {};
      for (const [key, value] of Object.entries(fields)) {
        if (value === undefined) continue;
        const old = current[key as keyof typeof fields];
        if (!same(old, value)) {
          before[key] = old;
          after[key] = value;
        }
      }
      const changes = { ...after } as Partial<Pick<AdminUserRow, keyof typeof fields>>;
      if (hash !== undefined) {
        before.adminPassword = PASSWORD_AUDIT.before;
        after.adminPassword = PASSWORD_AUDIT.changed;
      }
      if (Object.keys(after).length === 0) return adminUserRecord(current);

      const next = { ...current, ...changes };
      const self = current.adminUserId === actor.adminUserId;
      const refusal = adminChangeRefusal(await actingAccess(tx, actor), {
        targetId: current.adminUserId,
        before: current,
        after: next,
        setsPassword: hash !== undefined,
      });
      if (refusal) throw refused(refusal);
      if (changes.adminEmail !== undefined) await refuseTakenEmail(tx, changes.adminEmail, current.adminUserId);
      if (self && next.adminStatus !== "Active") throw new HttpError(409, { message: CANNOT_BLOCK_SELF });
      if (holdsAllAccess(current) && !holdsAllAccess(next) && (await otherAllAccessAdmins(tx, current.adminUserId)) === 0) {
        throw new HttpError(409, { message: lastAllAccessAdmin(current.adminUsername, "update") });
      }

      const [row] = await tx
        .update(adminUsers)
        .set({ ...changes, ...(hash !== undefined ? { adminPassword: hash } : {}), updated_at: nextVersion(current.updated_at) })
        .where(eq(adminUsers.adminUserId, current.adminUserId))
        .returning();
      await recordAudit(tx, actor, { action: "update", entity: "admin_user", entityId: current.adminUserId, before, after });
      return adminUserRecord(row);
    });
    return c.json({ data: updated }, 200);
  });

  router.openapi(deleteRoute, async (c) => {
    const actor = await requireActor(c, db);
    const { adminUserId } = c.req.valid("query");
    await db.transaction(async (tx) => {
      await takeTurn(tx);
      const [current] = await tx.select().from(adminUsers).where(eq(adminUsers.adminUserId, adminUserId)).for("update");
      if (!current) throw notFound(ADMIN_USER_NOT_FOUND);
      const refusal = adminDeleteRefusal(await actingAccess(tx, actor), current);
      if (refusal) throw new HttpError(403, { message: refusal });
      if (current.adminUserId === actor.adminUserId) throw new HttpError(409, { message: CANNOT_DELETE_SELF });
      if (holdsAllAccess(current) && (await otherAllAccessAdmins(tx, current.adminUserId)) === 0) {
        throw new HttpError(409, { message: lastAllAccessAdmin(current.adminUsername, "delete") });
      }
      await tx.delete(adminUsers).where(eq(adminUsers.adminUserId, adminUserId));
      const { created_at: _created, updated_at: _updated, adminUserId: _id, ...record } = adminUserRecord(current);
      await recordAudit(tx, actor, { action: "delete", entity: "admin_user", entityId: adminUserId, before: record });
    });
    return c.json({ message: ADMIN_USER_DELETED }, 200);
  });

  return router;
}
