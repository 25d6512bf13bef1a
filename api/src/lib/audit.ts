import type { Context } from "hono";
import { eq } from "drizzle-orm";
import { ACTING_ADMIN_HEADER } from "../../../app/models/api";
import type { Database } from "../db/client";
import { adminUsers, auditLog } from "../db/schema";
import { badRequest } from "./http";

export type Actor = { adminUserId: number; adminUsername: string };
export type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];

export const ACTING_ADMIN_REQUIRED = `${ACTING_ADMIN_HEADER} header is required`;

/** The admin on whose behalf a mutating call is made (header x-acting-admin = adminUserId). */
export async function requireActor(c: Context, db: Database): Promise<Actor> {
  const raw = c.req.header(ACTING_ADMIN_HEADER)?.trim() ?? "";
  if (!/^\d{1,9}$/.test(raw)) throw badRequest(ACTING_ADMIN_REQUIRED);
  const [row] = await db
    .select({ adminUserId: adminUsers.adminUserId, adminUsername: adminUsers.adminUsername })
    .from(adminUsers)
    .where(eq(adminUsers.adminUserId, Number(raw)));
  if (!row) throw badRequest(ACTING_ADMIN_REQUIRED);
  return row;
}

export async function recordAudit(
  tx: Tx | Database,
  actor: Actor,
  entry: { action: "create" | "update" | "delete" | "reveal"; entity: string; entityId: number | string; before?: unknown; after?: unknown },
) {
  await tx.insert(auditLog).values({
    admin_user_id: actor.adminUserId,
    admin_username: actor.adminUsername,
    action: entry.action,
    entity: entry.entity,
    entity_id: String(entry.entityId),
    before: entry.before ?? null,
    after: entry.after ?? null,
  });
}
