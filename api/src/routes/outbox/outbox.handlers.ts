/** outbox: the handlers of the calls outbox.routes.ts defines. */
import { and, asc, count, desc, eq, inArray, sql, type SQL } from "drizzle-orm";
import { OutboxEntry, OutboxListQuery } from "~contract/outbox";
import { OUTBOX_MESSAGES, type OutboxChannel, type OutboxStatus } from "~contract/outbox-labels";
import type { Database } from "../../db/client";
import { outbox, users } from "../../db/schema";
import { recordAudit, requireActor } from "../../lib/audit";
import { badRequest } from "../../lib/http";
import { apiRouter, z } from "../../lib/openapi";
import { containsPattern } from "../../lib/providers";
import { listRoute, retryRoute, retryFailedRoute } from "./outbox.routes";

/** The admin's status of a row: sending = claimed now; retrying = tried and waiting; queued = not tried yet. */
const statusOf = sql<OutboxStatus>`case when ${outbox.status} <> 'queued' then ${outbox.status} when ${outbox.claimed_until} > now() then 'sending' when ${outbox.attempts} > 0 then 'retrying' else 'queued' end`;

const STATUS_WHERE: Record<OutboxStatus, SQL> = {
  sent: eq(outbox.status, "sent"),
  failed: eq(outbox.status, "failed"),
  sending: sql`${outbox.status} = 'queued' and ${outbox.claimed_until} > now()`,
  retrying: sql`${outbox.status} = 'queued' and ${outbox.attempts} > 0 and (${outbox.claimed_until} is null or ${outbox.claimed_until} <= now())`,
  queued: sql`${outbox.status} = 'queued' and ${outbox.attempts} = 0 and (${outbox.claimed_until} is null or ${outbox.claimed_until} <= now())`,
};

const iso = (d: Date | null) => (d ? d.toISOString() : null);

const requeue = { status: "queued" as const, attempts: 0, next_attempt_at: null, claimed_by: null, claimed_until: null };

/**
 * `maxAttempts`: the delivery's limit (shown as "attempt 2 of 5"); `delivering`: the channels this process delivers;
 * `kickOutbox`: starts delivery of the rows queued again (the outbox, when this process delivers).
 */
/**
 * Sent Messages' order, ties by id: newest first by default; Queued At, Channel (each by Queued At
 * the same way) or Attempts as asked, each an index's order (db/schema/system.ts) read either way.
 */
function listOrder(query: z.infer<typeof OutboxListQuery>): SQL[] {
  const dir = query.sortField && query.sortOrder === "asc" ? asc : desc;
  const key = query.sortField === "channel" ? [dir(outbox.channel)] : query.sortField === "attempts" ? [dir(outbox.attempts)] : [];
  return [...key, ...(query.sortField === "attempts" ? [] : [dir(outbox.created_at)]), dir(outbox.id)];
}

export function outboxRouter(db: Database, maxAttempts: number, delivering: readonly OutboxChannel[], kickOutbox?: () => void) {
  const router = apiRouter();

  router.openapi(listRoute, async (c) => {
    const query = c.req.valid("query");
    const base: SQL[] = [];
    if (query.channel) base.push(eq(outbox.channel, query.channel));
    if (query.search) {
      const pattern = containsPattern(query.search.toLowerCase());
      // one LIKE on the generated, trigram-indexed search_text (recipient, subject and template)
      base.push(sql`${outbox.search_text} like ${pattern}`);
    }
    const where = and(...base, ...(query.status ? [STATUS_WHERE[query.status]] : []));
    const [rows, [counts]] = await Promise.all([
      db
        .select({
          id: outbox.id,
          channel: outbox.channel,
          recipient: outbox.recipient,
          user_id: outbox.user_id,
          username: users.username,
          subject: outbox.subject,
          template: outbox.template,
          status: statusOf,
          attempts: outbox.attempts,
          next_attempt_at: outbox.next_attempt_at,
          last_attempt_at: outbox.last_attempt_at,
          sent_at: outbox.sent_at,
          error: outbox.error,
          created_by: outbox.created_by,
          created_at: outbox.created_at,
        })
        .from(outbox)
        .leftJoin(users, eq(users.id, outbox.user_id))
        .where(where)
        .orderBy(...listOrder(query))
        .limit(query.page_size)
        .offset((query.page - 1) * query.page_size),
      db
        .select({
          all: count(),
          queued: sql<number>`count(*) filter (where ${STATUS_WHERE.queued})`.mapWith(Number),
          sending: sql<number>`count(*) filter (where ${STATUS_WHERE.sending})`.mapWith(Number),
          retrying: sql<number>`count(*) filter (where ${STATUS_WHERE.retrying})`.mapWith(Number),
          sent: sql<number>`count(*) filter (where ${STATUS_WHERE.sent})`.mapWith(Number),
          failed: sql<number>`count(*) filter (where ${STATUS_WHERE.failed})`.mapWith(Number),
        })
        .from(outbox)
        .where(base.length ? and(...base) : undefined),
    ]);
    const data: OutboxEntry[] = rows.map((r) => ({
      ...r,
      max_attempts: maxAttempts,
      next_attempt_at: iso(r.next_attempt_at),
      last_attempt_at: iso(r.last_attempt_at),
      sent_at: iso(r.sent_at),
      created_at: r.created_at.toISOString(),
    }));
    const total = query.status ? counts[query.status] : counts.all;
    return c.json(
      { data, counts, total_results: total, current_page: query.page, page_size: query.page_size, delivering: [...delivering] },
      200,
    );
  });

  router.openapi(retryRoute, async (c) => {
    const actor = await requireActor(c, db);
    const ids = [...new Set(c.req.valid("json").ids)].sort((a, b) => a - b);
    const requeued = await db.transaction(async (tx) => {
      const found = await tx
        .select({ id: outbox.id, status: outbox.status, error: outbox.error })
        .from(outbox)
        .where(inArray(outbox.id, ids))
        .for("update");
      const failed = new Set(found.filter((r) => r.status === "failed").map((r) => r.id));
      const refused = ids.filter((id) => !failed.has(id));
      if (refused.length) throw badRequest(OUTBOX_MESSAGES.notFailed(refused), { ids: OUTBOX_MESSAGES.notFailed(refused) });
      await tx
        .update(outbox)
        .set(requeue)
        .where(and(inArray(outbox.id, ids), eq(outbox.status, "failed")));
      await recordAudit(tx, actor, {
        action: "update",
        entity: "outbox",
        entityId: ids.join(",").slice(0, 200),
        before: { status: "failed", ids },
        after: { status: "queued", attempts: 0, requeued: ids.length },
      });
      return ids.length;
    });
    kickOutbox?.();
    return c.json({ data: { requeued } }, 200);
  });

  router.openapi(retryFailedRoute, async (c) => {
    const actor = await requireActor(c, db);
    const { channel } = c.req.valid("json");
    const requeued = await db.transaction(async (tx) => {
      const rows = await tx
        .update(outbox)
        .set(requeue)
        .where(and(eq(outbox.status, "failed"), channel ? eq(outbox.channel, channel) : undefined))
        .returning({ id: outbox.id });
      if (rows.length) {
        const ids = rows.map((r) => r.id).sort((a, b) => a - b);
        await recordAudit(tx, actor, {
          action: "update",
          entity: "outbox",
          entityId: ids.length === 1 ? ids[0] : `${ids[0]}-${ids[ids.length - 1]}`,
          before: { status: "failed", channel: channel ?? "all", ids: ids.slice(0, 1000) },
          after: { status: "queued", attempts: 0, requeued: ids.length },
        });
      }
      return rows.length;
    });
    kickOutbox?.();
    return c.json({ data: { requeued } }, 200);
  });

  return router;
}
