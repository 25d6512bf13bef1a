/** comments: the handlers of the calls comments.routes.ts defines. */
import { and, asc, count, desc, eq, inArray, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { COMMENT_MESSAGES, CommentRecord } from "~contract/comments";
import { TOTAL_COUNT_HEADER } from "~contract/service-providers";
import type { Database } from "../../db/client";
import { blogArticles, blogComments } from "../../db/schema";
import { recordAudit, requireActor, type Actor, type Tx } from "../../lib/audit";
import { notFound } from "../../lib/http";
import { apiRouter } from "../../lib/openapi";
import { containsPattern } from "../../lib/providers";
import { listRoute, detailRoute, toggleRoute, deleteRoute, bulkApproveRoute, bulkDeleteRoute } from "./comments.routes";

const parent = alias(blogComments, "parent");

const replyCount = sql<number>`(SELECT count(*)::int FROM blog_comments AS replies_of WHERE replies_of.parent_id = ${blogComments.id})`;

// search_text is generated: never selected
const columns = {
  id: blogComments.id,
  name: blogComments.name,
  email: blogComments.email,
  content: blogComments.content,
  created_at: blogComments.created_at,
  is_approved: blogComments.is_approved,
  article_id: blogComments.article_id,
  parent_id: blogComments.parent_id,
  article_title: blogArticles.title,
  parent_name: parent.name,
  parent_content: parent.content,
  replies: replyCount,
};

type Row = {
  id: number;
  name: string;
  email: string | null;
  content: string;
  created_at: Date;
  is_approved: boolean;
  article_id: number;
  parent_id: number | null;
  article_title: string;
  parent_name: string | null;
  parent_content: string | null;
  replies: number;
};

function commentRecord(row: Row): CommentRecord {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    content: row.content,
    created_at: row.created_at.toISOString(),
    is_approved: row.is_approved,
    parent:
      row.parent_id !== null && row.parent_name !== null
        ? { id: row.parent_id, name: row.parent_name, content: row.parent_content ?? "" }
        : null,
    article: { id: row.article_id, title: row.article_title },
    replies: Number(row.replies),
  };
}

/** What the audit log keeps of a deleted comment. */
const auditedComment = (record: CommentRecord) => ({
  name: record.name,
  email: record.email,
  content: record.content,
  is_approved: record.is_approved,
  article: record.article.title,
  parent_id: record.parent?.id ?? null,
  created_at: record.created_at,
});

async function readComments(db: Database | Tx, ids: number[]): Promise<CommentRecord[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select(columns)
    .from(blogComments)
    .innerJoin(blogArticles, eq(blogArticles.id, blogComments.article_id))
    .leftJoin(parent, eq(parent.id, blogComments.parent_id))
    .where(inArray(blogComments.id, ids));
  return rows.map(commentRecord);
}

/** The named comments, locked; 404 naming the ids that are not there (nothing is done then). */
async function lockComments(tx: Tx, ids: number[]) {
  const found = await tx
    .select({ id: blogComments.id, is_approved: blogComments.is_approved })
    .from(blogComments)
    .where(inArray(blogComments.id, ids))
    .for("update");
  const missing = ids.filter((id) => !found.some((row) => row.id === id));
  if (missing.length > 0) throw notFound(ids.length === 1 ? COMMENT_MESSAGES.notFound : COMMENT_MESSAGES.unknownIds(missing));
  return found;
}

/** Deletes the comments and, by the foreign key, their replies at any depth; the replies counted first. */
async function deleteComments(tx: Tx, actor: Actor, ids: number[]) {
  const before = await readComments(tx, ids);
  const counted = (await tx.execute(sql`
    WITH RECURSIVE tree AS (
      SELECT id FROM blog_comments WHERE id IN (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )})
      UNION SELECT c.id FROM blog_comments c JOIN tree t ON c.parent_id = t.id
    ) SELECT count(*)::int AS n FROM tree`)) as unknown as { rows: { n: number }[] };
  const all = Number(counted.rows[0]?.n ?? 0);
  await tx.delete(blogComments).where(inArray(blogComments.id, ids));
  for (const record of before) {
    await recordAudit(tx, actor, {
      action: "delete",
      entity: "blog_comment",
      entityId: record.id,
      before: { ...auditedComment(record), replies: record.replies },
    });
  }
  // a named comment that is a reply of another named one is not counted as a reply
  return { deleted: ids.length, replies_deleted: all - ids.length };
}

/** The Comment Moderation list's WHERE (as the list and a bulk job read it). */
export function commentListWhere(query: { is_approved?: string; search?: string }): SQL | undefined {
  const conditions: SQL[] = [];
  if (query.is_approved) conditions.push(eq(blogComments.is_approved, query.is_approved === "approved"));
  // search_text is lower(name email content) with a trigram index
  if (query.search) conditions.push(sql`${blogComments.search_text} LIKE ${containsPattern(query.search.toLowerCase())}`);
  return conditions.length ? and(...conditions) : undefined;
}

export function commentsRouter(db: Database) {
  const router = apiRouter();

  router.openapi(listRoute, async (c) => {
    const query = c.req.valid("query");
    const where = commentListWhere(query);
    // only the orders an index walks (created_idx, approved_idx), every key in the same direction
    const dir = query.sortField && query.sortOrder === "asc" ? asc : desc;
    const order = [
      ...(query.sortField === "is_approved" ? [dir(blogComments.is_approved)] : []),
      dir(blogComments.created_at),
      dir(blogComments.id),
    ];
    // the page's ids first (an index walk), then only those rows are joined
    const page = db
      .select({ id: blogComments.id })
      .from(blogComments)
      .where(where)
      .orderBy(...order)
      .limit(query.page_size)
      .offset((query.page - 1) * query.page_size)
      .as("page");
    const [rows, [{ total }]] = await Promise.all([
      db
        .select(columns)
        .from(page)
        .innerJoin(blogComments, eq(blogComments.id, page.id))
        .innerJoin(blogArticles, eq(blogArticles.id, blogComments.article_id))
        .leftJoin(parent, eq(parent.id, blogComments.parent_id))
        .orderBy(...order),
      db.select({ total: count() }).from(blogComments).where(where),
    ]);
    c.header(TOTAL_COUNT_HEADER, String(total));
    return c.json({ count: Number(total), results: rows.map(commentRecord) }, 200);
  });

  router.openapi(detailRoute, async (c) => {
    const { id } = c.req.valid("param");
    const [record] = await readComments(db, [id]);
    if (!record) throw notFound(COMMENT_MESSAGES.notFound);
    return c.json({ data: record }, 200);
  });

  router.openapi(toggleRoute, async (c) => {
    const actor = await requireActor(c, db);
    const { id } = c.req.valid("param");
    const record = await db.transaction(async (tx) => {
      const [current] = await lockComments(tx, [id]);
      const approved = !current.is_approved;
      await tx.update(blogComments).set({ is_approved: approved }).where(eq(blogComments.id, id));
      await recordAudit(tx, actor, {
        action: "update",
        entity: "blog_comment",
        entityId: id,
        before: { is_approved: current.is_approved },
        after: { is_approved: approved },
      });
      const [now] = await readComments(tx, [id]);
      return now;
    });
    return c.json({ message: record.is_approved ? COMMENT_MESSAGES.approved : COMMENT_MESSAGES.unapproved, data: record }, 200);
  });

  router.openapi(deleteRoute, async (c) => {
    const actor = await requireActor(c, db);
    const { id } = c.req.valid("param");
    const done = await db.transaction(async (tx) => {
      await lockComments(tx, [id]);
      return deleteComments(tx, actor, [id]);
    });
    return c.json({ message: COMMENT_MESSAGES.deleted, replies_deleted: done.replies_deleted }, 200);
  });

  router.openapi(bulkApproveRoute, async (c) => {
    const actor = await requireActor(c, db);
    const { ids, approve } = c.req.valid("json");
    const changed = await db.transaction(async (tx) => {
      const found = await lockComments(tx, ids);
      const changing = found.filter((row) => row.is_approved !== approve).map((row) => row.id);
      if (changing.length === 0) return 0;
      await tx.update(blogComments).set({ is_approved: approve }).where(inArray(blogComments.id, changing));
      for (const id of changing) {
        await recordAudit(tx, actor, {
          action: "update",
          entity: "blog_comment",
          entityId: id,
          before: { is_approved: !approve },
          after: { is_approved: approve },
        });
      }
      return changing.length;
    });
    const message = approve ? COMMENT_MESSAGES.bulkApproved(ids.length) : COMMENT_MESSAGES.bulkUnapproved(ids.length);
    return c.json({ message, changed, count: ids.length }, 200);
  });

  router.openapi(bulkDeleteRoute, async (c) => {
    const actor = await requireActor(c, db);
    const { ids } = c.req.valid("json");
    const done = await db.transaction(async (tx) => {
      await lockComments(tx, ids);
      return deleteComments(tx, actor, ids);
    });
    return c.json({ message: COMMENT_MESSAGES.bulkDeleted(done.deleted, done.replies_deleted), ...done }, 200);
  });

  return router;
}
