/**
 * npm run backup [-- --out FILE]
 * npm run restore -- FILE [--force]
 * The database (DATABASE_URL, else PGLITE_DIR, default ./data/pglite) and the stored files
 * (FILES_DIR, default ./data/files, or the S3_* bucket's listing), from the API's own settings.
 * Exit 0 when done, 1 with one line saying why not (docs/operations.md "Backups", decision 0028).
 */
import { parseArgs } from "node:util";
import { runBackup } from "./backup";
import { runRestore } from "./restore";
import { parseBackupEnv, type BackupEnv } from "./settings";

const USAGE = "usage: npm run backup [-- --out FILE]   or   npm run restore -- FILE [--force]";

const megabytes = (bytes: number) => (bytes < 1024 * 1024 ? `${Math.ceil(bytes / 1024)} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`);
const plural = (n: number, one: string, many: string) => `${n.toLocaleString("en-US")} ${n === 1 ? one : many}`;
const number = (n: number) => n.toLocaleString("en-US");
const driverName = (driver: "pg" | "pglite") => (driver === "pg" ? "PostgreSQL" : "PGlite");

async function backup(out: string | undefined) {
  const { file, size, manifest } = await runBackup(env, out);
  const rows = Object.values(manifest.tables).reduce((sum, n) => sum + n, 0);
  const files =
    manifest.files.storage === "local"
      ? `${plural(manifest.files.files.length, "stored file", "stored files")} (${megabytes(manifest.files.files.reduce((sum, f) => sum + f.size, 0))})`
      : `the listing of ${plural(manifest.files.objects.length, "object", "objects")} in bucket ${manifest.files.bucket} (their bytes stay in the bucket: its versioning or replication keeps them)`;
  console.log(`Backup written: ${file} (${megabytes(size)})`);
  console.log(
    `  ${driverName(manifest.driver)} database at migration ${manifest.migration?.tag ?? "none"}: ${number(Object.keys(manifest.tables).length)} tables, ${number(rows)} rows; ${files}`,
  );
}

async function restore(file: string | undefined, force: boolean) {
  if (!file) throw new Error(`which backup file? ${USAGE}`);
  const outcome = await runRestore(env, file, { force });
  const { manifest } = outcome;
  console.log(
    `Restored ${file} (taken ${manifest.createdAt}) into ${outcome.database}${outcome.wiped ? ", replacing what was there (--force)" : ""}`,
  );
  console.log(`  ${number(outcome.tables)} tables, ${number(outcome.rows)} rows: every table's count as in the backup`);
  console.log(
    outcome.files.storage === "local"
      ? `  ${plural(outcome.files.count, "stored file", "stored files")} (${megabytes(outcome.files.bytes)}) into ${outcome.files.dir}: every file matches its checksum`
      : `  all ${number(outcome.files.count)} objects the backup lists are in bucket ${outcome.files.bucket}`,
  );
  for (const note of outcome.notes) console.log(`  Note: ${note}`);
}

let command = "";
let env: BackupEnv;

/** One line, never a stack: what failed and what to do. */
function fail(error: unknown): never {
  const message = error instanceof Error ? error.message : String(error);
  console.error((command === "backup" || command === "restore" ? `${command}: ${message}` : message).replace(/\s*\n\s*/g, " "));
  process.exit(1);
}
// a library failing outside its promise is reported the same way
process.on("uncaughtException", fail);
process.on("unhandledRejection", fail);

try {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: { out: { type: "string" }, force: { type: "boolean", default: false } },
  });
  command = positionals[0] ?? "";
  // the API's own database and storage settings, by its rules (api/src/env.ts)
  const settings = parseBackupEnv(process.env);
  if (!settings.ok) throw new Error(settings.lines.join("; "));
  env = settings.env;
  if (command === "backup" && positionals.length === 1 && !values.force) await backup(values.out);
  else if (command === "restore" && positionals.length <= 2 && values.out === undefined) await restore(positionals[1], values.force);
  else throw new Error(USAGE);
  process.exit(0);
} catch (error) {
  fail(error);
}
