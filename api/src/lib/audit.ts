import { AsyncLocalStorage } from "node:async_hooks";
import { isRecordId } from "~contract/ids";
import type { Context } from "hono";
import { eq } from "drizzle-orm";
import { ACTING_ADMIN_HEADER } from "~contract/api";
import type { Database } from "../db/client";
import { adminUsers, auditLog } from "../db/schema";
import { badRequest, HttpError } from "./http";
import { currentRequestId } from "./request-context";

export type Actor = { adminUserId: number; adminUsername: string };
export type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];

export const ACTING_ADMIN_REQUIRED = `${ACTING_ADMIN_HEADER} header is required`;
export const ACTING_ADMIN_NOT_ACTIVE = (username: string, status: string) =>
  `Admin ${username} is ${status === "Block" ? "blocked" : status}: only an active admin can make changes`;

/**
 * The admin on whose behalf a mutating call is made (header x-acting-admin = adminUserId). Only an
 * Active admin may act (403 otherwise), so the audit log names active admins only.
 */
export async function requireActor(c: Context, db: Database): Promise<Actor> {
  const raw = c.req.header(ACTING_ADMIN_HEADER)?.trim() ?? "";
  if (!isRecordId(raw)) throw badRequest(ACTING_ADMIN_REQUIRED);
  const [row] = await db
    .select({ adminUserId: adminUsers.adminUserId, adminUsername: adminUsers.adminUsername, adminStatus: adminUsers.adminStatus })
    .from(adminUsers)
    .where(eq(adminUsers.adminUserId, Number(raw)));
  if (!row) throw badRequest(ACTING_ADMIN_REQUIRED);
  if (row.adminStatus !== "Active") throw new HttpError(403, { message: ACTING_ADMIN_NOT_ACTIVE(row.adminUsername, row.adminStatus) });
  return { adminUserId: row.adminUserId, adminUsername: row.adminUsername };
}

/**
 * Set by "Revert this change" (routes/audit-log/) around the update it replays: the entry that
 * update writes is recorded as a revert of the original. Only code in this process can set it.
 */
export const revertContext = new AsyncLocalStorage<{ revertsId: number }>();

export async function recordAudit(
  tx: Tx | Database,
  actor: Actor,
  entry: {
    action: "create" | "update" | "delete" | "reveal" | "export";
    entity: string;
    entityId: number | string;
    before?: unknown;
    after?: unknown;
    /** the bulk job making the change (bulk_jobs.id) */
    jobId?: number;
  },
) {
  const revert = entry.action === "update" ? revertContext.getStore() : undefined;
  const [row] = await tx
    .insert(auditLog)
    .values({
      admin_user_id: actor.adminUserId,
      admin_username: actor.adminUsername,
      action: revert ? "revert" : entry.action,
      reverts_id: revert?.revertsId ?? null,
      entity: entry.entity,
      entity_id: String(entry.entityId),
      before: entry.before ?? null,
      after: entry.after ?? null,
      job_id: entry.jobId ?? null,
      request_id: currentRequestId(),
    })
    .returning();
  return row;
}

/** Many entries of one bulk job's batch in one statement (no revert context: a job is never a revert). */
export async function recordAuditBatch(
  tx: Tx | Database,
  actor: Actor,
  jobId: number,
  entries: { action: "create" | "update" | "delete"; entity: string; entityId: number | string; before?: unknown; after?: unknown }[],
) {
  if (entries.length === 0) return;
  await tx.insert(auditLog).values(
    entries.map((entry) => ({
      admin_user_id: actor.adminUserId,
      admin_username: actor.adminUsername,
      action: entry.action,
      entity: entry.entity,
      entity_id: String(entry.entityId),
      before: entry.before ?? null,
      after: entry.after ?? null,
      job_id: jobId,
    })),
  );
}
