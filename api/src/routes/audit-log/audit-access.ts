import { eq, inArray, sql, type SQL } from "drizzle-orm";
import { auditEntitiesOpenTo, auditEntityAccess, mayOpenAuditEntity, REVERT_ACCESS_MESSAGES } from "~contract/audit-access";
import type { Database } from "../../db/client";
import { adminUsers, auditLog } from "../../db/schema";
import type { Actor } from "../../lib/audit";
import { HttpError } from "../../lib/http";

/**
 * The audit log seen by one admin: the areas they hold (admin_users, read at each call, so a change
 * of access counts at once) decide which entries they see in "Recent changes" and which changes
 * they may revert. The table of areas is contract/audit-access.ts.
 */

/** The access names the admin holds now ([] when the admin is unknown). */
export async function accessOf(db: Database, adminUserId: number): Promise<string[]> {
  const [row] = await db
    .select({ access: adminUsers.adminAccessRoleSettings })
    .from(adminUsers)
    .where(eq(adminUsers.adminUserId, adminUserId));
  return row?.access ?? [];
}

/** The entries of the areas this admin may open: undefined (every entry) for All Access. */
export function entriesOpenTo(access: readonly string[]): SQL | undefined {
  const entities = auditEntitiesOpenTo(access);
  if (entities === null) return undefined;
  return entities.length ? inArray(auditLog.entity, entities) : sql`false`;
}

/**
 * "Revert this change" replays the record's own update as the acting admin: it needs the access of
 * the record's area (a plan: Subscriptions, a setting or cancellation reason: Settings, an admin
 * user: Admin Users), and never applies to the admin's own admin user (their demotion stays).
 * The admin-user update it replays also applies its own rules on who may grant what.
 */
export async function requireRevertAccess(db: Database, actor: Actor, entry: { entity: string; entity_id: string }) {
  const access = await accessOf(db, actor.adminUserId);
  if (!mayOpenAuditEntity(access, entry.entity)) {
    const needed = auditEntityAccess(entry.entity);
    throw new HttpError(403, { message: needed ? REVERT_ACCESS_MESSAGES.area(needed) : REVERT_ACCESS_MESSAGES.allAccess });
  }
  if (entry.entity === "admin_user" && entry.entity_id === String(actor.adminUserId))
    throw new HttpError(403, { message: REVERT_ACCESS_MESSAGES.own });
}
