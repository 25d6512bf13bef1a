/**
 * One page of a big list's ids: an OFFSET page near the start, or a keyset page past it (issue 31 §6,
 * docs/decisions/0020-keyset-pages.md). The query's `cursor` (contract/list-query.ts) is
 * `after.<token>` (the rows after a row, in the list's order), `before.<token>` (the rows before it:
 * read in reverse, then turned round) or `last` (the list's end, read in reverse). A token holds the
 * sort's name and the row's sort values as PostgreSQL text, so the comparison is exact (microseconds
 * included); a token of another sort is ignored (the page is then the OFFSET page `page`).
 *
 * The order's keys must be non-null expressions in one direction, the last one unique, and match a
 * btree index (plain ascending: it is read forward or backward), so `(k1, k2) > ($1, $2)` is a range
 * of the index.
 */
import { and, sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn, PgSelect } from "drizzle-orm/pg-core";
import { LAST_PAGE_CURSOR } from "~contract/list-query";
import type { PageCursors } from "~contract/list-total";
import type { Database } from "../db/client";
import { listTotal, withPage, type ListTotal } from "./list-total";

export type KeysetKey = { value: SQL | AnyPgColumn; type: "timestamptz" | "text" | "integer" | "numeric" | "boolean" };

export type KeysetOrder = {
  /** names the sort (with `dir`: a cursor made under another sort or direction is not used) */
  name: string;
  keys: [KeysetKey, ...KeysetKey[]];
  dir: "asc" | "desc";
};

/** Newest first by a creation time, ties by id (the order of a `(created_at, id)` index read backwards). */
export const newestFirst = (createdAt: AnyPgColumn, id: AnyPgColumn): KeysetOrder => ({
  name: "created_at",
  keys: [
    { value: createdAt, type: "timestamptz" },
    { value: id, type: "integer" },
  ],
  dir: "desc",
});

/** total "none": no total (the list query's total=none, contract/list-query-schema.ts) */
export type PageQuery = { page: number; page_size: number; cursor?: string; total?: "none" };

type Cursor = { kind: "after" | "before"; values: string[] } | { kind: "last" } | null;

/** the sort a token was made under: its name and direction (a link kept across a sort change is not used) */
const sortOf = (order: KeysetOrder) => `${order.name} ${order.dir}`;

const encode = (order: KeysetOrder, values: string[]) => Buffer.from(JSON.stringify([sortOf(order), ...values])).toString("base64url");

/** The cursor of `query`, when it is one of this order's (anything else reads as no cursor). */
function readCursor(query: PageQuery, order: KeysetOrder): Cursor {
  const raw = query.cursor;
  if (!raw) return null;
  if (raw === LAST_PAGE_CURSOR) return { kind: "last" };
  const dot = raw.indexOf(".");
  const kind = raw.slice(0, dot);
  if (kind !== "after" && kind !== "before") return null;
  try {
    const parsed: unknown = JSON.parse(Buffer.from(raw.slice(dot + 1), "base64url").toString("utf8"));
    if (!Array.isArray(parsed) || parsed[0] !== sortOf(order) || parsed.length !== order.keys.length + 1) return null;
    const values = parsed.slice(1);
    if (!values.every((v): v is string => typeof v === "string")) return null;
    // a value the key's type cannot read would be a 500: such a token was not made here
    for (const [i, key] of order.keys.entries()) {
      if (key.type === "integer" && !/^-?\d{1,18}$/.test(values[i])) return null;
      if (key.type === "numeric" && !/^-?\d{1,30}(\.\d{1,30})?$/.test(values[i])) return null;
      if (key.type === "boolean" && values[i] !== "true" && values[i] !== "false") return null;
      if (key.type === "timestamptz" && !/^(-?infinity|\d{4}-\d\d-\d\d \d\d:\d\d:\d\d(\.\d{1,6})?[+-]\d\d(:\d\d)?)$/.test(values[i]))
        return null;
    }
    return { kind, values };
  } catch {
    return null;
  }
}

/** The page's own cursor tokens: `after.` the last row, `before.` the first row. */
export function cursorOf(order: KeysetOrder, kind: "after" | "before", values: string[]) {
  return `${kind}.${encode(order, values)}`;
}

const keyList = (order: KeysetOrder) =>
  sql.join(
    order.keys.map((k) => sql`${k.value}`),
    sql`, `,
  );

function orderBy(order: KeysetOrder, reversed: boolean): SQL[] {
  const desc = (order.dir === "desc") !== reversed;
  return order.keys.map((k) => sql`${k.value} ${sql.raw(desc ? "DESC" : "ASC")}`);
}

/** The rows past `values` in the list's order (reversed: before them). */
function beyond(order: KeysetOrder, values: string[], reversed: boolean): SQL {
  const after = (order.dir === "asc") !== reversed;
  const params = sql.join(
    order.keys.map((k, i) => sql`${values[i]}::${sql.raw(k.type)}`),
    sql`, `,
  );
  return sql`(${keyList(order)}) ${sql.raw(after ? ">" : "<")} (${params})`;
}

export type KeysetPage = { ids: number[]; total: ListTotal; page: number; cursors: PageCursors };

/**
 * `select(columns)` builds the list's FROM (with its joins) selecting `columns`; `where` is the
 * list's filter; `id` the row id the caller reads the page's rows by; `matching` the query of the
 * matching rows for the total (lib/list-total.ts).
 */
export async function keysetPage(
  db: Database,
  options: {
    query: PageQuery;
    order: KeysetOrder;
    id: SQL | AnyPgColumn;
    select: (columns: Record<string, SQL>) => PgSelect;
    where: SQL | undefined;
    matching: () => PgSelect;
    /** the total is the planner's estimate, never counted (lib/list-total.ts) */
    estimateTotal?: boolean;
  },
): Promise<KeysetPage> {
  const { query, order, where } = options;
  const size = query.page_size;
  const cursor = readCursor(query, order);
  // the keys as they are (an index-only scan hands them over), turned into text only for the page's
  // rows: a cast in the scan itself would run for every row an OFFSET skips
  const columns: Record<string, SQL.Aliased> = { id: sql`${options.id}`.as("id") };
  order.keys.forEach((k, i) => (columns[`k${i}`] = sql`${k.value}`.as(`k${i}`)));
  const read = async (condition: SQL | undefined, reversed: boolean, limit: number, offset = 0) => {
    const q = options
      .select(columns as unknown as Record<string, SQL>)
      .where(and(where, condition))
      .orderBy(...orderBy(order, reversed))
      .limit(limit);
    const inner = offset ? q.offset(offset) : q;
    const keys = order.keys.map((_, i) => sql.identifier(`k${i}`));
    const desc = (order.dir === "desc") !== reversed;
    const result = (await db.execute(
      sql`SELECT "id", ${sql.join(
        keys.map((k, i) => sql`${k}::text AS ${sql.identifier(`t${i}`)}`),
        sql`, `,
      )} FROM (${inner}) AS "page" ORDER BY ${sql.join(
        keys.map((k) => sql`${k} ${sql.raw(desc ? "DESC" : "ASC")}`),
        sql`, `,
      )}`,
    )) as unknown as { rows: Record<string, unknown>[] };
    return result.rows;
  };
  const total = (): Promise<ListTotal> =>
    query.total === "none" && cursor?.kind !== "last"
      ? Promise.resolve({ total: 0, kind: "about" })
      : listTotal(db, options.matching, { estimateOnly: options.estimateTotal });

  let rows: Record<string, unknown>[];
  let counted: ListTotal;
  let page = query.page;
  let hasPrevious: boolean;
  let hasNext: boolean;
  if (cursor?.kind === "last") {
    // the end of the list, on the numbered pages' boundaries as the total says them (the last page
    // may be short): "Showing x to y" of the page number the total gives holds these rows
    counted = await total();
    const pages = Math.max(1, Math.ceil(counted.total / size));
    const onLast = counted.total - (pages - 1) * size;
    const read_ = await read(undefined, true, Math.max(onLast, 1) + 1);
    hasPrevious = read_.length > onLast && onLast > 0;
    rows = read_.slice(0, Math.max(onLast, 0)).reverse();
    hasNext = false;
    page = hasPrevious ? pages : 1;
  } else if (cursor) {
    const reversed = cursor.kind === "before";
    const [read_, t] = await Promise.all([read(beyond(order, cursor.values, reversed), reversed, size + 1), total()]);
    counted = t;
    const more = read_.length > size;
    rows = read_.slice(0, size);
    if (reversed) rows.reverse();
    hasPrevious = reversed ? more : true;
    hasNext = reversed ? true : more;
    // back at the start: the first page, whatever number the link said
    if (reversed && !more) page = 1;
  } else {
    const offset = (page - 1) * size;
    const [read_, t] = await Promise.all([read(undefined, false, size + 1, offset), total()]);
    rows = read_.slice(0, size);
    counted = withPage(t, offset, rows.length, size);
    hasPrevious = page > 1;
    hasNext = read_.length > size;
  }
  const valuesOf = (row: Record<string, unknown>) => order.keys.map((_, i) => String(row[`t${i}`]));
  return {
    ids: rows.map((r) => Number(r.id)),
    total: counted,
    page,
    cursors: {
      previous: hasPrevious && rows.length ? cursorOf(order, "before", valuesOf(rows[0])) : null,
      next: hasNext && rows.length ? cursorOf(order, "after", valuesOf(rows[rows.length - 1])) : null,
    },
  };
}
