import { mkdir, readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import * as schema from "./schema";

/** What handlers use: the same query builder whichever driver is underneath. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export type OpenedDatabase = {
  db: Database;
  kind: "pglite" | "pg";
  /**
   * Runs `work` while no other process holding this database's start-up lock runs its own (a
   * PostgreSQL advisory lock; PGlite has one process only). Migrations run under it; so does the
   * demo seeding, so API processes started together never apply or seed twice.
   */
  exclusive<T>(work: () => Promise<T>): Promise<T>;
  /** the PGlite instance (pglite only), e.g. to dump it */
  pglite?: PGlite;
  close(): Promise<void>;
};

// Set by scripts/build-server.mjs: from the compiled API (build/api/) the repository is two folders up.
declare const ROOT_FROM_BUNDLE: string | undefined;
const repositoryRoot = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  typeof ROOT_FROM_BUNDLE === "string" ? ROOT_FROM_BUNDLE : "../../..",
);
export const MIGRATIONS_FOLDER = path.join(repositoryRoot, "api/drizzle");

export type OpenDatabaseOptions = {
  /** postgres://… — use PostgreSQL through pg */
  url?: string;
  /** PGlite data folder (created if missing) */
  dataDir?: string;
  /** PGlite in memory (the default when neither url nor dataDir is given) */
  memory?: boolean;
  /** start PGlite from a dump made by dumpDataDir (tests use this to skip initdb) */
  loadDataDir?: Blob;
  /** skip migrations (the dump is already migrated) */
  migrate?: boolean;
};

/** The advisory lock key of start-up work (any constant the marketplace's own code uses nowhere else). */
export const STARTUP_LOCK_KEY = 7_412_016_016n;

/**
 * A session-level advisory lock held on a connection of its own for as long as `work` runs; other
 * processes wait at pg_advisory_lock. The lock ends with the connection, so a process killed while
 * holding it frees it at once.
 */
async function underAdvisoryLock<T>(pool: pg.Pool, work: () => Promise<T>): Promise<T> {
  const holder = await pool.connect();
  let broken: Error | undefined;
  try {
    await holder.query("SELECT pg_advisory_lock($1)", [STARTUP_LOCK_KEY.toString()]);
    try {
      return await work();
    } finally {
      await holder.query("SELECT pg_advisory_unlock($1)", [STARTUP_LOCK_KEY.toString()]).catch((error: Error) => {
        broken = error;
      });
    }
  } finally {
    // a connection whose unlock failed is not put back in the pool still holding the lock
    holder.release(broken);
  }
}

/** The file that says which process has a PGlite folder open. */
export const PGLITE_LOCK_FILE = ".marketplace-api.pid";

/** Whether a process with this pid runs (kill 0 asks without signalling). */
export const processAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but is another user's
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
};

/**
 * PGlite is PostgreSQL inside one process: two processes opening one folder would each write it
 * as if alone and corrupt it. The first to open it writes its pid beside the data; another is refused
 * while that process lives (a pid left by a process that died is taken over). Several processes need
 * PostgreSQL (DATABASE_URL).
 */
async function lockPgliteFolder(dataDir: string): Promise<() => Promise<void>> {
  const file = path.join(dataDir, PGLITE_LOCK_FILE);
  for (let tries = 0; tries < 2; tries++) {
    try {
      await writeFile(file, String(process.pid), { flag: "wx" });
      return () => rm(file, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const holder = Number((await readFile(file, "utf8").catch(() => "")).trim());
      if (Number.isInteger(holder) && holder > 0 && holder !== process.pid && processAlive(holder)) {
        throw new Error(
          `the PGlite folder ${dataDir} is open in process ${holder}; a PGlite folder belongs to one process (run several API processes on PostgreSQL: DATABASE_URL). If process ${holder} is not an API, remove ${file}`,
        );
      }
      // left by a process that is gone (or by this one): take it over
      await rm(file, { force: true });
    }
  }
  throw new Error(`could not lock the PGlite folder ${dataDir}`);
}

export async function openDatabase(opts: OpenDatabaseOptions = {}): Promise<OpenedDatabase> {
  const runMigrations = opts.migrate ?? true;
  if (opts.url) {
    const pool = new pg.Pool({ connectionString: opts.url, max: 10 });
    // An idle pooled connection that the server ends (a restart, an admin's terminate) is reported
    // here; unheard, Node would treat it as fatal. The pool replaces the connection on next use.
    pool.on("error", (error) => console.error(`[api] PostgreSQL connection lost: ${error.message}`));
    // No JIT compilation: at a million rows the planner's costs pass jit_above_cost on list counts
    // and searches, and compiling then costs 50–300 ms more than the query saves (issue 31 §6). The
    // SET is queued ahead of the connection's first query.
    pool.on("connect", (client) => {
      client.query("SET jit = off").catch(() => undefined);
    });
    const db = drizzlePg(pool, { schema });
    const exclusive = <T>(work: () => Promise<T>) => underAdvisoryLock(pool, work);
    try {
      // drizzle applies every pending migration in one transaction: all of them or none
      if (runMigrations) await exclusive(() => migratePg(db, { migrationsFolder: MIGRATIONS_FOLDER }));
    } catch (error) {
      await pool.end();
      throw error;
    }
    return { db: db as unknown as Database, kind: "pg", exclusive, close: () => pool.end() };
  }

  let client: PGlite;
  // pg_trgm: the trigram index of the searches (migration 0003); a dump made with it needs it loaded too
  const extensions = { pg_trgm };
  let unlock = async () => {};
  if (opts.dataDir && !opts.memory) {
    await mkdir(opts.dataDir, { recursive: true });
    unlock = await lockPgliteFolder(opts.dataDir);
    try {
      client = await PGlite.create(opts.dataDir, { loadDataDir: opts.loadDataDir, extensions });
    } catch (error) {
      await unlock();
      throw error;
    }
  } else {
    client = await PGlite.create({ loadDataDir: opts.loadDataDir, extensions });
  }
  const db = drizzlePglite(client, { schema });
  try {
    if (runMigrations) await migratePglite(db, { migrationsFolder: MIGRATIONS_FOLDER });
  } catch (error) {
    await client.close();
    await unlock();
    throw error;
  }
  let closed = false;
  return {
    db: db as unknown as Database,
    kind: "pglite",
    pglite: client,
    // one process owns a PGlite folder: nothing to wait for
    exclusive: (work) => work(),
    close: async () => {
      if (closed) return;
      closed = true;
      await client.close();
      await unlock();
    },
  };
}
