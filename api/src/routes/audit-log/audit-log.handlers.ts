/** audit-log: the handlers of the calls audit-log.routes.ts defines. */
import { and, count, desc, eq, gt, gte, inArray, isNull, lt, ne, or, sql, type SQL } from "drizzle-orm";
import { ACTING_ADMIN_HEADER, IDEMPOTENCY_KEY_HEADER } from "~contract/api";
import { isRevertable, REVERT_MESSAGES, UNREAD_CAP } from "~contract/audit-log";
import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { Database } from "../../db/client";
import { auditLog, auditSeen, type AuditRow } from "../../db/schema";
import { recordAudit, requireActor, revertContext, type Actor } from "../../lib/audit";
import { EXPORT_LISTS } from "~contract/list-export";
import { accessOf, entriesOpenTo, requireRevertAccess } from "./audit-access";
import { formatIst, HttpError, notFound } from "../../lib/http";
import { apiRouter } from "../../lib/openapi";
import { istDayEnd, istMidnight } from "../../lib/providers";
import { auditEntry } from "../../lib/serialize";
import { namedAuditEntries } from "./audit-names";
import { sameJson } from "~shared/json";
import {
  auditPartChanges,
  changedPaths,
  partValue,
  sameValue as samePartValue,
  settingPartId,
  valueAtPath,
  withPartValue,
  withPathValues,
} from "~contract/setting-parts";
import { AUDIT_ENTRY_NOT_FOUND, latestRoute, seenRoute, listRoute, detailRoute, revertRoute, exportRoute } from "./audit-log.routes";

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
    write: (id, old, current) => ({
      method: "PATCH",
      path: `/update-category?category_id=${enc(id)}`,
      body: { ...old, updated_at: current.updated_at },
    }),
  },
  cancellation_reason: {
    read: (id) => `/cancellation-reason/${enc(id)}/`,
    write: (id, old, current) => ({
      method: "PUT",
      path: `/cancellation-reason/${enc(id)}/`,
      body: { ...old, updated_at: current.updated_at },
    }),
  },
  faq: {
    read: (id) => `/faq-detail/${enc(id)}`,
    write: (id, old, current) => ({ method: "PUT", path: `/faq-detail/${enc(id)}`, body: { ...old, updated_at: current.updated_at } }),
  },
  plan: {
    read: (id) => `/get-plan-by-id?plan_id=${enc(id)}`,
    write: (id, old, current) => ({
      method: "PUT",
      path: `/update-plan?plan_id=${enc(id)}`,
      body: { ...old, updated_at: current.updated_at },
    }),
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
    write: (id, old, current) => ({
      method: "PUT",
      path: `/blog/article-detail/${enc(id)}`,
      body: { ...old, updated_at: current.updated_at },
    }),
  },
  clickwrap: {
    read: (id) => `/clickwrap/clickwraps/${enc(id)}/`,
    write: (id, old, current) => ({
      method: "PUT",
      path: `/clickwrap/clickwraps/${enc(id)}/`,
      body: { ...old, updated_at: current.updated_at },
    }),
  },
  notification_template: {
    read: (id) => `/retrive-notification-template/${enc(id)}/`,
    write: (id, old, current) => ({
      method: "PUT",
      path: `/update-notification-template/${enc(id)}/`,
      body: { ...old, updated_at: current.updated_at },
    }),
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

/** The acting admin when the call names one (x-acting-admin), else null; a named admin who may not act is refused. */
async function actorIfNamed(c: Context, db: Database): Promise<Actor | null> {
  if (c.req.header(ACTING_ADMIN_HEADER) === undefined) return null;
  return requireActor(c, db);
}

export function auditRouter(db: Database, dispatch: Dispatch) {
  const router = apiRouter();

  router.openapi(latestRoute, async (c) => {
    const { limit } = c.req.valid("query");
    const actor = await actorIfNamed(c, db);
    if (!actor) {
      const rows = await db.select().from(auditLog).orderBy(desc(auditLog.created_at), desc(auditLog.id)).limit(limit);
      return c.json({ data: await namedAuditEntries(db, rows) }, 200);
    }
    const open = entriesOpenTo(await accessOf(db, actor.adminUserId));
    const [[seen], rows] = await Promise.all([
      db.select({ upTo: auditSeen.seen_up_to }).from(auditSeen).where(eq(auditSeen.admin_user_id, actor.adminUserId)),
      db.select().from(auditLog).where(open).orderBy(desc(auditLog.created_at), desc(auditLog.id)).limit(limit),
    ]);
    const seenUpTo = seen?.upTo ?? 0;
    // unread: others' changes after the marker, in the admin's areas; counted no further than the cap
    const unreadRows = db
      .select({ one: sql`1` })
      .from(auditLog)
      .where(and(open, gt(auditLog.id, seenUpTo), or(isNull(auditLog.admin_user_id), ne(auditLog.admin_user_id, actor.adminUserId))))
      .limit(UNREAD_CAP + 1)
      .as("unread_rows");
    const [{ unread }] = await db.select({ unread: count() }).from(unreadRows);
    return c.json({ data: await namedAuditEntries(db, rows), unread, seen_up_to: seenUpTo }, 200);
  });

  router.openapi(seenRoute, async (c) => {
    const actor = await requireActor(c, db);
    const { up_to } = c.req.valid("json");
    // never past the newest entry (a marker ahead would hide changes still to come), never back
    const newest = sql`least(${up_to}::integer, coalesce((select max(${auditLog.id}) from ${auditLog}), 0))`;
    const [row] = await db
      .insert(auditSeen)
      .values({ admin_user_id: actor.adminUserId, seen_up_to: newest })
      .onConflictDoUpdate({
        target: auditSeen.admin_user_id,
        set: { seen_up_to: sql`greatest(${auditSeen.seen_up_to}, excluded.seen_up_to)`, updated_at: new Date() },
      })
      .returning({ seen_up_to: auditSeen.seen_up_to });
    return c.json({ data: { seen_up_to: row.seen_up_to } }, 200);
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
    return c.json(
      { data: await namedAuditEntries(db, rows), total_results: total, current_page: query.page, page_size: query.page_size },
      200,
    );
  });

  const findEntry = async (id: number) => {
    const [row] = await db.select().from(auditLog).where(eq(auditLog.id, id));
    if (!row) throw notFound(AUDIT_ENTRY_NOT_FOUND);
    return row;
  };

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

  /**
   * Every check of "Revert this change" (the admin's access, the kind of change, the record as it
   * is now), reading only; resolves with the write that performs it. The entry dialog asks the same
   * question (GET /audit-entries/{id}), so Revert is offered only where it can go through.
   */
  async function prepareRevert(c: Context, entry: AuditRow, actor: Actor): Promise<() => Promise<AuditRow>> {
    await requireRevertAccess(db, actor, entry);
    const adapter = ADAPTERS[entry.entity];
    if ((!adapter && entry.entity !== "setting") || !isRevertable(entry))
      throw new HttpError(422, { message: REVERT_MESSAGES.notRevertable });
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
    headers.delete("content-type");
    // the revert's own key guards the revert; the write it makes is another request, without it
    headers.delete(IDEMPOTENCY_KEY_HEADER);
    headers.set(ACTING_ADMIN_HEADER, String(actor.adminUserId));
    const call = (method: string, path: string, body?: Values) => {
      const own = new Headers(headers);
      if (body) own.set("content-type", "application/json");
      return dispatch(
        new Request(new URL(path, "http://internal"), { method, headers: own, body: body ? JSON.stringify(body) : undefined }),
      );
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
      return async () => {
        const written = await revertContext.run({ revertsId: entry.id }, () =>
          call("PUT", `/upsert-setting?setting_name=${enc(name)}`, body),
        );
        if (!written.ok) throw await passOn(written);
        const recorded = await revertRecorded(entry.id, actor.adminUserId);
        if (!recorded) throw new HttpError(409, { message: REVERT_MESSAGES.notRevertable });
        return recorded;
      };
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
    return async () => {
      const written = await revertContext.run({ revertsId: entry.id }, () => call(method, path, body));
      if (!written.ok) throw await passOn(written);
      const recorded = await revertRecorded(entry.id, actor.adminUserId);
      if (!recorded) throw new HttpError(409, { message: REVERT_MESSAGES.notRevertable });
      return recorded;
    };
  }

  router.openapi(detailRoute, async (c) => {
    const { id } = c.req.valid("param");
    const row = await findEntry(id);
    const [named] = await namedAuditEntries(db, [row]);
    if (c.req.header(ACTING_ADMIN_HEADER) === undefined) return c.json({ data: named }, 200);
    let revert: { possible: boolean; reason: string | null };
    try {
      await prepareRevert(c, row, await requireActor(c, db));
      revert = { possible: true, reason: null };
    } catch (error) {
      if (!(error instanceof HttpError) || error.status >= 500) throw error;
      revert = { possible: false, reason: error.body.message };
    }
    return c.json({ data: { ...named, revert } }, 200);
  });

  router.openapi(revertRoute, async (c) => {
    const actor = await requireActor(c, db);
    const { id } = c.req.valid("param");
    const write = await prepareRevert(c, await findEntry(id), actor);
    return c.json({ data: auditEntry(await write()) }, 200);
  });

  router.openapi(exportRoute, async (c) => {
    const actor = await requireActor(c, db);
    const body = c.req.valid("json");
    const row = await recordAudit(db, actor, {
      action: "export",
      entity: EXPORT_LISTS[body.list].entity,
      entityId: body.list,
      after: { list: EXPORT_LISTS[body.list].name, format: body.format, filter: body.filter, rows: body.rows },
    });
    const [named] = await namedAuditEntries(db, [row]);
    return c.json({ data: named }, 201);
  });

  return router;
}
