/**
 * The catalogue of stored files (stored_files): every file written through the API is recorded
 * there (name, size, type, when, by whom), every file deleted through it leaves it. The bucket
 * manager lists, searches and pages the catalogue, never the bucket; a sync (syncCatalogue) adds
 * what was put in the bucket by other means and drops rows whose object is gone.
 */
import { and, inArray, lt, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { storedFiles } from "../db/schema";
import { contentTypeOf, type FileStorage } from "./storage";

const CATALOGUED = Symbol("catalogued");

export type CataloguedStorage = FileStorage & {
  [CATALOGUED]: true;
  /** the storage underneath (writes there are not catalogued) */
  readonly inner: FileStorage;
  /** put, recorded with the admin who uploaded it */
  putAs(name: string, bytes: Uint8Array, contentType: string, uploadedBy: string | null): Promise<void>;
};

export const isCatalogued = (storage: FileStorage): storage is CataloguedStorage => CATALOGUED in storage;

export type CatalogueEntry = { name: string; size: number; contentType?: string; uploadedAt?: Date; uploadedBy?: string | null };

/** Records (or refreshes) files in the catalogue, by name. */
export async function recordStoredFiles(db: Database, entries: CatalogueEntry[]): Promise<void> {
  if (entries.length === 0) return;
  const now = new Date();
  for (let i = 0; i < entries.length; i += 1000) {
    await db
      .insert(storedFiles)
      .values(
        entries.slice(i, i + 1000).map((e) => ({
          file_name: e.name,
          size: e.size,
          content_type: e.contentType ?? contentTypeOf(e.name),
          uploaded_at: e.uploadedAt ?? now,
          uploaded_by: e.uploadedBy ?? null,
        })),
      )
      .onConflictDoUpdate({
        target: storedFiles.file_name,
        set: {
          size: sql`excluded.size`,
          content_type: sql`excluded.content_type`,
          uploaded_at: sql`excluded.uploaded_at`,
          uploaded_by: sql`excluded.uploaded_by`,
        },
      });
  }
}

/** Counts the bytes of a stream as they pass. */
function counted(body: ReadableStream<Uint8Array>): { body: ReadableStream<Uint8Array>; size: () => number } {
  let size = 0;
  const counter = new TransformStream<Uint8Array, Uint8Array>({
    transform(chunk, controller) {
      size += chunk.byteLength;
      controller.enqueue(chunk);
    },
  });
  return { body: body.pipeThrough(counter), size: () => size };
}

/** The storage with every put and delete recorded in the catalogue (a storage already wrapped is kept). */
export function cataloguedStorage(db: Database, storage: FileStorage): CataloguedStorage {
  if (isCatalogued(storage)) return storage;
  const putAs = async (name: string, bytes: Uint8Array, contentType: string | undefined, uploadedBy: string | null) => {
    await storage.put(name, bytes, contentType);
    await recordStoredFiles(db, [{ name, size: bytes.byteLength, contentType: contentType ?? contentTypeOf(name), uploadedBy }]);
  };
  return {
    [CATALOGUED]: true,
    inner: storage,
    get: (name) => storage.get(name),
    exists: (name) => storage.exists(name),
    list: (options) => storage.list(options),
    presignedUrl: (name, seconds) => storage.presignedUrl(name, seconds),
    put: (name, bytes, contentType) => putAs(name, bytes, contentType, null),
    putAs: (name, bytes, contentType, uploadedBy) => putAs(name, bytes, contentType, uploadedBy),
    async putStream(name, body, contentType) {
      const stream = counted(body);
      await storage.putStream(name, stream.body, contentType);
      await recordStoredFiles(db, [{ name, size: stream.size(), contentType: contentType ?? contentTypeOf(name) }]);
    },
    async delete(name) {
      await storage.delete(name);
      await db.delete(storedFiles).where(sql`${storedFiles.file_name} = ${name}`);
    },
  };
}

/**
 * Names stored but not in the catalogue (the demo files written by an earlier run, before the
 * catalogue existed) are recorded with their stored size.
 */
export async function catalogueMissing(db: Database, storage: FileStorage, names: string[]): Promise<number> {
  if (names.length === 0) return 0;
  const known = new Set<string>();
  for (let i = 0; i < names.length; i += 1000) {
    const rows = await db
      .select({ name: storedFiles.file_name })
      .from(storedFiles)
      .where(inArray(storedFiles.file_name, names.slice(i, i + 1000)));
    for (const row of rows) known.add(row.name);
  }
  const entries: CatalogueEntry[] = [];
  for (const name of names.filter((n) => !known.has(n))) {
    const file = await storage.get(name);
    if (!file) continue;
    await file.body.cancel().catch(() => undefined);
    entries.push({ name, size: file.size, contentType: contentTypeOf(name) });
  }
  await recordStoredFiles(db, entries);
  return entries.length;
}

export type SyncOutcome = { added: number; updated: number; removed: number; total: number };

/**
 * Reconciles the catalogue with the bucket: lists it page by page (continuation tokens), adds the
 * objects the catalogue lacks (their size and last-modified time), refreshes a changed size, and
 * drops rows whose object is gone (only rows older than the sync, so a file uploaded meanwhile stays).
 */
export async function syncCatalogue(db: Database, storage: FileStorage): Promise<SyncOutcome> {
  const started = new Date();
  const inBucket = new Map<string, { size: number; lastModified: Date }>();
  let token: string | undefined;
  do {
    const page = await storage.list({ token, limit: 1000 });
    for (const file of page.files) inBucket.set(file.name, { size: file.size, lastModified: file.lastModified });
    token = page.nextToken;
  } while (token);
  const rows = await db.select({ name: storedFiles.file_name, size: storedFiles.size }).from(storedFiles);
  const catalogued = new Map(rows.map((r) => [r.name, r.size]));
  const added: CatalogueEntry[] = [];
  const changed: { name: string; size: number }[] = [];
  for (const [name, file] of inBucket) {
    const size = catalogued.get(name);
    if (size === undefined) added.push({ name, size: file.size, uploadedAt: file.lastModified, contentType: contentTypeOf(name) });
    else if (size !== file.size) changed.push({ name, size: file.size });
  }
  const gone = rows.filter((r) => !inBucket.has(r.name)).map((r) => r.name);
  await recordStoredFiles(db, added);
  for (const { name, size } of changed)
    await db
      .update(storedFiles)
      .set({ size })
      .where(sql`${storedFiles.file_name} = ${name}`);
  let removed = 0;
  for (let i = 0; i < gone.length; i += 1000) {
    const deleted = await db
      .delete(storedFiles)
      .where(and(inArray(storedFiles.file_name, gone.slice(i, i + 1000)), lt(storedFiles.uploaded_at, started)))
      .returning({ id: storedFiles.id });
    removed += deleted.length;
  }
  return { added: added.length, updated: changed.length, removed, total: inBucket.size };
}
