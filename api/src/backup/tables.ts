/** Row counts and the last applied migration, read the same way on PGlite and PostgreSQL. */
import { BackupError, migrationTag, type Manifest } from "./manifest";

/** Runs one SQL text and answers its rows (a pg.Client's or PGlite's query, unwrapped). */
export type Query = (text: string) => Promise<Record<string, unknown>[]>;

const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** Our tables: every table of the public schema, and drizzle's record of the applied migrations. */
const TABLES = `SELECT table_schema AS schema, table_name AS name FROM information_schema.tables
  WHERE table_type = 'BASE TABLE' AND (table_schema = 'public' OR (table_schema = 'drizzle' AND table_name = '__drizzle_migrations'))
  ORDER BY table_schema DESC, table_name`;

/** Rows per table ("orders", "drizzle.__drizzle_migrations"), counted in one statement (so in one snapshot). */
export async function tableCounts(query: Query): Promise<Record<string, number>> {
  const tables = (await query(TABLES)).map((row) => ({ schema: String(row.schema), name: String(row.name) }));
  if (tables.length === 0) return {};
  const counts = await query(
    tables
      .map(({ schema, name }, i) => `SELECT ${i} AS i, count(*)::bigint AS n FROM ${quoted(schema)}.${quoted(name)}`)
      .join(" UNION ALL "),
  );
  const result: Record<string, number> = {};
  for (const row of counts) {
    const { schema, name } = tables[Number(row.i)];
    result[schema === "public" ? name : `${schema}.${name}`] = Number(row.n);
  }
  return Object.fromEntries(Object.entries(result).sort(([a], [b]) => a.localeCompare(b)));
}

/** The newest applied migration (null on a database drizzle never migrated). */
export async function latestMigration(query: Query): Promise<Manifest["migration"]> {
  const [present] = await query(`SELECT to_regclass('drizzle.__drizzle_migrations') IS NOT NULL AS present`);
  if (!present?.present) return null;
  const [row] = await query(`SELECT created_at FROM drizzle.__drizzle_migrations ORDER BY created_at DESC LIMIT 1`);
  if (!row) return null;
  const createdAt = Number(row.created_at);
  return { tag: await migrationTag(createdAt), createdAt };
}

/** Compares the restored counts with the manifest's; throws naming the tables that differ. */
export function assertCounts(expected: Record<string, number>, actual: Record<string, number>): void {
  const differing = Object.entries(expected)
    .filter(([table, rows]) => actual[table] !== rows)
    .map(([table, rows]) => `${table} ${actual[table] ?? "missing"} (backup: ${rows})`);
  if (differing.length > 0)
    throw new BackupError(
      `the restored database differs from the backup's row counts: ${differing.slice(0, 5).join(", ")}${differing.length > 5 ? ` and ${differing.length - 5} more` : ""}`,
    );
}
