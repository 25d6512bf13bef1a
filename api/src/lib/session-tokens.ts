/**
 * What the admins' and the providers' server-side sessions share (routes/admin-sessions/,
 * routes/provider-auth/): the random token the cookie carries (only its SHA-256 is stored), when
 * a session is live, and the times its record shows.
 */
import { createHash, randomBytes } from "node:crypto";
import { and, gt, sql, type Column } from "drizzle-orm";

/** last_seen_at is written at most this often (a session read on every page would otherwise write every time) */
export const LAST_SEEN_RESOLUTION_MS = 60_000;

export const hashToken = (token: string) => createHash("sha256").update(token, "utf8").digest("hex");
export const newToken = () => randomBytes(32).toString("base64url");

type SessionColumns = { expiresAt: Column; lastSeenAt: Column; idleSeconds: Column };

/** A session is live while used within its idle time and before its absolute end. */
export const liveSession = (table: SessionColumns, now: Date) =>
  and(gt(table.expiresAt, now), gt(sql`${table.lastSeenAt} + make_interval(secs => ${table.idleSeconds})`, now))!;

type SessionRow = {
  sessionId: number;
  created_at: Date;
  lastSeenAt: Date;
  idleSeconds: number;
  expiresAt: Date;
  userAgent: string;
  address: string;
};

/** The fields of a session's record that do not name whose it is. */
export function sessionTimes(row: SessionRow) {
  return {
    sessionId: row.sessionId,
    created_at: row.created_at.toISOString(),
    last_seen_at: row.lastSeenAt.toISOString(),
    idle_expires_at: new Date(row.lastSeenAt.getTime() + row.idleSeconds * 1000).toISOString(),
    expires_at: row.expiresAt.toISOString(),
    user_agent: row.userAgent,
    address: row.address,
  };
}
