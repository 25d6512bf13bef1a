/**
 * What each kind of bulk job does (docs/decisions/0026-bulk-jobs.md): which rows its list's filter
 * matches (the list's own WHERE, from the same query parameters the list sends), read in id order
 * after a cursor, and what one batch of them becomes, inside the batch's transaction.
 */
import { and, eq, inArray, sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import { BULK_JOB_MESSAGES, NOT_FILTER_KEYS, type BulkJobKind, type BulkJobList } from "~contract/bulk-jobs";
import { ProviderListQuery } from "~contract/service-providers";
import { UserListQuery } from "~contract/users";
import { CommentListQuery } from "~contract/comments";
import { ProviderDocumentsQuery } from "~contract/service-providers";
import type { Database } from "../db/client";
import { blogComments, outbox, profileDocuments, serviceProviders, users, type BulkJobRow } from "../db/schema";
import { recordAuditBatch, type Actor, type Tx } from "../lib/audit";
import { badRequest, fieldErrors, INVALID_INPUT_MESSAGE } from "../lib/http";
import { providerListWhere } from "../routes/service-providers/service-providers.handlers";
import { usersWhere } from "../routes/users/users.handlers";
import { commentListWhere } from "../routes/comments/comments.handlers";
import { documentsWhere, reviewDocuments } from "../routes/documents/documents.handlers";

/**
 * One row a job acts on: its id on its list, what the list calls it (a username, a comment's author),
 * the user's id, email and phone (messages), and the flag the action sets (a user's is_active, a
 * comment's is_approved).
 */
export type Target = { id: number; label: string; userId: number; email: string; phone: string; flag: boolean };
export type BatchOutcome = { done: number; failures: { target_id: number; target_label: string; reason: string }[]; queuedOutbox: boolean };

const userColumns = {
  label: sql<string>`${users.username}`,
  userId: sql<number>`${users.id}`,
  email: sql<string>`${users.email}`,
  phone: sql<string>`${users.phone}`,
  flag: sql<boolean>`${users.is_active}`,
};

type ListTargets = {
  /** the list's query schema: a filter it refuses is refused */
  schema: z.ZodTypeAny;
  where(db: Database | Tx, query: unknown): Promise<SQL>;
  /** the target id (the list's row id) */
  id: SQL;
  /** a Target's columns but the id */
  columns: Record<string, SQL>;
  /** `columns` of the matching rows, joined as the list joins them; with `limit`, the first ones in id order */
  select(db: Database | Tx, columns: Record<string, SQL>, where: SQL | undefined, limit?: number): Promise<Record<string, unknown>[]>;
};

const providerTargets: ListTargets = {
  schema: ProviderListQuery,
  where: (db, query) => providerListWhere(db as Database, query as ProviderListQuery),
  id: sql`${serviceProviders.serviceProvider_id}`,
  columns: userColumns,
  select: (db, columns, where, limit) => {
    const rows = db.select(columns).from(serviceProviders).innerJoin(users, eq(users.id, serviceProviders.user_id)).where(where).$dynamic();
    return limit === undefined ? rows : rows.orderBy(serviceProviders.serviceProvider_id).limit(limit);
  },
};

const userTargets: ListTargets = {
  schema: UserListQuery,
  where: async (_db, query) => usersWhere(query as z.infer<typeof UserListQuery>),
  id: sql`${users.id}`,
  columns: userColumns,
  select: (db, columns, where, limit) => {
    const rows = db.select(columns).from(users).where(where).$dynamic();
    return limit === undefined ? rows : rows.orderBy(users.id).limit(limit);
  },
};

const commentTargets: ListTargets = {
  schema: CommentListQuery,
  where: async (_db, query) => commentListWhere(query as { is_approved?: string; search?: string }) ?? sql`true`,
  id: sql`${blogComments.id}`,
  columns: {
    label: sql<string>`${blogComments.name}`,
    userId: sql<number>`0`,
    email: sql<string>`coalesce(${blogComments.email}, '')`,
    phone: sql<string>`''`,
    flag: sql<boolean>`${blogComments.is_approved}`,
  },
  select: (db, columns, where, limit) => {
    const rows = db.select(columns).from(blogComments).where(where).$dynamic();
    return limit === undefined ? rows : rows.orderBy(blogComments.id).limit(limit);
  },
};

/** The Documents list's rows: live providers (its WHERE reaches users, categories and the review itself). */
const documentTargets: ListTargets = {
  schema: ProviderDocumentsQuery,
  where: async (_db, query) => documentsWhere(query as ProviderDocumentsQuery),
  id: sql`${serviceProviders.serviceProvider_id}`,
  columns: userColumns,
  select: (db, columns, where, limit) => {
    const rows = db.select(columns).from(serviceProviders).innerJoin(users, eq(users.id, serviceProviders.user_id)).where(where).$dynamic();
    return limit === undefined ? rows : rows.orderBy(serviceProviders.serviceProvider_id).limit(limit);
  },
};

const LISTS: Record<BulkJobList, ListTargets> = {
  "service-provider": providerTargets,
  user: userTargets,
  comments: commentTargets,
  documents: documentTargets,
};

/** The filter as stored: the list's query parameters without paging, sort or cursor, blanks dropped. */
export function cleanFilter(filter: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(filter).filter(([key, value]) => value.trim() !== "" && !(NOT_FILTER_KEYS as readonly string[]).includes(key)),
  );
}

/** The list's WHERE for a stored filter; 400 errors.filter.<key> when the list would refuse it. */
export async function filterWhere(db: Database | Tx, list: BulkJobList, filter: Record<string, string>): Promise<SQL> {
  const targets = LISTS[list];
  const parsed = targets.schema.safeParse(filter);
  if (!parsed.success) {
    const errors = fieldErrors(parsed.error);
    throw badRequest(INVALID_INPUT_MESSAGE, Object.fromEntries(Object.entries(errors).map(([k, v]) => [`filter.${k}`, v])));
  }
  return targets.where(db, parsed.data);
}

/** How many rows match, and the highest id among them (rows added later are not in the job). */
export async function matching(db: Database | Tx, list: BulkJobList, where: SQL): Promise<{ total: number; untilId: number }> {
  const targets = LISTS[list];
  const [row] = await targets.select(db, { total: sql<number>`count(*)::int`, untilId: sql<number | null>`max(${targets.id})` }, where);
  return { total: Number(row?.total ?? 0), untilId: Number(row?.untilId ?? 0) };
}

/** The next batch: matching rows after the cursor, up to the job's highest id, in id order. */
export async function nextTargets(tx: Tx, list: BulkJobList, where: SQL, after: number, until: number, limit: number): Promise<Target[]> {
  const targets = LISTS[list];
  const rows = await targets.select(
    tx,
    { ...targets.columns, id: sql<number>`${targets.id}` },
    and(where, sql`${targets.id} > ${after}`, sql`${targets.id} <= ${until}`),
    limit,
  );
  return rows.map((r) => ({
    id: Number(r.id),
    label: String(r.label),
    userId: Number(r.userId),
    email: String(r.email ?? ""),
    phone: String(r.phone ?? ""),
    flag: Boolean(r.flag),
  }));
}

async function queueMessages(
  tx: Tx,
  job: BulkJobRow,
  actor: Actor,
  targets: Target[],
  channel: "email" | "whatsapp",
): Promise<BatchOutcome> {
  const payload = job.payload as { subject?: string; body?: string; whatsappTemplate?: string };
  const failures: BatchOutcome["failures"] = [];
  const rows: (typeof outbox.$inferInsert)[] = [];
  for (const t of targets) {
    const recipient = (channel === "email" ? t.email : t.phone).trim();
    if (!recipient) {
      failures.push({
        target_id: t.id,
        target_label: t.label,
        reason: channel === "email" ? BULK_JOB_MESSAGES.noEmail : BULK_JOB_MESSAGES.noPhone,
      });
      continue;
    }
    rows.push(
      channel === "email"
        ? { channel, user_id: t.userId, recipient, subject: payload.subject, body: payload.body, created_by: actor.adminUsername }
        : { channel, user_id: t.userId, recipient, template: payload.whatsappTemplate, created_by: actor.adminUsername },
    );
  }
  if (rows.length > 0) {
    const inserted = await tx.insert(outbox).values(rows).returning({ id: outbox.id });
    // one entry per batch, as POST /send-email records one per call: the outbox rows it queued
    await recordAuditBatch(tx, actor, job.id, [
      {
        action: "create",
        entity: "outbox",
        entityId: `${inserted[0].id}-${inserted[inserted.length - 1].id}`,
        after: {
          jobId: job.id,
          channels: [channel],
          to: rows.map((r) => r.user_id),
          ...(channel === "email" ? { subject: payload.subject } : { whatsappTemplate: payload.whatsappTemplate }),
          queued: inserted.length,
        },
      },
    ]);
  }
  return { done: rows.length, failures, queuedOutbox: rows.length > 0 };
}

async function setActive(tx: Tx, job: BulkJobRow, actor: Actor, targets: Target[], is_active: boolean): Promise<BatchOutcome> {
  const changing = targets.filter((t) => t.flag !== is_active);
  if (changing.length > 0) {
    const ids = changing.map((t) => t.userId);
    await tx
      .update(users)
      .set({ is_active, updated_at: sql`greatest(now(), ${users.updated_at} + interval '1 millisecond')` })
      .where(inArray(users.id, ids));
    await recordAuditBatch(
      tx,
      actor,
      job.id,
      changing.map((t) => ({
        action: "update",
        entity: "user",
        entityId: t.userId,
        before: { is_active: t.flag },
        after: { is_active },
      })),
    );
  }
  // a user already so counts as done: the admin's selection is in the state they asked for
  return { done: targets.length, failures: [], queuedOutbox: false };
}

async function approveComments(tx: Tx, job: BulkJobRow, actor: Actor, targets: Target[]): Promise<BatchOutcome> {
  const changing = targets.filter((t) => !t.flag);
  if (changing.length > 0) {
    await tx
      .update(blogComments)
      .set({ is_approved: true })
      .where(
        inArray(
          blogComments.id,
          changing.map((t) => t.id),
        ),
      );
    await recordAuditBatch(
      tx,
      actor,
      job.id,
      changing.map((t) => ({
        action: "update",
        entity: "blog_comment",
        entityId: t.id,
        before: { is_approved: false },
        after: { is_approved: true },
      })),
    );
  }
  return { done: targets.length, failures: [], queuedOutbox: false };
}

/** Deletes the batch's comments; their replies go with them (the foreign key), as DELETE /blog/comments/{id}/ does. */
async function deleteComments(tx: Tx, job: BulkJobRow, actor: Actor, targets: Target[]): Promise<BatchOutcome> {
  const ids = targets.map((t) => t.id);
  const before = await tx
    .select({
      id: blogComments.id,
      name: blogComments.name,
      email: blogComments.email,
      content: blogComments.content,
      is_approved: blogComments.is_approved,
    })
    .from(blogComments)
    .where(inArray(blogComments.id, ids))
    .for("update");
  await tx.delete(blogComments).where(inArray(blogComments.id, ids));
  await recordAuditBatch(
    tx,
    actor,
    job.id,
    before.map(({ id, ...record }) => ({ action: "delete", entity: "blog_comment", entityId: id, before: record })),
  );
  return { done: before.length, failures: [], queuedOutbox: false };
}

/**
 * Approves or rejects the batch's providers' documents (a rejection with the job's one reason), each
 * audited with the job; a provider without documents yet is a failure. Rows already so count as done.
 */
async function reviewBatch(
  tx: Tx,
  job: BulkJobRow,
  actor: Actor,
  targets: Target[],
  decision: "Approved" | "Rejected",
): Promise<BatchOutcome> {
  const rows = await tx
    .select()
    .from(profileDocuments)
    .where(
      inArray(
        profileDocuments.service_provider_id,
        targets.map((t) => t.id),
      ),
    )
    .for("update");
  const reason = decision === "Rejected" ? ((job.payload as { reason?: string }).reason ?? "") : "";
  await reviewDocuments(tx, actor, rows, decision, reason, job.id);
  const withDocuments = new Set(rows.map((r) => r.service_provider_id));
  const failures = targets
    .filter((t) => !withDocuments.has(t.id))
    .map((t) => ({ target_id: t.id, target_label: t.label, reason: BULK_JOB_MESSAGES.noDocuments }));
  return { done: targets.length - failures.length, failures, queuedOutbox: false };
}

export const KIND_ACTIONS: Record<BulkJobKind, (tx: Tx, job: BulkJobRow, actor: Actor, targets: Target[]) => Promise<BatchOutcome>> = {
  "provider-email": (tx, job, actor, targets) => queueMessages(tx, job, actor, targets, "email"),
  "provider-whatsapp": (tx, job, actor, targets) => queueMessages(tx, job, actor, targets, "whatsapp"),
  "user-block": (tx, job, actor, targets) => setActive(tx, job, actor, targets, false),
  "user-activate": (tx, job, actor, targets) => setActive(tx, job, actor, targets, true),
  "comment-approve": approveComments,
  "comment-delete": deleteComments,
  "document-approve": (tx, job, actor, targets) => reviewBatch(tx, job, actor, targets, "Approved"),
  "document-reject": (tx, job, actor, targets) => reviewBatch(tx, job, actor, targets, "Rejected"),
};
