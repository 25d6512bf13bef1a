import { sql } from "drizzle-orm";
import type { Tx } from "../lib/audit";

/** Rows per bulk insert of the generated (benchmark-scale) data. */
export const BULK_CHUNK = 10_000;

export type BulkColumns = [name: string, type: string][];

/**
 * Insert rows as one jsonb parameter (jsonb_to_recordset): far fewer bind parameters than a
 * multi-row VALUES, so 10,000 rows go in one statement. `returning` is raw SQL such as
 * `RETURNING "id"`; the returned rows come back in insert order.
 */
export async function insertJson(tx: Tx, table: string, columns: BulkColumns, rows: Record<string, unknown>[], returning = "") {
  const names = columns.map(([name]) => `"${name}"`).join(", ");
  const types = columns.map(([name, type]) => `"${name}" ${type}`).join(", ");
  const result = (await tx.execute(
    sql`INSERT INTO ${sql.identifier(table)} (${sql.raw(names)}) SELECT ${sql.raw(names)} FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS r(${sql.raw(types)}) ${sql.raw(returning)}`,
  )) as unknown as { rows: Record<string, unknown>[] };
  return result.rows;
}
