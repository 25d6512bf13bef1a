/** bulk-jobs: the handlers of the calls bulk-jobs.routes.ts defines. */
import { and, asc, count, desc, eq, inArray } from "drizzle-orm";
import { hasAccess } from "~contract/access";
import { BULK_JOB_KIND_INFO, BULK_JOB_KINDS, BULK_JOB_MESSAGES, BULK_LIST_INFO, type BulkJob, type BulkJobKind } from "~contract/bulk-jobs";
import { sanitizeRichText } from "~shared/sanitize";
import type { Database } from "../../db/client";
import { bulkJobFailures, bulkJobs, type BulkJobRow } from "../../db/schema";
import { actingAccess } from "../../lib/admin-access";
import { recordAudit, requireActor, type Actor, type Tx } from "../../lib/audit";
import { HttpError, notFound } from "../../lib/http";
import { apiRouter } from "../../lib/openapi";
import { cleanFilter, filterWhere, matching } from "../../bulk-jobs/kinds";
import { cancelJobRoute, createJobRoute, jobFailuresRoute, jobRoute, listJobsRoute } from "./bulk-jobs.routes";

export function bulkJobRecord(row: BulkJobRow): BulkJob {
  const payload = row.payload as { subject?: string; whatsappTemplate?: string; reason?: string };
  const open = row.state === "queued" || row.state === "running" || row.state === "cancelling";
  return {
    id: row.id,
    kind: row.kind as BulkJobKind,
    filter: row.filter as Record<string, string>,
    payload: {
      ...(payload.subject !== undefined ? { subject: payload.subject } : {}),
      ...(payload.whatsappTemplate !== undefined ? { whatsappTemplate: payload.whatsappTemplate } : {}),
      ...(payload.reason !== undefined ? { reason: payload.reason } : {}),
    },
    created_by: row.created_by,
    created_by_username: row.created_by_username,
    created_at: row.created_at.toISOString(),
    state: row.state,
    total: row.total,
    done: row.done,
    failed: row.failed,
    left: open ? Math.max(0, row.total - row.done - row.failed) : 0,
    started_at: row.started_at?.toISOString() ?? null,
    finished_at: row.finished_at?.toISOString() ?? null,
  };
}

/** What a job's audit entry keeps of its payload: an email's subject, a template, a rejection's reason. */
function auditedPayload(row: BulkJobRow) {
  const { subject, whatsappTemplate, reason } = row.payload as { subject?: string; whatsappTemplate?: string; reason?: string };
  return {
    ...(subject !== undefined ? { subject } : {}),
    ...(whatsappTemplate !== undefined ? { whatsappTemplate } : {}),
    ...(reason !== undefined ? { reason } : {}),
  };
}

/** 403 unless the acting admin holds the access of the kind's list (read now, in the transaction). */
async function requireKindAccess(tx: Tx | Database, actor: Actor, kind: BulkJobKind) {
  const { adminAccessRoleSettings } = await actingAccess(tx, actor);
  const list = BULK_LIST_INFO[BULK_JOB_KIND_INFO[kind].list];
  if (!hasAccess(adminAccessRoleSettings, list.access)) throw new HttpError(403, { message: BULK_JOB_MESSAGES.noAccess(list.title) });
}

async function jobOf(tx: Tx | Database, actor: Actor, id: number, lock = false) {
  const query = tx.select().from(bulkJobs).where(eq(bulkJobs.id, id));
  const [row] = lock ? await query.for("update") : await query;
  if (!row) throw notFound(BULK_JOB_MESSAGES.notFound);
  await requireKindAccess(tx, actor, row.kind as BulkJobKind);
  return row;
}

/** `kick`: starts this process's runner on a job just made. */
export function bulkJobsRouter(db: Database, kick?: () => void) {
  const router = apiRouter();

  router.openapi(createJobRoute, async (c) => {
    const actor = await requireActor(c, db);
    const body = c.req.valid("json");
    await requireKindAccess(db, actor, body.kind);
    const list = BULK_JOB_KIND_INFO[body.kind].list;
    const filter = cleanFilter(body.filter);
    const where = await filterWhere(db, list, filter);
    const { total, untilId } = await matching(db, list, where);
    const payload =
      body.kind === "provider-email"
        ? { subject: body.subject, body: sanitizeRichText(body.body) }
        : body.kind === "provider-whatsapp"
          ? { whatsappTemplate: body.whatsappTemplate }
          : body.kind === "document-reject"
            ? { reason: body.reason }
            : {};
    const row = await db.transaction(async (tx) => {
      const [made] = await tx
        .insert(bulkJobs)
        .values({
          kind: body.kind,
          filter,
          payload,
          created_by: actor.adminUserId,
          created_by_username: actor.adminUsername,
          total,
          until_id: untilId,
          // nothing matches: done at once (the page says so)
          ...(total === 0 ? { state: "done" as const, finished_at: new Date() } : {}),
        })
        .returning();
      // who started what over which rows (the message's body is in the job, not repeated here)
      await recordAudit(tx, actor, {
        action: "create",
        entity: "bulk_job",
        entityId: made.id,
        after: { kind: made.kind, filter, total, state: made.state, ...auditedPayload(made) },
      });
      return made;
    });
    if (total > 0) kick?.();
    return c.json({ data: bulkJobRecord(row) }, 201);
  });

  router.openapi(listJobsRoute, async (c) => {
    const actor = await requireActor(c, db);
    const { mine, limit } = c.req.valid("query");
    const { adminAccessRoleSettings } = await actingAccess(db, actor);
    const kinds = BULK_JOB_KINDS.filter((k) => hasAccess(adminAccessRoleSettings, BULK_LIST_INFO[BULK_JOB_KIND_INFO[k].list].access));
    if (kinds.length === 0) return c.json({ data: [] }, 200);
    const rows = await db
      .select()
      .from(bulkJobs)
      .where(and(inArray(bulkJobs.kind, kinds), mine === "true" ? eq(bulkJobs.created_by, actor.adminUserId) : undefined))
      .orderBy(desc(bulkJobs.created_at), desc(bulkJobs.id))
      .limit(limit);
    return c.json({ data: rows.map(bulkJobRecord) }, 200);
  });

  router.openapi(jobRoute, async (c) => {
    const actor = await requireActor(c, db);
    const { id } = c.req.valid("param");
    return c.json({ data: bulkJobRecord(await jobOf(db, actor, id)) }, 200);
  });

  router.openapi(cancelJobRoute, async (c) => {
    const actor = await requireActor(c, db);
    const { id } = c.req.valid("param");
    const row = await db.transaction(async (tx) => {
      // waits for a batch under way (it holds this row): the next one sees the cancel
      const job = await jobOf(tx, actor, id, true);
      if (job.state === "done" || job.state === "cancelled") throw new HttpError(409, { message: BULK_JOB_MESSAGES.notCancellable });
      const claimLive = job.claimed_by !== null && job.claim_until !== null && job.claim_until.getTime() > Date.now();
      const [updated] = await tx
        .update(bulkJobs)
        .set(
          job.state === "queued" || !claimLive
            ? { state: "cancelled", finished_at: new Date(), claimed_by: null, claim_until: null }
            : { state: "cancelling" },
        )
        .where(eq(bulkJobs.id, id))
        .returning();
      await recordAudit(tx, actor, {
        action: "update",
        entity: "bulk_job",
        entityId: id,
        before: { state: job.state, done: job.done, failed: job.failed },
        after: { state: updated.state, kind: job.kind, filter: job.filter, total: job.total },
      });
      return updated;
    });
    return c.json({ data: bulkJobRecord(row) }, 200);
  });

  router.openapi(jobFailuresRoute, async (c) => {
    const actor = await requireActor(c, db);
    const { id } = c.req.valid("param");
    const { page, page_size } = c.req.valid("query");
    await jobOf(db, actor, id);
    const where = eq(bulkJobFailures.job_id, id);
    const [rows, [{ total }]] = await Promise.all([
      db
        .select({ target_id: bulkJobFailures.target_id, target_label: bulkJobFailures.target_label, reason: bulkJobFailures.reason })
        .from(bulkJobFailures)
        .where(where)
        .orderBy(asc(bulkJobFailures.target_id))
        .limit(page_size)
        .offset((page - 1) * page_size),
      db.select({ total: count() }).from(bulkJobFailures).where(where),
    ]);
    return c.json({ data: rows, total_results: Number(total) }, 200);
  });

  return router;
}
