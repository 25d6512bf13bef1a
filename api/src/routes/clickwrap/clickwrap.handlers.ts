/** clickwrap: the handlers of the calls clickwrap.routes.ts defines. */
import { and, asc, count, desc, eq, sql, type SQL } from "drizzle-orm";
import { CLICKWRAP_MESSAGES, ClickwrapRecord, type ClickwrapListQuery as ListQuery } from "~contract/clickwrap";
import { sanitizeRichText } from "~shared/sanitize";
import type { Database } from "../../db/client";
import { clickwraps, type ClickwrapRow } from "../../db/schema";
import { recordAudit, requireActor, type Tx } from "../../lib/audit";
import { badRequest, HttpError, INVALID_INPUT_MESSAGE, nextVersion, notFound, parseVersion, staleEdit } from "../../lib/http";
import { apiRouter } from "../../lib/openapi";
import { containsPattern } from "../../lib/providers";
import { listRoute, addRoute, detailRoute, updateRoute, deleteRoute } from "./clickwrap.routes";

/**
 * The version as it sorts: lower case, each run of digits padded to 12 so that numbers compare as
 * numbers ("v1.10" after "v1.9"), in byte order (the same under every database collation).
 */
const naturalVersion = sql`regexp_replace(regexp_replace(lower(${clickwraps.version}), '([0-9]+)', '000000000000\\1', 'g'), '0*([0-9]{12})', '\\1', 'g') COLLATE "C"`;

/** ORDER BY for the list: the asked column (drafts last by published date), then id; else newest first. */
function listOrder(query: Pick<ListQuery, "sortField" | "sortOrder">): SQL[] {
  if (!query.sortField || !query.sortOrder) return [desc(clickwraps.created_at), desc(clickwraps.id)];
  const dir = query.sortOrder === "asc" ? asc : desc;
  const first = {
    version: dir(naturalVersion),
    status: dir(clickwraps.status),
    created_at: dir(clickwraps.created_at),
    updated_at: dir(clickwraps.updated_at),
    published_at:
      query.sortOrder === "asc" ? sql`${clickwraps.published_at} ASC NULLS LAST` : sql`${clickwraps.published_at} DESC NULLS LAST`,
  }[query.sortField];
  return [first, dir(clickwraps.id)];
}

export function clickwrapRecord(row: ClickwrapRow): ClickwrapRecord {
  return {
    id: row.id,
    version: row.version,
    status: row.status,
    text: row.text,
    published_at: row.published_at ? row.published_at.toISOString() : null,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
    updated_by: row.updated_by,
  };
}

const versionTaken = (version: string) => badRequest(INVALID_INPUT_MESSAGE, { version: CLICKWRAP_MESSAGES.exists(version) });

const publishedLock = () => new HttpError(409, { message: CLICKWRAP_MESSAGES.published });

/** Another version with this name in any case (the unique index is on lower(version)). */
async function assertVersionFree(tx: Tx, version: string, except?: number) {
  const same = sql`lower(${clickwraps.version}) = lower(${version})`;
  const [taken] = await tx
    .select({ version: clickwraps.version })
    .from(clickwraps)
    .where(except === undefined ? same : and(same, sql`${clickwraps.id} <> ${except}`));
  if (taken) throw versionTaken(taken.version);
}

/** A race past assertVersionFree still meets the unique index: the same 400. */
function isUniqueViolation(err: unknown): boolean {
  for (let e: unknown = err; e && typeof e === "object"; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === "23505") return true;
  }
  return false;
}

export function clickwrapRouter(db: Database) {
  const router = apiRouter();

  router.openapi(listRoute, async (c) => {
    const query = c.req.valid("query");
    const conditions: SQL[] = [];
    if (query.status) conditions.push(eq(clickwraps.status, query.status));
    if (query.search) conditions.push(sql`${clickwraps.version} ILIKE ${containsPattern(query.search)}`);
    const where = conditions.length ? and(...conditions) : undefined;
    const [rows, [{ total }]] = await Promise.all([
      db
        .select()
        .from(clickwraps)
        .where(where)
        .orderBy(...listOrder(query))
        .limit(query.page_size)
        .offset((query.page - 1) * query.page_size),
      db.select({ total: count() }).from(clickwraps).where(where),
    ]);
    return c.json(
      { results: rows.map(clickwrapRecord), total_results: Number(total), current_page: query.page, page_size: query.page_size },
      200,
    );
  });

  router.openapi(addRoute, async (c) => {
    const actor = await requireActor(c, db);
    const fields = c.req.valid("json");
    const text = sanitizeRichText(fields.text).trim();
    if (fields.status === "published" && !text) throw badRequest(INVALID_INPUT_MESSAGE, { text: CLICKWRAP_MESSAGES.textRequiredToPublish });
    try {
      const created = await db.transaction(async (tx) => {
        await assertVersionFree(tx, fields.version);
        const now = new Date();
        const [row] = await tx
          .insert(clickwraps)
          .values({
            version: fields.version,
            status: fields.status,
            text,
            published_at: fields.status === "published" ? now : null,
            created_at: now,
            updated_at: now,
            updated_by: actor.adminUsername,
          })
          .returning();
        const record = clickwrapRecord(row);
        await recordAudit(tx, actor, { action: "create", entity: "clickwrap", entityId: row.id, after: record });
        return record;
      });
      return c.json({ data: created }, 201);
    } catch (err) {
      if (isUniqueViolation(err)) throw versionTaken(fields.version);
      throw err;
    }
  });

  router.openapi(detailRoute, async (c) => {
    const { id } = c.req.valid("param");
    const [row] = await db.select().from(clickwraps).where(eq(clickwraps.id, id));
    if (!row) throw notFound(CLICKWRAP_MESSAGES.notFound);
    return c.json({ data: clickwrapRecord(row) }, 200);
  });

  router.openapi(updateRoute, async (c) => {
    const actor = await requireActor(c, db);
    const { id } = c.req.valid("param");
    const fields = c.req.valid("json");
    const stamp = parseVersion(fields.updated_at);
    const text = fields.text === undefined ? undefined : sanitizeRichText(fields.text).trim();
    try {
      const updated = await db.transaction(async (tx) => {
        const [current] = await tx.select().from(clickwraps).where(eq(clickwraps.id, id)).for("update");
        if (!current) throw notFound(CLICKWRAP_MESSAGES.notFound);
        if (current.updated_at.getTime() !== stamp) throw staleEdit("terms version", current);
        const next = { version: fields.version ?? current.version, status: fields.status ?? current.status, text: text ?? current.text };
        const changed = (["version", "status", "text"] as const).filter((k) => next[k] !== current[k]);
        if (current.status === "published" && changed.length > 0) throw publishedLock();
        if (changed.length === 0) return clickwrapRecord(current);
        if (changed.includes("version")) await assertVersionFree(tx, next.version, id);
        if (next.status === "published" && !next.text)
          throw badRequest(INVALID_INPUT_MESSAGE, { text: CLICKWRAP_MESSAGES.textRequiredToPublish });
        const now = nextVersion(current.updated_at);
        const publishing = next.status === "published" && current.status !== "published";
        const [row] = await tx
          .update(clickwraps)
          .set({ ...next, published_at: publishing ? now : current.published_at, updated_at: now, updated_by: actor.adminUsername })
          .where(eq(clickwraps.id, id))
          .returning();
        await recordAudit(tx, actor, {
          action: "update",
          entity: "clickwrap",
          entityId: id,
          before: Object.fromEntries(changed.map((k) => [k, current[k]])),
          after: Object.fromEntries(changed.map((k) => [k, row[k]])),
        });
        return clickwrapRecord(row);
      });
      return c.json({ data: updated }, 200);
    } catch (err) {
      if (isUniqueViolation(err)) throw versionTaken(fields.version ?? "");
      throw err;
    }
  });

  router.openapi(deleteRoute, async (c) => {
    const actor = await requireActor(c, db);
    const { id } = c.req.valid("param");
    await db.transaction(async (tx) => {
      const [current] = await tx.select().from(clickwraps).where(eq(clickwraps.id, id)).for("update");
      if (!current) throw notFound(CLICKWRAP_MESSAGES.notFound);
      if (current.status === "published") throw new HttpError(409, { message: CLICKWRAP_MESSAGES.publishedNotDeletable });
      await tx.delete(clickwraps).where(eq(clickwraps.id, id));
      await recordAudit(tx, actor, { action: "delete", entity: "clickwrap", entityId: id, before: clickwrapRecord(current) });
    });
    return c.json({ message: CLICKWRAP_MESSAGES.deleted }, 200);
  });

  return router;
}
