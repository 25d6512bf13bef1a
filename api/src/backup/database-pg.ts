/**
 * The database part on PostgreSQL: `pg_dump --format=custom` of the snapshot the row counts were
 * read in (an exported snapshot, so the counts describe exactly what was dumped, whatever the API
 * processes write meanwhile), restored with `pg_restore` in one transaction. PostgreSQL's own
 * client tools must be on PATH, at least as new as the server (pg_dump refuses a newer server).
 */
import { spawn } from "node:child_process";
import pg from "pg";
import { BackupError, type DumpedDatabase, type Manifest } from "./manifest";
import { latestMigration, tableCounts, type Query } from "./tables";

/** The URL without its password (which goes to the tools in PGPASSWORD, never on a command line). */
function connection(url: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = "";
  return { dbname: parsed.toString(), env: password ? { ...process.env, PGPASSWORD: password } : process.env };
}

type Run = { code: number; stdout: string; stderr: string };

/** Runs a client tool; null when it is not on PATH. */
function run(command: string, args: string[], env: NodeJS.ProcessEnv = process.env): Promise<Run | null> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.once("error", (error: NodeJS.ErrnoException) => (error.code === "ENOENT" ? resolve(null) : reject(error)));
    child.once("close", (code) => resolve({ code: code ?? 1, stdout, stderr }));
  });
}

const major = (version: string) => Number(/(\d+)/.exec(version)?.[1] ?? 0);
const firstLine = (text: string) =>
  text
    .split("\n")
    .map((line) => line.trim())
    .find((line) => line.length > 0) ?? "no message";

/** The tool's version ("15.20"), or a clear refusal when it is not installed. */
async function toolVersion(tool: "pg_dump" | "pg_restore", needed: string): Promise<string> {
  const result = await run(tool, ["--version"]);
  if (!result || result.code !== 0)
    throw new BackupError(
      `${tool} is not on PATH: install PostgreSQL's client tools (the postgresql-client package, version ${major(needed)} or newer), then try again`,
    );
  return /(\d+(?:\.\d+)?)/.exec(result.stdout)?.[1] ?? result.stdout.trim();
}

async function connect(url: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
  } catch (error) {
    await client.end().catch(() => undefined);
    throw new BackupError(`cannot connect to the database (DATABASE_URL): ${error instanceof Error ? error.message : String(error)}`);
  }
  return client;
}

const queryOf =
  (client: pg.Client): Query =>
  async (text) =>
    (await client.query<Record<string, unknown>>(text)).rows;

async function serverVersionOf(client: pg.Client): Promise<string> {
  return String((await client.query<{ server_version: string }>("SHOW server_version")).rows[0].server_version).split(" ")[0];
}

export async function dumpPg(url: string, outFile: string): Promise<DumpedDatabase> {
  const client = await connect(url);
  try {
    const serverVersion = await serverVersionOf(client);
    const pgDumpVersion = await toolVersion("pg_dump", serverVersion);
    if (major(pgDumpVersion) < major(serverVersion))
      throw new BackupError(
        `pg_dump ${pgDumpVersion} cannot dump PostgreSQL ${serverVersion}: install PostgreSQL ${major(serverVersion)}'s client tools (or newer) and put them first on PATH`,
      );
    // the counts and the dump read one snapshot: pg_dump joins this transaction's (--snapshot)
    await client.query("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY");
    const snapshot = String((await client.query<{ id: string }>("SELECT pg_export_snapshot() AS id")).rows[0].id);
    const query = queryOf(client);
    const tables = await tableCounts(query);
    const migration = await latestMigration(query);
    const { dbname, env } = connection(url);
    const result = await run("pg_dump", ["--format=custom", `--snapshot=${snapshot}`, `--file=${outFile}`, `--dbname=${dbname}`], env);
    await client.query("COMMIT");
    if (!result || result.code !== 0) {
      const why = firstLine(result?.stderr ?? "");
      throw new BackupError(
        `pg_dump failed: ${why}${/version mismatch/i.test(why) ? ` (pg_dump ${pgDumpVersion}, server ${serverVersion}: install client tools at least as new as the server)` : ""}`,
      );
    }
    return { tables, migration, serverVersion, pgDumpVersion };
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** Why the database is not an empty target (anything in public, drizzle's migrations table), or null. */
export async function pgNotEmpty(url: string): Promise<string | null> {
  const client = await connect(url);
  try {
    const { rows } = await client.query<{ relations: string; routines: string; migrations: boolean }>(
      `SELECT (SELECT count(*) FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = 'public') AS relations,
              (SELECT count(*) FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace WHERE n.nspname = 'public') AS routines,
              to_regclass('drizzle.__drizzle_migrations') IS NOT NULL AS migrations`,
    );
    const { relations, routines, migrations } = rows[0];
    if (Number(relations) + Number(routines) === 0 && !migrations) return null;
    return `the database (DATABASE_URL) is not empty (${relations} tables, indexes and sequences in its public schema${migrations ? ", drizzle's migrations table" : ""})`;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/**
 * Drops what is in the public schema and drizzle's schema, keeping the public schema itself (its
 * owner and grants are the deployment's, not the backup's).
 */
const WIPE = `DO $wipe$
DECLARE r record;
BEGIN
  DROP SCHEMA IF EXISTS drizzle CASCADE;
  FOR r IN SELECT e.extname FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace WHERE n.nspname = 'public' LOOP
    EXECUTE format('DROP EXTENSION IF EXISTS %I CASCADE', r.extname);
  END LOOP;
  FOR r IN SELECT c.relname, c.relkind FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
           WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p', 'v', 'm', 'f', 'S', 'c') LOOP
    EXECUTE format('DROP %s IF EXISTS public.%I CASCADE',
      CASE r.relkind WHEN 'v' THEN 'VIEW' WHEN 'm' THEN 'MATERIALIZED VIEW' WHEN 'f' THEN 'FOREIGN TABLE' WHEN 'S' THEN 'SEQUENCE' WHEN 'c' THEN 'TYPE' ELSE 'TABLE' END,
      r.relname);
  END LOOP;
  FOR r IN SELECT p.oid::regprocedure AS routine FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
           WHERE n.nspname = 'public' AND p.prokind IN ('f', 'p') LOOP
    EXECUTE format('DROP ROUTINE IF EXISTS %s CASCADE', r.routine);
  END LOOP;
  FOR r IN SELECT t.typname FROM pg_type t JOIN pg_namespace n ON n.oid = t.typnamespace
           WHERE n.nspname = 'public' AND t.typtype IN ('e', 'd', 'r', 'm') LOOP
    EXECUTE format('DROP TYPE IF EXISTS public.%I CASCADE', r.typname);
  END LOOP;
END
$wipe$`;

export async function wipePg(url: string): Promise<void> {
  const client = await connect(url);
  try {
    await client.query(WIPE);
  } finally {
    await client.end().catch(() => undefined);
  }
}

/**
 * Before anything is wiped: pg_restore is installed and reads the dump (its table of contents; an
 * older pg_restore refuses a newer dump's header here).
 */
export async function checkPgRestore(dumpFile: string, manifest: Manifest): Promise<void> {
  const written = manifest.database.pgDumpVersion ?? manifest.database.serverVersion;
  const pgRestoreVersion = await toolVersion("pg_restore", written);
  const result = await run("pg_restore", ["--list", dumpFile]);
  if (!result || result.code !== 0) {
    const why = firstLine(result?.stderr ?? "");
    throw new BackupError(
      `pg_restore ${pgRestoreVersion} cannot read the backup's dump (written by pg_dump ${written}), nothing was changed: ${why}${/unsupported version/i.test(why) ? "; install client tools at least as new as the ones that wrote it" : ""}`,
    );
  }
}

/** pg_restore of the dump into the (empty) database, all or nothing; the restored rows per table. */
export async function restorePg(url: string, dumpFile: string, manifest: Manifest): Promise<Record<string, number>> {
  const written = manifest.database.pgDumpVersion ?? manifest.database.serverVersion;
  const pgRestoreVersion = await toolVersion("pg_restore", written);
  const { dbname, env } = connection(url);
  const result = await run(
    "pg_restore",
    ["--no-owner", "--no-privileges", "--exit-on-error", "--single-transaction", `--dbname=${dbname}`, dumpFile],
    env,
  );
  if (!result || result.code !== 0) {
    const why = firstLine(result?.stderr ?? "");
    throw new BackupError(
      `pg_restore failed, nothing was restored (one transaction): ${why}${/unsupported version/i.test(why) ? ` (the backup was written by pg_dump ${written}; pg_restore is ${pgRestoreVersion}: install client tools at least that new)` : ""}`,
    );
  }
  const client = await connect(url);
  try {
    return await tableCounts(queryOf(client));
  } finally {
    await client.end().catch(() => undefined);
  }
}
