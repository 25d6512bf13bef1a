import { createHash, randomBytes } from "node:crypto";
import { Hono } from "hono";
import { and, desc, eq, gt, lt, ne, or, sql } from "drizzle-orm";
import { z } from "zod";
import {
  CreateAdminSessionBody,
  EndOtherSessionsBody,
  SESSION_NOT_FOUND,
  SessionTokenBody,
  type AdminSessionRecord,
} from "../../../app/models/admin-session";
import { NOT_ACTIVE_MESSAGE } from "../../../app/models/admin-user";
import type { Database } from "../db/client";
import { adminSessions, adminUsers, type AdminSessionRow } from "../db/schema";
import { HttpError, notFound, parseBody, parseQuery, parseWith } from "../lib/http";
import { idParam } from "../lib/openapi";
import { adminUserRecord } from "../lib/serialize";
import { ADMIN_USER_NOT_FOUND } from "./admin-users";

/** last_seen_at is written at most this often (a session read on every page would otherwise write every time) */
export const LAST_SEEN_RESOLUTION_MS = 60_000;

const hashToken = (token: string) => createHash("sha256").update(token, "utf8").digest("hex");
const newToken = () => randomBytes(32).toString("base64url");

/** a session is live while used within its idle time and before its absolute end */
const live = (now: Date) =>
  and(
    gt(adminSessions.expiresAt, now),
    gt(sql`${adminSessions.lastSeenAt} + make_interval(secs => ${adminSessions.idleSeconds})`, now),
  );

function sessionRecord(row: AdminSessionRow): AdminSessionRecord {
  return {
    sessionId: row.sessionId,
    adminUserId: row.adminUserId,
    created_at: row.created_at.toISOString(),
    last_seen_at: row.lastSeenAt.toISOString(),
    idle_expires_at: new Date(row.lastSeenAt.getTime() + row.idleSeconds * 1000).toISOString(),
    expires_at: row.expiresAt.toISOString(),
    user_agent: row.userAgent,
    address: row.address,
  };
}

const AdminUserIdQuery = z.object({ adminUserId: idParam("adminUserId") });
const SessionIdPath = z.object({ sessionId: idParam("sessionId") });

/**
 * Server-side admin sessions (the admin's Remix session storage calls these). Only the admin holds
 * the API key, so these trust it as they trust every call; tokens travel in bodies, never in URLs.
 */
export function adminSessionsRouter(db: Database) {
  const router = new Hono();

  router.post("/admin-sessions", async (c) => {
    const body = await parseBody(c, CreateAdminSessionBody);
    const [admin] = await db.select().from(adminUsers).where(eq(adminUsers.adminUserId, body.adminUserId));
    if (!admin) throw notFound(ADMIN_USER_NOT_FOUND);
    if (admin.adminStatus !== "Active") throw new HttpError(403, { message: NOT_ACTIVE_MESSAGE });
    const now = new Date();
    // sessions that ended are swept here, so the table holds live sessions only (plus a few stragglers)
    await db.delete(adminSessions).where(or(lt(adminSessions.expiresAt, now), sql`not (${live(now)})`));
    const token = newToken();
    const [row] = await db
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
    return c.json({ data: { token, session: sessionRecord(row) } }, 201);
  });

  /** The session behind a token, with its admin; touching it keeps it alive. 404 once it has ended. */
  router.post("/admin-sessions/resolve", async (c) => {
    const { token } = await parseBody(c, SessionTokenBody);
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
    return c.json({ data: { session: sessionRecord(session), admin: adminUserRecord(found.admin) } });
  });

  /** Sign-out: ends the token's session (answers 204 whether or not it was still live). */
  router.post("/admin-sessions/end", async (c) => {
    const { token } = await parseBody(c, SessionTokenBody);
    await db.delete(adminSessions).where(eq(adminSessions.tokenHash, hashToken(token)));
    return c.body(null, 204);
  });

  /** An admin's live sessions, most recently used first. */
  router.get("/admin-sessions", async (c) => {
    const { adminUserId } = parseQuery(c, AdminUserIdQuery);
    const rows = await db
      .select()
      .from(adminSessions)
      .where(and(eq(adminSessions.adminUserId, adminUserId), live(new Date())))
      .orderBy(desc(adminSessions.lastSeenAt), desc(adminSessions.sessionId));
    return c.json({ data: rows.map(sessionRecord) });
  });

  /** "Sign out other sessions": ends every session of the admin but the one whose token is kept. */
  router.post("/admin-sessions/end-others", async (c) => {
    const { adminUserId, keep_token } = await parseBody(c, EndOtherSessionsBody);
    const ended = await db
      .delete(adminSessions)
      .where(and(eq(adminSessions.adminUserId, adminUserId), ne(adminSessions.tokenHash, hashToken(keep_token))))
      .returning({ sessionId: adminSessions.sessionId });
    return c.json({ data: { ended: ended.length } });
  });

  /** Ends one of an admin's sessions (404 when it is not theirs or already ended). */
  router.delete("/admin-sessions/:sessionId", async (c) => {
    const { sessionId } = parseWith(SessionIdPath, c.req.param());
    const { adminUserId } = parseQuery(c, AdminUserIdQuery);
    const ended = await db
      .delete(adminSessions)
      .where(and(eq(adminSessions.sessionId, sessionId), eq(adminSessions.adminUserId, adminUserId)))
      .returning({ sessionId: adminSessions.sessionId });
    if (ended.length === 0) throw notFound(SESSION_NOT_FOUND);
    return c.body(null, 204);
  });

  return router;
}
