/** admin-sessions: the handlers of the calls admin-sessions.routes.ts defines. */
import { and, count, desc, eq, lt, ne, notInArray, or, sql } from "drizzle-orm";
import { AdminSessionRecord, MAX_SESSIONS_PER_ADMIN, SESSION_NOT_FOUND } from "~contract/admin-sessions";
import { NOT_ACTIVE_MESSAGE } from "~contract/admin-users";
import { ALL_ACCESS, CANNOT_END_OWN_SESSIONS, END_SESSIONS_NEEDS_ALL_ACCESS } from "~contract/admin-user-labels";
import type { Database } from "../../db/client";
import { adminSessions, adminUsers, type AdminSessionRow } from "../../db/schema";
import { hashToken, LAST_SEEN_RESOLUTION_MS, liveSession, newToken, sessionTimes } from "../../lib/session-tokens";
import { HttpError, notFound } from "../../lib/http";
import { recordAudit, requireActor } from "../../lib/audit";
import { apiRouter } from "../../lib/openapi";
import { adminUserRecord } from "../../lib/serialize";
import { ADMIN_USER_NOT_FOUND } from "../admin-users";
import { policyRequires, type TwoFactor } from "../../lib/two-factor";
import { openRoute, resolveRoute, endRoute, listRoute, endOthersRoute, endOneRoute, endAllRoute } from "./admin-sessions.routes";

const live = (now: Date) => liveSession(adminSessions, now);

function sessionRecord(row: AdminSessionRow): AdminSessionRecord {
  return {
    ...sessionTimes(row),
    adminUserId: row.adminUserId,
  };
}

/**
 * Server-side admin sessions (the admin's Remix session storage calls these). Only the admin holds
 * the API key, so these trust it as they trust every call; tokens travel in bodies, never in URLs.
 */
export function adminSessionsRouter(
  db: Database,
  { maxSessions = MAX_SESSIONS_PER_ADMIN, twoFactor }: { maxSessions?: number; twoFactor: TwoFactor },
) {
  const router = apiRouter();

  router.openapi(openRoute, async (c) => {
    const body = c.req.valid("json");
    const [admin] = await db.select().from(adminUsers).where(eq(adminUsers.adminUserId, body.adminUserId));
    if (!admin) throw notFound(ADMIN_USER_NOT_FOUND);
    if (admin.adminStatus !== "Active") throw new HttpError(403, { message: NOT_ACTIVE_MESSAGE });
    // a second factor on (or required by the policy): only a passed challenge of this admin opens it
    const account = { portal: "admin" as const, accountId: admin.adminUserId };
    if ((await twoFactor.isEnabled(account)) || (await policyRequires(db, admin.adminAccessRoleSettings))) {
      await twoFactor.requirePassedChallenge(db, body.challenge_token, account);
    }
    const now = new Date();
    // sessions that ended are swept here, so the table holds live sessions only (plus a few stragglers)
    await db.delete(adminSessions).where(or(lt(adminSessions.expiresAt, now), sql`not (${live(now)})`));
    const token = newToken();
    const row = await db.transaction(async (tx) => {
      // one sign-in of this admin at a time, so the cap holds when two arrive together
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`admin-sessions:${admin.adminUserId}`}))`);
      // the browser's previous session (whoever's it was: its cookie is being replaced) ends here
      if (body.replaces_token) await tx.delete(adminSessions).where(eq(adminSessions.tokenHash, hashToken(body.replaces_token)));
      const [opened] = await tx
        .insert(adminSessions)
        .values({
          tokenHash: hashToken(token),
          adminUserId: admin.adminUserId,
          created_at: now,
          lastSeenAt: now,
          idleSeconds: body.idle_seconds,
          expiresAt: new Date(now.getTime() + body.absolute_seconds * 1000),
          userAgent: body.user_agent.slice(0, 1000),
          address: body.address.slice(0, 100),
        })
        .returning();
      // at most maxSessions: the least recently used beyond them end (the new one is the most recent)
      const kept = tx
        .select({ id: adminSessions.sessionId })
        .from(adminSessions)
        .where(eq(adminSessions.adminUserId, admin.adminUserId))
        .orderBy(desc(adminSessions.lastSeenAt), desc(adminSessions.sessionId))
        .limit(maxSessions);
      await tx
        .delete(adminSessions)
        .where(and(eq(adminSessions.adminUserId, admin.adminUserId), notInArray(adminSessions.sessionId, kept)));
      return opened;
    });
    // the admin's last sign-in (the Admin Users list shows it); not a change of the record (updated_at stays)
    await db.update(adminUsers).set({ lastSignedInAt: now }).where(eq(adminUsers.adminUserId, admin.adminUserId));
    return c.json({ data: { token, session: sessionRecord(row) } }, 201);
  });

  /** The session behind a token, with its admin; touching it keeps it alive. 404 once it has ended. */
  router.openapi(resolveRoute, async (c) => {
    const { token } = c.req.valid("json");
    const now = new Date();
    const [found] = await db
      .select({ session: adminSessions, admin: adminUsers })
      .from(adminSessions)
      .innerJoin(adminUsers, eq(adminUsers.adminUserId, adminSessions.adminUserId))
      .where(eq(adminSessions.tokenHash, hashToken(token)));
    if (!found) throw notFound(SESSION_NOT_FOUND);
    let { session } = found;
    const idleEnd = session.lastSeenAt.getTime() + session.idleSeconds * 1000;
    if (session.expiresAt <= now || idleEnd <= now.getTime() || found.admin.adminStatus !== "Active") {
      await db.delete(adminSessions).where(eq(adminSessions.sessionId, session.sessionId));
      throw notFound(SESSION_NOT_FOUND);
    }
    if (now.getTime() - session.lastSeenAt.getTime() >= LAST_SEEN_RESOLUTION_MS) {
      const [touched] = await db
        .update(adminSessions)
        .set({ lastSeenAt: now })
        .where(eq(adminSessions.sessionId, session.sessionId))
        .returning();
      if (touched) session = touched;
    }
    return c.json({ data: { session: sessionRecord(session), admin: adminUserRecord(found.admin) } }, 200);
  });

  /** Sign-out: ends the token's session (answers 204 whether or not it was still live). */
  router.openapi(endRoute, async (c) => {
    const { token } = c.req.valid("json");
    await db.delete(adminSessions).where(eq(adminSessions.tokenHash, hashToken(token)));
    return c.body(null, 204);
  });

  /** One page of an admin's live sessions, most recently used first, and how many there are. */
  router.openapi(listRoute, async (c) => {
    const { adminUserId, page, page_size } = c.req.valid("query");
    const where = and(eq(adminSessions.adminUserId, adminUserId), live(new Date()));
    const [rows, [{ total }]] = await Promise.all([
      db
        .select()
        .from(adminSessions)
        .where(where)
        .orderBy(desc(adminSessions.lastSeenAt), desc(adminSessions.sessionId))
        .limit(page_size)
        .offset((page - 1) * page_size),
      db.select({ total: count() }).from(adminSessions).where(where),
    ]);
    return c.json({ data: rows.map(sessionRecord), total }, 200);
  });

  /** "Sign out other sessions": ends every session of the admin but the one whose token is kept. */
  router.openapi(endOthersRoute, async (c) => {
    const { adminUserId, keep_token } = c.req.valid("json");
    const ended = await db
      .delete(adminSessions)
      .where(and(eq(adminSessions.adminUserId, adminUserId), ne(adminSessions.tokenHash, hashToken(keep_token))))
      .returning({ sessionId: adminSessions.sessionId });
    return c.json({ data: { ended: ended.length } }, 200);
  });

  /** An All Access admin ends every session of another admin (their next request signs them out), audited. */
  router.openapi(endAllRoute, async (c) => {
    const actor = await requireActor(c, db);
    const { adminUserId } = c.req.valid("query");
    const [acting] = await db.select().from(adminUsers).where(eq(adminUsers.adminUserId, actor.adminUserId));
    if (!acting?.adminAccessRoleSettings.includes(ALL_ACCESS)) throw new HttpError(403, { message: END_SESSIONS_NEEDS_ALL_ACCESS });
    if (adminUserId === actor.adminUserId) throw new HttpError(409, { message: CANNOT_END_OWN_SESSIONS });
    const ended = await db.transaction(async (tx) => {
      const [target] = await tx
        .select({ id: adminUsers.adminUserId })
        .from(adminUsers)
        .where(eq(adminUsers.adminUserId, adminUserId))
        .for("update");
      if (!target) throw notFound(ADMIN_USER_NOT_FOUND);
      const now = new Date();
      const rows = await tx.delete(adminSessions).where(eq(adminSessions.adminUserId, adminUserId)).returning();
      const live = rows.filter((row) => row.expiresAt > now && row.lastSeenAt.getTime() + row.idleSeconds * 1000 > now.getTime()).length;
      await recordAudit(tx, actor, {
        action: "update",
        entity: "admin_user",
        entityId: adminUserId,
        before: { sessions: live },
        after: { sessions: 0 },
      });
      return live;
    });
    return c.json({ data: { ended } }, 200);
  });

  /** Ends one of an admin's sessions (404 when it is not theirs or already ended). */
  router.openapi(endOneRoute, async (c) => {
    const { sessionId } = c.req.valid("param");
    const { adminUserId } = c.req.valid("query");
    const ended = await db
      .delete(adminSessions)
      .where(and(eq(adminSessions.sessionId, sessionId), eq(adminSessions.adminUserId, adminUserId)))
      .returning({ sessionId: adminSessions.sessionId });
    if (ended.length === 0) throw notFound(SESSION_NOT_FOUND);
    return c.body(null, 204);
  });

  return router;
}
