/**
 * The database part on PGlite: its data folder as PGlite dumps it (dumpDataDir, a gzipped tar of
 * the folder), loaded back into an empty folder with loadDataDir. A PGlite folder belongs to one
 * process (api/src/db/client.ts): the running API holds it, so both refuse while it runs.
 */
import { mkdir, mkdtemp, readdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import * as tar from "tar";
import { openDatabase, PGLITE_LOCK_FILE, processAlive, type OpenedDatabase } from "../db/client";
import { BackupError, type DumpedDatabase, type Manifest } from "./manifest";
import { assertCounts, latestMigration, tableCounts, type Query } from "./tables";

/** The live process that has the folder open (its pid file), if any. */
async function holderOf(dataDir: string): Promise<number | null> {
  const pid = Number((await readFile(path.join(dataDir, PGLITE_LOCK_FILE), "utf8").catch(() => "")).trim());
  return Number.isInteger(pid) && pid > 0 && pid !== process.pid && processAlive(pid) ? pid : null;
}

function stopFirst(dataDir: string, pid: number, what: string): BackupError {
  return new BackupError(
    `the API (process ${pid}) has the PGlite folder ${dataDir} open: stop it first (SIGTERM; it closes the folder cleanly), then ${what} again`,
  );
}

/** Opens the folder for this process, refusing while the API has it. */
async function open(dataDir: string, what: string, loadDataDir?: Blob): Promise<OpenedDatabase> {
  const pid = await holderOf(dataDir);
  if (pid) throw stopFirst(dataDir, pid, what);
  return openDatabase({ dataDir, loadDataDir, migrate: false }).catch(async (error: unknown) => {
    // the API started between the check and the open
    const holder = await holderOf(dataDir);
    if (holder) throw stopFirst(dataDir, holder, what);
    throw error;
  });
}

const queryOf =
  (opened: OpenedDatabase): Query =>
  async (text) =>
    (await opened.pglite!.query<Record<string, unknown>>(text)).rows;

async function serverVersion(query: Query): Promise<string> {
  const [row] = await query("SHOW server_version");
  return String(row?.server_version ?? "");
}

export async function dumpPglite(dataDir: string, outFile: string): Promise<DumpedDatabase> {
  const entries = await readdir(dataDir).catch(() => [] as string[]);
  if (!entries.includes("PG_VERSION")) throw new BackupError(`there is no PGlite database at ${dataDir} (PGLITE_DIR)`);
  const opened = await open(dataDir, "run the backup");
  try {
    const query = queryOf(opened);
    // nothing else writes the folder while this process holds it: counts and dump are one state
    const tables = await tableCounts(query);
    const migration = await latestMigration(query);
    const version = await serverVersion(query);
    const dump = await opened.pglite!.dumpDataDir("gzip");
    await writeFile(outFile, Buffer.from(await dump.arrayBuffer()));
    return { tables, migration, serverVersion: version };
  } finally {
    await opened.close();
  }
}

/** Why the folder is not an empty target, or null when it is absent or empty. */
export async function pgliteNotEmpty(dataDir: string): Promise<string | null> {
  const pid = await holderOf(dataDir);
  if (pid) throw stopFirst(dataDir, pid, "restore");
  const entries = await readdir(dataDir).catch(() => [] as string[]);
  return entries.length > 0 ? `the PGlite folder ${dataDir} (PGLITE_DIR) is not empty` : null;
}

async function wipePglite(dataDir: string): Promise<void> {
  const entries = await readdir(dataDir).catch(() => [] as string[]);
  for (const entry of entries) await rm(path.join(dataDir, entry), { recursive: true, force: true });
}

/**
 * The dump is a whole gzipped tar of a data folder. Checked here because PGlite unpacks it in a way
 * that fails outside its promise (an uncaught zlib error) when it is not.
 */
async function assertDataFolderDump(dumpFile: string): Promise<void> {
  let dataFolder = false;
  try {
    await tar.t({
      file: dumpFile,
      strict: true,
      onReadEntry: (entry) => {
        if (/^\/?([^/]+\/)?PG_VERSION$/.test(entry.path)) dataFolder = true;
      },
    });
  } catch (error) {
    throw new BackupError(
      `the backup's PGlite dump cannot be read (${error instanceof Error ? error.message : String(error)}), nothing was changed`,
    );
  }
  if (!dataFolder) throw new BackupError("the backup's PGlite dump holds no PostgreSQL data folder, nothing was changed");
}

/**
 * Loads the dump into a new folder beside the target and checks its rows against the manifest; only
 * then is the target's content (if any: --force) replaced by it, so a dump PGlite cannot load, or one
 * that does not hold the manifest's rows, leaves the target as it was.
 */
export async function restorePglite(dataDir: string, dumpFile: string, manifest: Manifest): Promise<Record<string, number>> {
  const target = path.resolve(dataDir);
  await mkdir(path.dirname(target), { recursive: true });
  await assertDataFolderDump(dumpFile);
  const fresh = await mkdtemp(path.join(path.dirname(target), `.${path.basename(target)}-restoring-`));
  try {
    let opened: OpenedDatabase;
    try {
      opened = await open(fresh, "restore", new Blob([await readFile(dumpFile)]));
    } catch (error) {
      throw new BackupError(
        `PGlite could not load the backup's data folder (written by PostgreSQL ${manifest.database.serverVersion} inside PGlite), nothing was changed: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
    let counts: Record<string, number>;
    try {
      counts = await tableCounts(queryOf(opened));
    } finally {
      await opened.close();
    }
    assertCounts(manifest.tables, counts);
    // the target folder itself stays (it may be a mount point): its content is swapped
    const pid = await holderOf(target);
    if (pid) throw stopFirst(dataDir, pid, "restore");
    await wipePglite(target);
    await mkdir(target, { recursive: true });
    for (const entry of await readdir(fresh)) await rename(path.join(fresh, entry), path.join(target, entry));
    return counts;
  } finally {
    await rm(fresh, { recursive: true, force: true });
  }
}
