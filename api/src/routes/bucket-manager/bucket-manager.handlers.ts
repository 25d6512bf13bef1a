/** bucket-manager: the handlers of the calls bucket-manager.routes.ts defines. */
import { and, asc, count, desc, eq, inArray, or, sql, type SQL } from "drizzle-orm";
import { BUCKET_FILE_MAX_BYTES, BUCKET_MAX_FILES, BUCKET_MESSAGES as M, StoredFileRecord } from "~contract/bucket-manager";
import { extensionOf, isValidFileName } from "~contract/file-types";
import { DOCUMENT_FIELD_LABELS, DOCUMENT_FILE_FIELDS, type DocumentFileField } from "~contract/provider-documents";
import { TOTAL_COUNT_HEADER } from "~contract/service-providers";
import type { Database } from "../../db/client";
import {
  blogArticles,
  blogImages,
  orderFiles,
  orders,
  profileDocuments,
  serviceProviders,
  settings,
  storedFiles,
  users,
  type StoredFileRow,
} from "../../db/schema";
import { recordAudit, requireActor, type Tx } from "../../lib/audit";
import { storedContentType, sniffFile } from "../../lib/file-sniff";
import { badRequest, HttpError, notFound } from "../../lib/http";
import { apiRouter } from "../../lib/openapi";
import { containsPattern } from "../../lib/providers";
import { syncCatalogue, type CataloguedStorage } from "../../storage/catalogue";
import { listRoute, fileRoute, deleteRoute, sweepRoute, uploadRoute, syncRoute } from "./bucket-manager.routes";

/** One upload request: at most five files' worth plus the form around them. */
export const BUCKET_UPLOAD_BODY_BYTES = 5 * BUCKET_FILE_MAX_BYTES + 256 * 1024;

// ——— continuation tokens: an opaque keyset position on (uploaded_at, id) ———

type Cursor = { dir: "next" | "prev"; at: string; id: number };

export function encodeToken(cursor: Cursor): string {
  return Buffer.from(`${cursor.dir === "next" ? "n" : "p"}|${cursor.at}|${cursor.id}`, "utf8").toString("base64url");
}

export function decodeToken(token: string): Cursor | null {
  if (!/^[A-Za-z0-9_-]{1,200}$/.test(token)) return null;
  const parts = Buffer.from(token, "base64url").toString("utf8").split("|");
  if (parts.length !== 3 || (parts[0] !== "n" && parts[0] !== "p")) return null;
  const [dir, at, id] = parts;
  if (
    !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/.test(at) ||
    Number.isNaN(Date.parse(at)) ||
    !/^\d{1,10}$/.test(id) ||
    Number(id) < 1 ||
    Number(id) > 2_147_483_647
  )
    return null;
  return { dir: dir === "n" ? "next" : "prev", at, id: Number(id) };
}

/** One India-time day (YYYY-MM-DD) as [start, end) instants; India keeps +05:30 all year. */
export function indiaDay(value: string): [Date, Date] | null {
  const start = new Date(`${value}T00:00:00.000+05:30`);
  if (Number.isNaN(start.getTime())) return null;
  const check = new Date(start.getTime() + 5.5 * 3600 * 1000).toISOString().slice(0, 10);
  if (check !== value) return null;
  return [start, new Date(start.getTime() + 24 * 3600 * 1000)];
}

const columns = {
  id: storedFiles.id,
  file_name: storedFiles.file_name,
  size: storedFiles.size,
  content_type: storedFiles.content_type,
  uploaded_at: storedFiles.uploaded_at,
};

const recordOf = (row: Pick<StoredFileRow, "id" | "file_name" | "size" | "content_type" | "uploaded_at">): StoredFileRecord => ({
  id: row.id,
  file_name: row.file_name,
  size: row.size,
  content_type: row.content_type,
  uploaded_at: row.uploaded_at.toISOString(),
});

const after = (at: string, id: number) => sql`(${storedFiles.uploaded_at}, ${storedFiles.id}) < (${at}::timestamptz, ${id})`;

const before = (at: string, id: number) => sql`(${storedFiles.uploaded_at}, ${storedFiles.id}) > (${at}::timestamptz, ${id})`;

const splitNames = (value: string | null) => (value ?? "").split(",").map((n) => n.trim());

/** The keys (dotted paths) of a setting's JSON whose value is exactly this name. */
function keysHolding(value: unknown, name: string, at = ""): string[] {
  if (value === name) return [at || "value"];
  if (Array.isArray(value)) return value.flatMap((v) => keysHolding(v, name, at));
  if (value && typeof value === "object") return Object.entries(value).flatMap(([k, v]) => keysHolding(v, name, at ? `${at}.${k}` : k));
  return [];
}

/** Every file column of a provider's documents (spec 3 §3 Documents). */
const documentFileColumns = Object.fromEntries(DOCUMENT_FILE_FIELDS.map((field) => [field, profileDocuments[field]])) as {
  [F in DocumentFileField]: (typeof profileDocuments)[F];
};

/** What uses the file, in the admin's words ("the profile photo of provider johndoe"); empty when nothing does. */
export async function referencesOf(db: Database | Tx, name: string): Promise<string[]> {
  const like = containsPattern(name);
  const [documents, posts, orderRows, settingRows] = await Promise.all([
    db
      .select({ ...documentFileColumns, username: users.username })
      .from(profileDocuments)
      .innerJoin(serviceProviders, eq(serviceProviders.serviceProvider_id, profileDocuments.service_provider_id))
      .innerJoin(users, eq(users.id, serviceProviders.user_id))
      .where(or(...DOCUMENT_FILE_FIELDS.map((field) => sql`${profileDocuments[field]} LIKE ${like}`)))
      .limit(20),
    db
      .select({ title: blogArticles.title })
      .from(blogArticles)
      .where(sql`${blogArticles.content} LIKE ${like}`)
      .orderBy(asc(blogArticles.id))
      .limit(5),
    db
      .select({ shortId: orders.short_id })
      .from(orderFiles)
      .innerJoin(orders, eq(orders.order_id, orderFiles.order_id))
      .where(eq(orderFiles.file, name))
      .limit(5),
    db
      .select({ name: settings.settingName, setting1: settings.setting1, setting2: settings.setting2 })
      .from(settings)
      .where(sql`${settings.setting1}::text LIKE ${like} OR ${settings.setting2}::text LIKE ${like}`),
  ]);
  const uses: string[] = [];
  for (const row of documents) {
    for (const field of DOCUMENT_FILE_FIELDS) {
      if (splitNames(row[field]).includes(name)) uses.push(`the ${DOCUMENT_FIELD_LABELS[field]} of provider ${row.username}`);
    }
  }
  for (const post of posts) uses.push(`the post “${post.title}”`);
  for (const order of orderRows) uses.push(`the files of order ${order.shortId}`);
  for (const row of settingRows) {
    for (const key of [...keysHolding(row.setting1, name), ...keysHolding(row.setting2, name)]) {
      uses.push(key === "logo" || key === "favicon" ? `the site's ${key} (${row.name})` : `the setting ${row.name} (${key})`);
    }
  }
  return uses;
}

/** A stored file that is a post image no post's content names (the Unused filter). */
const unusedPostImage = () =>
  sql`${storedFiles.file_name} IN (SELECT ${blogImages.file_name} FROM ${blogImages}) AND NOT EXISTS (SELECT 1 FROM ${blogArticles} WHERE position(${storedFiles.file_name} in ${blogArticles.content}) > 0)`;

export function bucketManagerRouter(db: Database, storage: CataloguedStorage) {
  const router = apiRouter();

  router.openapi(listRoute, async (c) => {
    const query = c.req.valid("query");
    const pageSize = query.page_size;
    const filters: SQL[] = [];
    if (query.search) filters.push(sql`${storedFiles.search_text} LIKE ${containsPattern(query.search.toLowerCase())}`);
    if (query.unused) filters.push(unusedPostImage());
    if (query.uploaded_at && query.uploaded_at !== "undefined") {
      const day = indiaDay(query.uploaded_at);
      if (!day) throw badRequest(M.badDate, { uploaded_at: M.badDate });
      filters.push(
        sql`${storedFiles.uploaded_at} >= ${day[0].toISOString()}::timestamptz`,
        sql`${storedFiles.uploaded_at} < ${day[1].toISOString()}::timestamptz`,
      );
    }
    const cursor = query.continuation_token ? decodeToken(query.continuation_token) : null;
    if (query.continuation_token && !cursor) throw badRequest(M.badToken, { continuation_token: M.badToken });
    const firstPage = () =>
      db
        .select(columns)
        .from(storedFiles)
        .where(and(...filters))
        .orderBy(desc(storedFiles.uploaded_at), desc(storedFiles.id))
        .limit(pageSize);
    let rows: Awaited<ReturnType<typeof firstPage>>;
    if (!cursor) rows = await firstPage();
    else if (cursor.dir === "next") {
      rows = await db
        .select(columns)
        .from(storedFiles)
        .where(and(...filters, after(cursor.at, cursor.id)))
        .orderBy(desc(storedFiles.uploaded_at), desc(storedFiles.id))
        .limit(pageSize);
    } else {
      rows = (
        await db
          .select(columns)
          .from(storedFiles)
          .where(and(...filters, before(cursor.at, cursor.id)))
          .orderBy(asc(storedFiles.uploaded_at), asc(storedFiles.id))
          .limit(pageSize)
      ).reverse();
      // fewer than a page before it: the first page
      if (rows.length < pageSize) rows = await firstPage();
    }
    const first = rows[0];
    const last = rows[rows.length - 1];
    const [[{ total }], [{ earlier }]] = await Promise.all([
      db
        .select({ total: count() })
        .from(storedFiles)
        .where(and(...filters)),
      first
        ? db
            .select({ earlier: count() })
            .from(storedFiles)
            .where(and(...filters, before(first.uploaded_at.toISOString(), first.id)))
        : Promise.resolve([{ earlier: 0 }]),
    ]);
    const startIndex = first ? Number(earlier) + 1 : 0;
    c.header(TOTAL_COUNT_HEADER, String(total));
    const hasNext = last !== undefined && Number(earlier) + rows.length < Number(total);
    return c.json(
      {
        data: {
          results: rows.map(recordOf),
          total: Number(total),
          start_index: startIndex,
          next_continuation_token: hasNext ? encodeToken({ dir: "next", at: last.uploaded_at.toISOString(), id: last.id }) : null,
          previous_continuation_token:
            first && startIndex > 1 ? encodeToken({ dir: "prev", at: first.uploaded_at.toISOString(), id: first.id }) : null,
        },
      },
      200,
    );
  });

  router.openapi(fileRoute, async (c) => {
    const { id } = c.req.valid("param");
    const [row] = await db.select(columns).from(storedFiles).where(eq(storedFiles.id, id));
    if (!row) throw notFound(M.notFound);
    return c.json({ data: recordOf(row) }, 200);
  });

  router.openapi(deleteRoute, async (c) => {
    const actor = await requireActor(c, db);
    const { key, id } = c.req.valid("json");
    // one transaction with the row locked: two deletes of one file take turns, the references are
    // read just before the object goes, and an object that cannot be deleted leaves the row as it was
    await db.transaction(async (tx) => {
      const [row] = await tx.select(columns).from(storedFiles).where(eq(storedFiles.id, id)).for("update");
      if (!row) throw notFound(M.notFound);
      if (row.file_name !== key) throw badRequest(M.keyMismatch, { key: M.keyMismatch });
      const uses = await referencesOf(tx, key);
      if (uses.length > 0) {
        const more = uses.length > 1 ? ` (and ${uses.length - 1} more)` : "";
        throw new HttpError(409, { message: `${key} cannot be deleted: this file is used by ${uses[0]}${more}.` });
      }
      await tx.delete(storedFiles).where(eq(storedFiles.id, id));
      await recordAudit(tx, actor, { action: "delete", entity: "file", entityId: key, before: recordOf(row) });
      await storage.inner.delete(key);
    });
    return c.json({ message: M.deletedText }, 200);
  });

  router.openapi(sweepRoute, async (c) => {
    const actor = await requireActor(c, db);
    const { before, search } = c.req.valid("json");
    const filters: SQL[] = [unusedPostImage(), sql`${storedFiles.uploaded_at} <= ${new Date(before).toISOString()}::timestamptz`];
    if (search) filters.push(sql`${storedFiles.search_text} LIKE ${containsPattern(search.toLowerCase())}`);
    const deleted = await db.transaction(async (tx) => {
      const rows = await tx
        .select(columns)
        .from(storedFiles)
        .where(and(...filters))
        .orderBy(asc(storedFiles.id))
        .for("update");
      if (rows.length === 0) return [];
      const names = rows.map((row) => row.file_name);
      await tx.delete(storedFiles).where(
        inArray(
          storedFiles.id,
          rows.map((row) => row.id),
        ),
      );
      await tx.delete(blogImages).where(inArray(blogImages.file_name, names));
      for (const row of rows)
        await recordAudit(tx, actor, {
          action: "delete",
          entity: "file",
          entityId: row.file_name,
          before: { ...recordOf(row), reason: "unused post image (swept)" },
        });
      for (const name of names) await storage.inner.delete(name);
      return names;
    });
    return c.json({ message: M.swept(deleted.length), deleted }, 200);
  });

  router.openapi(uploadRoute, async (c) => {
    const actor = await requireActor(c, db);
    const form = c.req.valid("form");
    const files = (Array.isArray(form.files) ? form.files : [form.files]).filter((f) => f.size > 0 || f.name);
    if (files.length === 0) throw badRequest(M.noFiles, { files: M.noFiles });
    if (files.length > BUCKET_MAX_FILES) throw badRequest(M.tooMany, { files: M.tooMany });
    const ready: { name: string; bytes: Uint8Array; contentType: string }[] = [];
    const errors: Record<string, string> = {};
    for (const file of files) {
      const name = file.name.trim();
      if (!isValidFileName(name)) {
        errors[name || "files"] = M.badName;
        continue;
      }
      if (file.size > BUCKET_FILE_MAX_BYTES) {
        errors[name] = M.tooLarge;
        continue;
      }
      if (file.size === 0) {
        errors[name] = M.empty;
        continue;
      }
      const bytes = new Uint8Array(await file.arrayBuffer());
      const sniffed = await sniffFile(bytes);
      const ext = extensionOf(name);
      if (!sniffed || !sniffed.extensions.includes(ext)) {
        errors[name] = M.wrongType;
        continue;
      }
      ready.push({ name, bytes, contentType: storedContentType(sniffed, ext) });
    }
    const names = Object.keys(errors);
    if (names.length > 0) {
      const sizeOnly = names.every((n) => errors[n] === M.tooLarge);
      if (sizeOnly) throw new HttpError(413, { message: M.tooLarge, errors });
      throw badRequest(names.length === 1 ? errors[names[0]] : `${names.length} files were refused: nothing was stored.`, errors);
    }
    const taken = (name: string) => new HttpError(409, { message: M.nameTaken(name), errors: { [name]: M.nameTaken(name) } });
    const seen = new Set<string>();
    for (const file of ready) {
      if (seen.has(file.name) || (await storage.exists(file.name))) throw taken(file.name);
      seen.add(file.name);
    }
    // the names are reserved in the catalogue first (its unique index): two uploads of one name at
    // once cannot both store it
    const now = new Date();
    await db.transaction(async (tx) => {
      for (const file of ready) {
        const [row] = await tx
          .insert(storedFiles)
          .values({
            file_name: file.name,
            size: file.bytes.byteLength,
            content_type: file.contentType,
            uploaded_at: now,
            uploaded_by: actor.adminUsername,
          })
          .onConflictDoNothing({ target: storedFiles.file_name })
          .returning({ id: storedFiles.id });
        if (!row) throw taken(file.name);
      }
    });
    const stored: StoredFileRecord[] = [];
    try {
      for (const file of ready) {
        await storage.putAs(file.name, file.bytes, file.contentType, actor.adminUsername);
        const [row] = await db.select(columns).from(storedFiles).where(eq(storedFiles.file_name, file.name));
        const record = recordOf(row);
        await recordAudit(db, actor, { action: "create", entity: "file", entityId: file.name, after: record });
        stored.push(record);
      }
    } catch (error) {
      // what was not stored is not catalogued
      const left = ready.filter((f) => !stored.some((s) => s.file_name === f.name)).map((f) => f.name);
      await db
        .delete(storedFiles)
        .where(inArray(storedFiles.file_name, left))
        .catch(() => undefined);
      throw error;
    }
    return c.json({ message: stored.length === 1 ? M.uploaded(stored[0].file_name) : M.uploadedCount(stored.length), data: stored }, 201);
  });

  router.openapi(syncRoute, async (c) => {
    const actor = await requireActor(c, db);
    const outcome = await syncCatalogue(db, storage.inner);
    await recordAudit(db, actor, { action: "update", entity: "file", entityId: "bucket-sync", after: outcome });
    return c.json({ message: M.synced(outcome.added, outcome.updated, outcome.removed, outcome.total), ...outcome }, 200);
  });

  return router;
}
