/**
 * What a backup says about itself (manifest.json, the archive's first entry): enough to check the
 * archive before anything is restored, and the restored data after (row counts, checksums).
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import { z } from "zod";
import { MIGRATIONS_FOLDER } from "../db/client";
import { isValidFileName } from "../storage/storage";

/** Raised for what the operator can act on; the CLI prints its message as one line. */
export class BackupError extends Error {
  override name = "BackupError";
}

export const MANIFEST_FILE = "manifest.json";
export const FORMAT = "marketplace-backup";
/** bumped when an older restore could not read the archive */
export const FORMAT_VERSION = 1;

const Sha256 = z.string().regex(/^[0-9a-f]{64}$/);

export const Manifest = z.object({
  format: z.literal(FORMAT),
  version: z.number().int().min(1),
  createdAt: z.string(),
  driver: z.enum(["pglite", "pg"]),
  /** the last migration applied to the database when it was backed up (drizzle's journal tag) */
  migration: z.object({ tag: z.string().nullable(), createdAt: z.number() }).nullable(),
  database: z.object({
    /** path inside the archive */
    file: z.string().regex(/^database\/[a-z0-9.-]+$/),
    size: z.number().int().min(0),
    sha256: Sha256,
    /** the PostgreSQL that held the data (PGlite's own, or the server), and the pg_dump that wrote it */
    serverVersion: z.string(),
    pgDumpVersion: z.string().optional(),
  }),
  /** rows per table ("admin_users", "drizzle.__drizzle_migrations") in the dumped snapshot */
  tables: z.record(z.number().int().min(0)),
  files: z.discriminatedUnion("storage", [
    z.object({
      storage: z.literal("local"),
      files: z.array(
        z.object({ name: z.string().refine(isValidFileName, "not a stored file name"), size: z.number().int().min(0), sha256: Sha256 }),
      ),
    }),
    z.object({
      storage: z.literal("bucket"),
      bucket: z.string(),
      prefix: z.string(),
      objects: z.array(z.object({ key: z.string(), size: z.number().int().min(0), etag: z.string().nullable() })),
    }),
  ]),
});
export type Manifest = z.infer<typeof Manifest>;
export type FilesPart = Manifest["files"];

/** What dumping the database tells the manifest. */
export type DumpedDatabase = {
  tables: Record<string, number>;
  migration: Manifest["migration"];
  serverVersion: string;
  pgDumpVersion?: string;
};

const Journal = z.object({ entries: z.array(z.object({ tag: z.string(), when: z.number() })) });

/** The migrations this code knows, oldest first (drizzle's journal). */
export async function knownMigrations(): Promise<{ tag: string; when: number }[]> {
  const text = await readFile(path.join(MIGRATIONS_FOLDER, "meta/_journal.json"), "utf8");
  return Journal.parse(JSON.parse(text)).entries;
}

/** The journal tag of an applied migration (drizzle records its `when` as created_at), or null if this code does not know it. */
export async function migrationTag(createdAt: number): Promise<string | null> {
  return (await knownMigrations()).find((m) => m.when === createdAt)?.tag ?? null;
}
