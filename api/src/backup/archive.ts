/**
 * One plain tar file (the `tar` package): manifest.json first, then database/… and files/…. Any
 * tar tool lists and unpacks it; nothing in it is compressed twice (PGlite's dump is gzipped,
 * pg_dump's custom format compresses itself, stored files are mostly compressed already).
 */
import { readFile, rename, rm, stat } from "node:fs/promises";
import path from "node:path";
import * as tar from "tar";
import { BackupError, Manifest, MANIFEST_FILE, FORMAT, FORMAT_VERSION } from "./manifest";
import { sha256Of } from "./files";

/** Writes the staged entries, in this order, to `outFile` (under a temporary name until complete). */
export async function writeArchive(stagingDir: string, entries: string[], outFile: string): Promise<number> {
  const partial = path.join(path.dirname(outFile), `.${path.basename(outFile)}.partial`);
  try {
    await tar.c({ file: partial, cwd: stagingDir, portable: true }, entries);
    await rename(partial, outFile);
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  }
  return (await stat(outFile)).size;
}

/**
 * Unpacks the archive into `stagingDir` and checks it against its manifest: the format, and the
 * checksum of the database part and of every file. Nothing outside `stagingDir` is touched, so a
 * damaged archive is refused before the target is.
 */
export async function unpackArchive(file: string, stagingDir: string): Promise<Manifest> {
  const info = await stat(file).catch(() => null);
  if (!info?.isFile()) throw new BackupError(`${file}: no such backup file`);
  try {
    await tar.x({ file, cwd: stagingDir, strict: true });
  } catch (error) {
    throw new BackupError(
      `${file} is not a complete backup archive (${error instanceof Error ? error.message : String(error)}): it is damaged or truncated`,
    );
  }
  const text = await readFile(path.join(stagingDir, MANIFEST_FILE), "utf8").catch(() => null);
  if (text === null) throw new BackupError(`${file} is not a marketplace backup: it has no ${MANIFEST_FILE}`);
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    throw new BackupError(`${file}: its ${MANIFEST_FILE} is damaged (not JSON)`);
  }
  const header = raw as { format?: unknown; version?: unknown };
  if (header.format !== FORMAT) throw new BackupError(`${file} is not a marketplace backup (its ${MANIFEST_FILE} is another program's)`);
  if (typeof header.version === "number" && header.version > FORMAT_VERSION)
    throw new BackupError(
      `${file} is in backup format ${header.version}; this code reads format ${FORMAT_VERSION} and older: restore it with the code that made it`,
    );
  const parsed = Manifest.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new BackupError(`${file}: its ${MANIFEST_FILE} is damaged (${issue.path.join(".")}: ${issue.message})`);
  }
  const manifest = parsed.data;
  const check = async (entry: string, sha256: string) => {
    const actual = await sha256Of(path.join(stagingDir, entry)).catch(() => null);
    if (actual === null) throw new BackupError(`${file} is damaged: ${entry} is missing`);
    if (actual !== sha256) throw new BackupError(`${file} is damaged: ${entry} does not match its checksum`);
  };
  await check(manifest.database.file, manifest.database.sha256);
  if (manifest.files.storage === "local") for (const entry of manifest.files.files) await check(`files/${entry.name}`, entry.sha256);
  return manifest;
}
