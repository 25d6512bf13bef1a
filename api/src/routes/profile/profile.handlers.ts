/** profile: the handlers of the calls profile.routes.ts defines. */
import { eq, sql } from "drizzle-orm";
import { PASSWORD_AUDIT } from "~contract/admin-user-labels";
import { PROFILE_MESSAGES } from "~contract/profile";
import { createHash } from "node:crypto";
import type { Database } from "../../db/client";
import { adminUsers } from "../../db/schema";
import { recordAudit, requireActor } from "../../lib/audit";
import { badRequest, HttpError, INVALID_INPUT_MESSAGE, notFound } from "../../lib/http";
import { apiRouter } from "../../lib/openapi";
import { hashPassword, verifyPassword } from "../../lib/password";
import { adminUserRecord } from "../../lib/serialize";
import { ADMIN_USER_NOT_FOUND } from "../admin-users";
import { changePasswordRoute, appearanceRoute } from "./profile.routes";

export const ONLY_YOUR_OWN = "An admin can only change their own password and appearance here";

const hashToken = (token: string) => createHash("sha256").update(token, "utf8").digest("hex");

export function profileRouter(db: Database) {
  const router = apiRouter();

  router.openapi(changePasswordRoute, async (c) => {
    const actor = await requireActor(c, db);
    const { adminUserId, current_password, new_password, keep_token } = c.req.valid("json");
    if (actor.adminUserId !== adminUserId) throw new HttpError(403, { message: ONLY_YOUR_OWN });
    const [row] = await db.select().from(adminUsers).where(eq(adminUsers.adminUserId, adminUserId));
    if (!row) throw notFound(ADMIN_USER_NOT_FOUND);
    if (!(await verifyPassword(current_password, row.adminPassword))) {
      throw badRequest(INVALID_INPUT_MESSAGE, { current_password: PROFILE_MESSAGES.wrongCurrentPassword });
    }
    if (current_password === new_password) throw badRequest(INVALID_INPUT_MESSAGE, { new_password: PROFILE_MESSAGES.sameAsCurrent });
    const hashed = await hashPassword(new_password);
    const ended = await db.transaction(async (tx) => {
      const counted = (await tx.execute(
        sql`SELECT count(*)::int AS sessions FROM admin_sessions WHERE admin_user_id = ${adminUserId} AND token_hash IS DISTINCT FROM ${keep_token ? hashToken(keep_token) : null}`,
      )) as unknown as { rows: { sessions: number }[] };
      const sessions = counted.rows[0]?.sessions ?? 0;
      // the trigger that ends an admin's sessions on a new password spares this one (migration 0008)
      if (keep_token) await tx.execute(sql`SELECT set_config('app.keep_admin_session', ${hashToken(keep_token)}, true)`);
      await tx.update(adminUsers).set({ adminPassword: hashed, updated_at: new Date() }).where(eq(adminUsers.adminUserId, adminUserId));
      await recordAudit(tx, actor, {
        action: "update",
        entity: "admin_user",
        entityId: adminUserId,
        before: { adminPassword: PASSWORD_AUDIT.before },
        after: { adminPassword: PASSWORD_AUDIT.changed },
      });
      return Number(sessions);
    });
    return c.json({ data: { ended_sessions: ended } }, 200);
  });

  router.openapi(appearanceRoute, async (c) => {
    const actor = await requireActor(c, db);
    const { adminUserId, appearance } = c.req.valid("json");
    if (actor.adminUserId !== adminUserId) throw new HttpError(403, { message: ONLY_YOUR_OWN });
    const [row] = await db.update(adminUsers).set({ appearance }).where(eq(adminUsers.adminUserId, adminUserId)).returning();
    if (!row) throw notFound(ADMIN_USER_NOT_FOUND);
    return c.json({ data: adminUserRecord(row) }, 200);
  });

  return router;
}
