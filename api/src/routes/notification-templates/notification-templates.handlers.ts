/** notification-templates: the handlers of the calls notification-templates.routes.ts defines. */
import { and, asc, count, desc, eq, sql, type SQL } from "drizzle-orm";
import { NotificationTemplateRecord, templateIssues, type TemplateFields } from "~contract/notification-templates";
import {
  duplicateTemplate,
  NOTIFICATION_TYPES,
  PLACEHOLDER_SAMPLES,
  TEMPLATE_MESSAGES,
  TYPE_KEYS_BY_LABEL,
} from "~contract/notification-types";
import { TOTAL_COUNT_HEADER } from "~contract/service-providers";
import { sanitizeRichText } from "~shared/sanitize";
import type { Database } from "../../db/client";
import { notificationTemplates, type NotificationTemplateRow } from "../../db/schema";
import { recordAudit, requireActor, type Tx } from "../../lib/audit";
import { badRequest, HttpError, INVALID_INPUT_MESSAGE, nextVersion, notFound, parseVersion, staleEdit } from "../../lib/http";
import { apiRouter } from "../../lib/openapi";
import { typesRoute, listRoute, createTemplateRoute, readRoute, updateRoute, deleteRoute } from "./notification-templates.routes";

export function templateRecord(row: NotificationTemplateRow): NotificationTemplateRecord {
  return {
    id: row.id,
    user_type: row.user_type,
    notification_type: row.notification_type,
    web_notification: row.web_notification,
    whatsapp_template: row.whatsapp_template,
    email_template: row.email_template,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
    updated_by: row.updated_by,
  };
}

const TYPES = NOTIFICATION_TYPES.map((type) => ({
  key: type.key,
  label: type.label,
  user_types: [...type.user_types],
  placeholders: [...type.placeholders],
  samples: Object.fromEntries(type.placeholders.map((name) => [name, PLACEHOLDER_SAMPLES[name]])),
}));

/** The whole template as it will be stored: email HTML sanitised, then every rule checked. */
/**
 * The notification type's place in the labels' A→Z order, as SQL (a CASE built from the constants,
 * so the order is the same under any collation); a key no longer known sorts after the known ones.
 */
const typeLabelRank = sql`CASE ${notificationTemplates.notification_type} ${sql.join(
  TYPE_KEYS_BY_LABEL.map((key, rank) => sql`WHEN ${key} THEN ${sql.raw(String(rank))}`),
  sql` `,
)} ELSE ${sql.raw(String(TYPE_KEYS_BY_LABEL.length))} END`;

function listOrder(sortField: string | undefined, sortOrder: "asc" | "desc" | undefined): SQL[] {
  const t = notificationTemplates;
  if (!sortField || !sortOrder) return [asc(t.user_type), asc(t.notification_type), asc(t.id)];
  const dir = sortOrder === "asc" ? asc : desc;
  switch (sortField) {
    case "notification_type":
      return [dir(typeLabelRank), dir(t.notification_type), dir(t.id)];
    case "updated_at":
      return [dir(t.updated_at), dir(t.id)];
    default:
      return [dir(t.user_type), dir(t.id)];
  }
}

function checked(template: TemplateFields): TemplateFields {
  const clean = { ...template, email_template: sanitizeRichText(template.email_template).trim() };
  const issues = templateIssues(clean);
  if (Object.keys(issues).length > 0) {
    throw badRequest(Object.keys(issues).length === 1 ? Object.values(issues)[0] : INVALID_INPUT_MESSAGE, issues);
  }
  return clean;
}

async function refuseDuplicate(tx: Tx | Database, template: TemplateFields, exceptId?: number) {
  const [existing] = await tx
    .select({ id: notificationTemplates.id })
    .from(notificationTemplates)
    .where(
      and(eq(notificationTemplates.user_type, template.user_type), eq(notificationTemplates.notification_type, template.notification_type)),
    );
  if (existing && existing.id !== exceptId) {
    const message = duplicateTemplate(template.user_type, template.notification_type, existing.id);
    throw new HttpError(409, { message, errors: { notification_type: message }, existing_id: existing.id });
  }
}

/** A unique-index violation raced past the check: the same 409 (the pair's template was saved meanwhile). */
async function uniqueGuard<T>(
  db: Database,
  template: () => TemplateFields | undefined,
  exceptId: number | undefined,
  work: () => Promise<T>,
): Promise<T> {
  try {
    return await work();
  } catch (caught) {
    const code = (caught as { code?: string; cause?: { code?: string } }).code ?? (caught as { cause?: { code?: string } }).cause?.code;
    const tried = template();
    if (code === "23505" && tried) await refuseDuplicate(db, tried, exceptId);
    throw caught;
  }
}

export function notificationTemplatesRouter(db: Database) {
  const router = apiRouter();

  router.openapi(typesRoute, (c) => c.json({ data: TYPES }, 200));

  router.openapi(listRoute, async (c) => {
    const query = c.req.valid("query");
    const conditions: SQL[] = [];
    if (query.user_type) conditions.push(eq(notificationTemplates.user_type, query.user_type));
    if (query.notification_type) conditions.push(eq(notificationTemplates.notification_type, query.notification_type));
    const where = conditions.length ? and(...conditions) : undefined;
    let rows = db
      .select()
      .from(notificationTemplates)
      .where(where)
      .orderBy(...listOrder(query.sortField, query.sortOrder))
      .$dynamic();
    if (query.page_size) rows = rows.limit(query.page_size).offset(((query.page ?? 1) - 1) * query.page_size);
    const [list, [{ total }]] = await Promise.all([rows, db.select({ total: count() }).from(notificationTemplates).where(where)]);
    c.header(TOTAL_COUNT_HEADER, String(total));
    return c.json({ data: list.map(templateRecord) }, 200);
  });

  router.openapi(createTemplateRoute, async (c) => {
    const actor = await requireActor(c, db);
    const template = checked(c.req.valid("json"));
    const created = await uniqueGuard(
      db,
      () => template,
      undefined,
      () =>
        db.transaction(async (tx) => {
          await refuseDuplicate(tx, template);
          const now = new Date();
          const [row] = await tx
            .insert(notificationTemplates)
            .values({ ...template, created_at: now, updated_at: now, updated_by: actor.adminUsername })
            .returning();
          const record = templateRecord(row);
          await recordAudit(tx, actor, { action: "create", entity: "notification_template", entityId: row.id, after: record });
          return record;
        }),
    );
    return c.json({ data: created }, 201);
  });

  router.openapi(readRoute, async (c) => {
    const { id } = c.req.valid("param");
    const [row] = await db.select().from(notificationTemplates).where(eq(notificationTemplates.id, id));
    if (!row) throw notFound(TEMPLATE_MESSAGES.notFound);
    return c.json({ data: templateRecord(row) }, 200);
  });

  router.openapi(updateRoute, async (c) => {
    const actor = await requireActor(c, db);
    const { id } = c.req.valid("param");
    const { updated_at, ...fields } = c.req.valid("json");
    const version = parseVersion(updated_at);
    const given = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)) as Partial<TemplateFields>;
    if (Object.keys(given).length === 0) throw badRequest(TEMPLATE_MESSAGES.noChange);
    let merged: TemplateFields | undefined;
    const updated = await uniqueGuard(
      db,
      () => merged,
      id,
      () =>
        db.transaction(async (tx) => {
          const [current] = await tx.select().from(notificationTemplates).where(eq(notificationTemplates.id, id)).for("update");
          if (!current) throw notFound(TEMPLATE_MESSAGES.notFound);
          if (current.updated_at.getTime() !== version) throw staleEdit("template", current);
          const next = (merged = checked({
            user_type: given.user_type ?? current.user_type,
            notification_type: given.notification_type ?? current.notification_type,
            web_notification: given.web_notification ?? current.web_notification,
            whatsapp_template: given.whatsapp_template ?? current.whatsapp_template,
            email_template: given.email_template ?? current.email_template,
          }));
          const before: Record<string, unknown> = {};
          const after: Record<string, unknown> = {};
          for (const key of Object.keys(given) as (keyof TemplateFields)[]) {
            if (current[key] !== next[key]) {
              before[key] = current[key];
              after[key] = next[key];
            }
          }
          if (Object.keys(after).length === 0) throw badRequest(TEMPLATE_MESSAGES.noChange);
          if ("user_type" in after || "notification_type" in after) await refuseDuplicate(tx, next, id);
          const [row] = await tx
            .update(notificationTemplates)
            .set({ ...after, updated_at: nextVersion(current.updated_at), updated_by: actor.adminUsername })
            .where(eq(notificationTemplates.id, id))
            .returning();
          await recordAudit(tx, actor, { action: "update", entity: "notification_template", entityId: id, before, after });
          return templateRecord(row);
        }),
    );
    return c.json({ data: updated }, 200);
  });

  router.openapi(deleteRoute, async (c) => {
    const actor = await requireActor(c, db);
    const { id } = c.req.valid("param");
    await db.transaction(async (tx) => {
      const [current] = await tx.delete(notificationTemplates).where(eq(notificationTemplates.id, id)).returning();
      if (!current) throw notFound(TEMPLATE_MESSAGES.notFound);
      await recordAudit(tx, actor, { action: "delete", entity: "notification_template", entityId: id, before: templateRecord(current) });
    });
    return c.body(null, 204);
  });

  return router;
}
