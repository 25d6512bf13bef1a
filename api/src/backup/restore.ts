/**
 * `npm run restore -- FILE [--force]`: the archive is unpacked and checked first (format, every
 * checksum), then the target is checked empty (with --force, what is there is replaced, each part
 * only once its replacement is known good), then restored and compared with the manifest: every
 * table's row count, every file's bytes. Migrations newer than the backup
 * are not run here: the API applies them at its next start, as on any upgrade.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { unpackArchive } from "./archive";
import { databaseFromEnv } from "./backup";
import { checkPgRestore, pgNotEmpty, restorePg, wipePg } from "./database-pg";
import { pgliteNotEmpty, restorePglite } from "./database-pglite";
import { assertSameStorage, checkBucket, filesNotEmpty, filesPlaceFromEnv, restoreLocalFiles, wipeFiles } from "./files";
import { BackupError, knownMigrations, type Manifest } from "./manifest";
import type { BackupEnv } from "./settings";
import { assertCounts } from "./tables";

export type RestoreOutcome = {
  manifest: Manifest;
  /** where the database went, in words */
  database: string;
  rows: number;
  tables: number;
  files: { storage: "local"; count: number; bytes: number; dir: string } | { storage: "bucket"; count: number; bucket: string };
  wiped: boolean;
  notes: string[];
};

const DRIVER_NAMES = { pg: "PostgreSQL (DATABASE_URL)", pglite: "PGlite (PGLITE_DIR, DATABASE_URL unset)" };

async function migrationNotes(manifest: Manifest): Promise<string[]> {
  const known = await knownMigrations();
  const applied = manifest.migration;
  if (!applied) return ["the backup's database had no migrations applied: the API applies them all at its next start"];
  if (applied.tag === null)
    return [
      `the backup was taken by newer code (its last migration, made ${new Date(applied.createdAt).toISOString()}, is unknown to this code): run that version of the code, or newer, on it`,
    ];
  const pending = known.filter((m) => m.when > applied.createdAt).length;
  return pending > 0
    ? [`the backup's last migration is ${applied.tag}; this code has ${pending} newer: the API applies them at its next start`]
    : [];
}

export async function runRestore(env: BackupEnv, archive: string, options: { force: boolean }): Promise<RestoreOutcome> {
  const database = databaseFromEnv(env);
  const place = filesPlaceFromEnv(env);
  const file = path.resolve(archive);
  // unpacked beside the archive (the same file system as the data, usually: files are moved, not copied)
  const staging = await mkdtemp(path.join(path.dirname(file), ".marketplace-restore-")).catch(() =>
    mkdtemp(path.join(tmpdir(), "marketplace-restore-")),
  );
  try {
    const manifest = await unpackArchive(file, staging);
    if (manifest.driver !== database.driver)
      throw new BackupError(
        `this backup is of a ${DRIVER_NAMES[manifest.driver]} database; the target is ${DRIVER_NAMES[database.driver]}: a backup restores onto the driver it was taken on`,
      );
    assertSameStorage(place, manifest.files);
    const notEmpty = [
      database.driver === "pg" ? await pgNotEmpty(database.url) : await pgliteNotEmpty(database.dataDir),
      await filesNotEmpty(place),
    ].filter((why): why is string => why !== null);
    if (notEmpty.length > 0 && !options.force)
      throw new BackupError(
        `${notEmpty.join("; ")}: nothing was changed; to replace what is there with the backup, run the restore again with --force`,
      );
    const dumpFile = path.join(staging, manifest.database.file);
    let counts: Record<string, number>;
    if (database.driver === "pg") {
      // --force: wiped only once pg_restore is known to read the dump; then restored in one transaction
      await checkPgRestore(dumpFile, manifest);
      if (notEmpty.length > 0) await wipePg(database.url);
      counts = await restorePg(database.url, dumpFile, manifest);
    } else {
      // loaded and counted beside the target, which is replaced only then
      counts = await restorePglite(database.dataDir, dumpFile, manifest);
    }
    assertCounts(manifest.tables, counts);
    const part = manifest.files;
    let files: RestoreOutcome["files"];
    if (part.storage === "local" && place.storage === "local") {
      // the files were checked against their checksums when unpacked; the old ones go only now
      await wipeFiles(place);
      files = { storage: "local", count: part.files.length, bytes: await restoreLocalFiles(place.dir, part, staging), dir: place.dir };
    } else if (part.storage === "bucket" && place.storage === "bucket")
      files = { storage: "bucket", count: await checkBucket(place, part), bucket: place.bucket };
    else throw new BackupError("the backup's files part does not match the files storage"); // refused by assertSameStorage before
    return {
      manifest,
      database: database.driver === "pg" ? "PostgreSQL (DATABASE_URL)" : `PGlite at ${database.dataDir}`,
      rows: Object.values(manifest.tables).reduce((sum, n) => sum + n, 0),
      tables: Object.keys(manifest.tables).length,
      files,
      wiped: notEmpty.length > 0,
      notes: await migrationNotes(manifest),
    };
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}
