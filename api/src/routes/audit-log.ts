import { and, count, desc, eq, gt, gte, inArray, lt, type SQL } from "drizzle-orm";
import { ACTING_ADMIN_HEADER } from "../../../app/models/api";
import { AuditEntry, AuditListQuery, isRevertable, REVERT_MESSAGES } from "../../../app/models/audit-log";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { Database } from "../db/client";
import { auditLog } from "../db/schema";
import { requireActor, revertContext } from "../lib/audit";
import { formatIst, HttpError, notFound } from "../lib/http";
import { ActingAdmin, apiRouter, chosenByUs, common, createRoute, data, error, idParam, json, mutating, paged, z } from "../lib/openapi";
import { istDayEnd, istMidnight } from "../lib/providers";
import { auditEntry } from "../lib/serialize";
import { namedAuditEntries } from "../lib/audit-names";
import { sameJson } from "../../../app/utils/json";
import { auditPartChanges, changedPaths, partValue, sameValue as samePartValue, settingPartId, valueAtPath, withPartValue, withPathValues } from "../../../app/models/setting-parts";

export const AuditQuery = z.object({
  limit: z.coerce
    .number({ invalid_type_error: "limit must be a number" })
    .int("limit must be a whole number")
    .min(1, "limit must be between 1 and 100")
    .max(100, "limit must be between 1 and 100")
    .default(10),
});

export const AUDIT_ENTRY_NOT_FOUND = "Audit entry not found";

const Entry = AuditEntry.openapi("AuditEntry");
const entryId = { params: z.object({ id: idParam("id", "the audit entry's id") }) };

const latestRoute = createRoute({
  method: "get",
  path: "/audit-log",
  summary: "Latest audit entries, newest first (header notifications)",
  ...chosenByUs(),
  request: { query: AuditQuery },
  responses: { 200: json(data(z.array(Entry)), "The entries"), 400: error("Bad limit"), ...common },
});
const listRoute = createRoute({
  method: "get",
  path: "/audit-entries",
  summary: "The audit log, newest first, paged and filtered (the Audit log screen)",
  ...chosenByUs(
    "admin (adminUserId), entity, action and entity_id narrow it; start_date/end_date are calendar days in Asia/Kolkata, both ends inclusive.",
  ),
  request: { query: AuditListQuery.openapi("AuditListQuery") },
  responses: { 200: json(paged(data(z.array(Entry))), "One page of entries"), 400: error("Bad query"), ...common },
});
const detailRoute = createRoute({
  method: "get",
  path: "/audit-entries/{id}",
  summary: "One audit entry",
  ...chosenByUs(),
  request: entryId,
  responses: { 200: json(data(Entry), "The entry"), 400: error("Bad id"), 404: error(AUDIT_ENTRY_NOT_FOUND), ...common },
});
const revertRoute = createRoute({
  method: "post",
  path: "/audit-entries/{id}/revert",
  summary: "Revert this change: write the entry's old values back as a new audited change",
  ...chosenByUs(
    "Only updates of a plan, a category, an FAQ, a setting, a post, a terms version (while a draft), a notification template, a cancellation reason's fields (not a reorder) or an admin user's access (role, status, email; never a password) can be reverted; payments, orders and deletions never. The old values go through the record's own update call (same rules, same audit), and the new entry has action \"revert\" and reverts_id. 409 when the record has changed since (the message names who and when) or no longer exists.",
  ),
  request: { ...entryId, headers: ActingAdmin },
  responses: {
    200: json(data(Entry), "The new entry recording the revert"),
    ...mutating,
    404: error(AUDIT_ENTRY_NOT_FOUND),
    409: error("The record changed since this entry, or no longer exists"),
    422: error("This kind of change cannot be reverted"),
    ...common,
  },
});

/** Answers a request made inside this API (the revert replays a record's own update call). */
export type Dispatch = (request: Request) => Promise<Response>;

type Values = Record<string, unknown>;
type RecordAnswer = Values & { updated_at: string };
/** How a revertable record is read and written back: through the calls the admin itself uses. */
type Adapter = {
  read: (id: string) => string;
  write: (id: string, old: Values, current: RecordAnswer) => { method: string; path: string; body: Values };
};
const enc = encodeURIComponent;
const ADAPTERS: Record<string, Adapter> = {
  category: {
    read: (id) => `/get-category-by-id?category_id=${enc(id)}`,
    write: (id, old, current) => ({ method: "PATCH", path: `/update-category?category_id=${enc(id)}`, body: { ...old, updated_at: current.updated_at } }),
  },
  cancellation_reason: {
    read: (id) => `/cancellation-reason/${enc(id)}/`,
    write: (id, old, current) => ({ method: "PUT", path: `/cancellation-reason/${enc(id)}/`, body: { ...old, updated_at: current.updated_at } }),
  },
  faq: {
    read: (id) => `/faq-detail/${enc(id)}`,
    write: (id, old, current) => ({ method: "PUT", path: `/faq-detail/${enc(id)}`, body: { ...old, updated_at: current.updated_at } }),
  },
  plan: {
    read: (id) => `/get-plan-by-id?plan_id=${enc(id)}`,
    write: (id, old, current) => ({ method: "PUT", path: `/update-plan?plan_id=${enc(id)}`, body: { ...old, updated_at: current.updated_at } }),
  },
  admin_user: {
    read: (id) => `/get-admin-user-by-id?adminUserId=${enc(id)}`,
    write: (_id, old, current) => ({
      method: "PUT",
      path: "/update-admin-user",
      body: { ...old, adminUsername: current.adminUsername, updated_at: current.updated_at },
    }),
  },
  blog_article: {
    read: (id) => `/blog/article-detail/${enc(id)}`,
    write: (id, old, current) => ({ method: "PUT", path: `/blog/article-detail/${enc(id)}`, body: { ...old, updated_at: current.updated_at } }),
  },
  clickwrap: {
    read: (id) => `/clickwrap/clickwraps/${enc(id)}/`,
    write: (id, old, current) => ({ method: "PUT", path: `/clickwrap/clickwraps/${enc(id)}/`, body: { ...old, updated_at: current.updated_at } }),
  },
  notification_template: {
    read: (id) => `/retrive-notification-template/${enc(id)}/`,
    write: (id, old, current) => ({ method: "PUT", path: `/update-notification-template/${enc(id)}/`, body: { ...old, updated_at: current.updated_at } }),
  },
};
/** A failed inner call's answer, passed on to the caller as it is (a 5xx as the plain 500). */
async function passOn(answer: Response): Promise<HttpError> {
  const body = (await answer.json().catch(() => null)) as { message?: unknown } | null;
  if (answer.status >= 500 || !body || typeof body.message !== "string") return new HttpError(500, { message: "Internal error" });
  return new HttpError(answer.status as ContentfulStatusCode, body as { message: string });
}

/** Values compared as the API writes them: same JSON, keys in any order. */
const sameValue = sameJson;

export function auditRouter(db: Database, dispatch: Dispatch) {
  const router = apiRouter();

  router.openapi(latestRoute, async (c) => {
    const { limit } = c.req.valid("query");
    const rows = await db.select().from(auditLog).orderBy(desc(auditLog.created_at), desc(auditLog.id)).limit(limit);
    return c.json({ data: await namedAuditEntries(db, rows) }, 200);
  });

  router.openapi(listRoute, async (c) => {
    const query = c.req.valid("query");
    const conditions: SQL[] = [];
    if (query.admin !== undefined) conditions.push(eq(auditLog.admin_user_id, query.admin));
    if (query.entity) conditions.push(eq(auditLog.entity, query.entity));
    if (query.entity_id) conditions.push(eq(auditLog.entity_id, query.entity_id));
    if (query.action) conditions.push(eq(auditLog.action, query.action));
    if (query.start_date) conditions.push(gte(auditLog.created_at, istMidnight(query.start_date)));
    if (query.end_date) conditions.push(lt(auditLog.created_at, istDayEnd(query.end_date)));
    const where = conditions.length ? and(...conditions) : undefined;
    const [rows, [{ total }]] = await Promise.all([
      db
        .select()
        .from(auditLog)
        .where(where)
        .orderBy(desc(auditLog.created_at), desc(auditLog.id))
        .limit(query.page_size)
        .offset((query.page - 1) * query.page_size),
      db.select({ total: count() }).from(auditLog).where(where),
    ]);
    return c.json({ data: await namedAuditEntries(db, rows), total_results: total, current_page: query.page, page_size: query.page_size }, 200);
  });

  const findEntry = async (id: number) => {
    const [row] = await db.select().from(auditLog).where(eq(auditLog.id, id));
    if (!row) throw notFound(AUDIT_ENTRY_NOT_FOUND);
    return row;
  };

  router.openapi(detailRoute, async (c) => {
    const { id } = c.req.valid("param");
    const [named] = await namedAuditEntries(db, [await findEntry(id)]);
    return c.json({ data: named }, 200);
  });

  /** The entry a revert wrote (its reverts_id names the entry undone), by the admin who asked. */
  const revertRecorded = async (revertedId: number, adminUserId: number) =>
    (
      await db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.reverts_id, revertedId), eq(auditLog.admin_user_id, adminUserId)))
        .orderBy(desc(auditLog.id))
        .limit(1)
    )[0];

  router.openapi(revertRoute, async (c) => {
    const actor = await requireActor(c, db);
    const { id } = c.req.valid("param");
    const entry = await findEntry(id);
    const adapter = ADAPTERS[entry.entity];
    if ((!adapter && entry.entity !== "setting") || !isRevertable(entry)) throw new HttpError(422, { message: REVERT_MESSAGES.notRevertable });
    const before = entry.before as Values;
    const after = entry.after as Values;

    // the latest change of the same record after this entry: who moved it on
    const [newer] = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, entry.entity), eq(auditLog.entity_id, entry.entity_id), gt(auditLog.id, entry.id)))
      .orderBy(desc(auditLog.id))
      .limit(1);
    const movedOn = () =>
      new HttpError(409, {
        message: newer
          ? newer.action === "delete"
            ? `${REVERT_MESSAGES.gone} (deleted by ${newer.admin_username ?? "another admin"} on ${formatIst(newer.created_at)})`
            : REVERT_MESSAGES.movedOn(newer.admin_username ?? "another admin", formatIst(newer.created_at))
          : REVERT_MESSAGES.movedOn("someone outside the admin", "an unknown date"),
      });

    // the request's own headers (the secret, the acting admin) carry over to the calls made for it
    const headers = new Headers(c.req.raw.headers);
    headers.delete("content-length");
    headers.set(ACTING_ADMIN_HEADER, String(actor.adminUserId));
    const call = (method: string, path: string, body?: Values) => {
      if (body) headers.set("content-type", "application/json");
      return dispatch(new Request(new URL(path, "http://internal"), { method, headers, body: body ? JSON.stringify(body) : undefined }));
    };

    if (entry.entity === "setting") {
      const changes = auditPartChanges(entry);
      if (!changes || changes.length === 0) throw new HttpError(422, { message: REVERT_MESSAGES.notRevertable });
      const name = changes[0].part.name;
      const read = await call("GET", `/get-setting?setting_name=${enc(name)}`);
      if (!read.ok) throw await passOn(read);
      const current = ((await read.json()) as { data: RecordAnswer }).data;
      // per part, as the saves are: only the fields this entry changed must be as it left them
      let record: Values = { setting1: current.setting1, setting2: current.setting2 };
      const slots = new Set<string>();
      for (const change of changes) {
        const value = partValue(record, change.part);
        const paths = changedPaths(change);
        if (!paths.every((path) => samePartValue(valueAtPath(value, path), change.after[path]))) {
          const partIds = [settingPartId(change.part), entry.entity_id];
          const [newerOfPart] = await db
            .select()
            .from(auditLog)
            .where(and(eq(auditLog.entity, "setting"), inArray(auditLog.entity_id, partIds), gt(auditLog.id, entry.id)))
            .orderBy(desc(auditLog.id))
            .limit(1);
          throw new HttpError(409, {
            message: newerOfPart
              ? REVERT_MESSAGES.movedOn(newerOfPart.admin_username ?? "another admin", formatIst(newerOfPart.created_at))
              : REVERT_MESSAGES.movedOn("someone outside the admin", "an unknown date"),
          });
        }
        record = { ...record, [change.part.slot]: withPartValue(record, change.part, withPathValues(value, paths, change.before)) };
        slots.add(change.part.slot);
      }
      const body: Values = { settingName: name, updated_at: current.updated_at };
      for (const slot of slots) body[slot] = record[slot];
      const written = await revertContext.run({ revertsId: entry.id }, () => call("PUT", `/upsert-setting?setting_name=${enc(name)}`, body));
      if (!written.ok) throw await passOn(written);
      const recorded = await revertRecorded(entry.id, actor.adminUserId);
      if (!recorded) throw new HttpError(409, { message: REVERT_MESSAGES.notRevertable });
      return c.json({ data: auditEntry(recorded) }, 200);
    }

    if (!adapter) throw new HttpError(422, { message: REVERT_MESSAGES.notRevertable });
    const read = await call("GET", adapter.read(entry.entity_id));
    if (read.status === 404) throw new HttpError(409, { message: newer ? movedOn().body.message : REVERT_MESSAGES.gone });
    if (!read.ok) throw await passOn(read);
    const current = ((await read.json()) as { data: RecordAnswer }).data;
    const stillAsLeft = Object.keys(after).every((field) => sameValue(current[field], after[field]));
    if (!stillAsLeft) throw movedOn();

    const old = Object.fromEntries(Object.keys(after).map((field) => [field, before[field] ?? null]));
    const { method, path, body } = adapter.write(entry.entity_id, old, current);
    const written = await revertContext.run({ revertsId: entry.id }, () => call(method, path, body));
    if (!written.ok) throw await passOn(written);
    const recorded = await revertRecorded(entry.id, actor.adminUserId);
    return c.json({ data: auditEntry(recorded!) }, 200);
  });

  return router;
}
