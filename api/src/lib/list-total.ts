/**
 * A list's total without counting a million rows (issue 31 §6, docs/decisions/0017-list-totals-past-10000.md):
 * an exact count of at most LIST_TOTAL_EXACT_CAP + 1 matches (a LIMIT under the count: the scan stops
 * there); past the cap, the planner's estimate of the matching rows (EXPLAIN, no execution), never less
 * than what is known to exist. The caller says how the total was counted (TotalKind).
 */
import { count, sql, type SQL } from "drizzle-orm";
import type { PgSelect } from "drizzle-orm/pg-core";
import { LIST_TOTAL_EXACT_CAP, type TotalKind } from "~contract/list-total";
import type { Database } from "../db/client";

export type ListTotal = { total: number; kind: TotalKind };

type Plan = { Plan?: { "Plan Rows"?: number } };

/** The planner's estimate of the rows `query` answers (EXPLAIN (FORMAT JSON), nothing executed). */
export async function estimatedRows(db: Database, query: SQL): Promise<number> {
  const result = (await db.execute(sql`EXPLAIN (FORMAT JSON) ${query}`)) as unknown as { rows: Record<string, unknown>[] };
  const raw = result.rows[0]?.["QUERY PLAN"];
  const plan = (typeof raw === "string" ? JSON.parse(raw) : raw) as Plan[] | undefined;
  return Math.round(plan?.[0]?.Plan?.["Plan Rows"] ?? 0);
}

/**
 * `matching` builds the query of the matching rows (any narrow column, the list's WHERE, no ORDER BY
 * or LIMIT); it is called twice (the capped count and, past the cap, the estimate).
 */
export async function listTotal(db: Database, matching: () => PgSelect, options: { estimateOnly?: boolean } = {}): Promise<ListTotal> {
  // a search known to match many rows, whose count has no cheap plan (the Bookings party search):
  // the estimate alone
  if (options.estimateOnly) return { total: await estimatedRows(db, matching().getSQL()), kind: "about" };
  const [{ n }] = await db.select({ n: count() }).from(
    matching()
      .limit(LIST_TOTAL_EXACT_CAP + 1)
      .as("capped"),
  );
  const counted = Number(n);
  if (counted <= LIST_TOTAL_EXACT_CAP) return { total: counted, kind: "exact" };
  const estimate = await estimatedRows(db, matching().getSQL());
  return estimate > LIST_TOTAL_EXACT_CAP ? { total: estimate, kind: "about" } : { total: LIST_TOTAL_EXACT_CAP, kind: "more_than" };
}

/**
 * The total once the page is read: a page's rows prove that at least offset + rows exist (and one
 * more when the page is full), whatever the estimate said.
 */
export function withPage(total: ListTotal, offset: number, rows: number, pageSize: number): ListTotal {
  if (total.kind === "exact") return total;
  const known = offset + rows;
  if (rows === pageSize && known >= total.total) return { total: known, kind: "more_than" };
  if (rows < pageSize && rows > 0) return { total: known, kind: "exact" };
  return total;
}
