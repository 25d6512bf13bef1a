/** `npm run backup`: the database and the stored files, consistent, in one tar file (decision 0028). */
import { mkdir, mkdtemp, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { writeArchive } from "./archive";
import { dumpPg } from "./database-pg";
import { dumpPglite } from "./database-pglite";
import { filesPlaceFromEnv, sha256Of, stageFiles } from "./files";
import { FORMAT, FORMAT_VERSION, MANIFEST_FILE, type Manifest } from "./manifest";
import type { BackupEnv } from "./settings";

export type Target = { driver: "pg"; url: string } | { driver: "pglite"; dataDir: string };

export function databaseFromEnv(env: BackupEnv): Target {
  return env.DATABASE_URL ? { driver: "pg", url: env.DATABASE_URL } : { driver: "pglite", dataDir: env.PGLITE_DIR };
}

/** backups/marketplace-backup-pglite-20261128-113000.tar (UTC) */
export function defaultBackupFile(driver: Target["driver"], at: Date): string {
  const stamp = at.toISOString().replace(/[-:]/g, "").replace("T", "-").slice(0, 15);
  return path.join("backups", `marketplace-backup-${driver}-${stamp}.tar`);
}

export type BackupOutcome = { file: string; size: number; manifest: Manifest };

export async function runBackup(env: BackupEnv, out?: string): Promise<BackupOutcome> {
  const database = databaseFromEnv(env);
  const place = filesPlaceFromEnv(env);
  const createdAt = new Date();
  const file = path.resolve(out ?? defaultBackupFile(database.driver, createdAt));
  await mkdir(path.dirname(file), { recursive: true });
  // staged beside the output: the same file system, so stored files are hard-linked, not copied
  const staging = await mkdtemp(path.join(path.dirname(file), ".marketplace-backup-"));
  try {
    await mkdir(path.join(staging, "database"));
    const dumpEntry = database.driver === "pg" ? "database/postgres.dump" : "database/pglite-data.tar.gz";
    const dumpFile = path.join(staging, dumpEntry);
    const dumped = database.driver === "pg" ? await dumpPg(database.url, dumpFile) : await dumpPglite(database.dataDir, dumpFile);
    // after the database: a file the database names was stored before its row was written
    const files = await stageFiles(place, staging);
    const manifest: Manifest = {
      format: FORMAT,
      version: FORMAT_VERSION,
      createdAt: createdAt.toISOString(),
      driver: database.driver,
      migration: dumped.migration,
      database: {
        file: dumpEntry,
        size: (await stat(dumpFile)).size,
        sha256: await sha256Of(dumpFile),
        serverVersion: dumped.serverVersion,
        ...(dumped.pgDumpVersion ? { pgDumpVersion: dumped.pgDumpVersion } : {}),
      },
      tables: dumped.tables,
      files,
    };
    await writeFile(path.join(staging, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`);
    const size = await writeArchive(staging, [MANIFEST_FILE, "database", ...(files.storage === "local" ? ["files"] : [])], file);
    return { file, size, manifest };
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}
