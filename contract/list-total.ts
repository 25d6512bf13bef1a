import { z } from "zod";

/**
 * How a list's total was counted (issue 31 §6). Up to LIST_TOTAL_EXACT_CAP matches the total is
 * exact; past it, counting every match costs a scan of up to a million rows, so the total is the
 * planner's estimate ("about"), or, when that estimate is below the cap, the number of matches known
 * to exist ("more than").
 */
export const LIST_TOTAL_EXACT_CAP = 10_000;
export const TOTAL_KINDS = ["exact", "about", "more_than"] as const;
export const TotalKind = z.enum(TOTAL_KINDS);
export type TotalKind = z.infer<typeof TotalKind>;
/** The header that says how X-Total-Count was counted (lists that answer their total in headers). */
export const TOTAL_KIND_HEADER = "x-total-kind";

/** A keyset page's neighbours, as cursors to send back (null: no such page; contract/list-query.ts CURSOR_PARAM). */
export const PageCursors = z.object({ previous: z.string().nullable(), next: z.string().nullable() });
export type PageCursors = z.infer<typeof PageCursors>;
