import { z } from "zod";
import { isoDate, text } from "./api";
import { coercedRecordId } from "./ids";
import { DEFAULT_PAGE_SIZE, END_BEFORE_START, MAX_PAGE, MAX_PAGE_SIZE, MAX_SEARCH_LENGTH, PAGE_CURSOR_PATTERN } from "./list-query";

/**
 * The one ListQuery and DateRange of every list: the API's query schemas spread these fields, and
 * the admin reads its URLs with the same rules (falling back quietly where a URL is unreadable).
 */
export const Page = z.coerce.number().int().min(1).max(MAX_PAGE, `page must be at most ${MAX_PAGE}`);
export const PageSize = z.coerce.number().int().min(1).max(MAX_PAGE_SIZE);
export const Search = text("Search").trim().max(MAX_SEARCH_LENGTH, `Search is at most ${MAX_SEARCH_LENGTH} characters`);

/** page (default 1) and page_size (default `pageSize`) */
export const paging = (pageSize: number = DEFAULT_PAGE_SIZE) => ({ page: Page.default(1), page_size: PageSize.default(pageSize) });

/** A keyset page's cursor (contract/list-query.ts CURSOR_PARAM): after.<token>, before.<token> or last. */
export const PageCursor = z
  .string()
  .regex(PAGE_CURSOR_PATTERN, "cursor must be after.<token>, before.<token> or last")
  .describe(
    "a keyset page: after.<token> / before.<token> (from cursors.next / cursors.previous), or last; page is then only the page's number as shown",
  );

/**
 * `total=none`: the page without its total (an export's later pages, which follow Next cursors and
 * show no total): X-Total-Count is then 0, of kind "about". Counting up to 10,000 matches on each
 * of a 100,000-row export's pages was a large part of its time.
 */
export const SkipTotal = z
  .literal("none", { errorMap: () => ({ message: "total must be none (or left out)" }) })
  .describe("none: leave the total out (X-Total-Count 0, kind about); for a reader that follows the Next cursors only");

/** paging plus the keyset `cursor` (the million-row lists: docs/decisions/0020-keyset-pages.md) */
export const keysetPaging = (pageSize: number = DEFAULT_PAGE_SIZE) => ({
  ...paging(pageSize),
  cursor: PageCursor.optional(),
  total: SkipTotal.optional(),
});

/** Calendar days (YYYY-MM-DD, India time) bounding a list; check them with `endOnOrAfterStart`. */
export const dateRange = { start_date: isoDate.optional(), end_date: isoDate.optional() };

/** The end ≥ start rule of a query holding `dateRange`, as a zod refinement (400 names end_date). */
export function endOnOrAfterStart(query: { start_date?: string; end_date?: string }, ctx: z.RefinementCtx) {
  if (query.start_date && query.end_date && query.start_date > query.end_date) {
    ctx.addIssue({ code: "custom", path: ["end_date"], message: END_BEFORE_START });
  }
}

/**
 * A list's sort keys (sortField, sortOrder: the documents list's names), for a list that sorts by
 * one of `fields`. Both or neither: refine the query with `sortTogether`.
 */
export function sorting<const F extends readonly [string, ...string[]]>(fields: F) {
  return {
    sortField: z
      .enum(fields, { errorMap: () => ({ message: `sortField must be one of ${fields.join(", ")}` }) })
      .optional()
      .describe(`one of ${fields.join(", ")} (with sortOrder; the list's default order without)`),
    sortOrder: z.enum(["asc", "desc"], { errorMap: () => ({ message: "sortOrder must be asc or desc" }) }).optional(),
  };
}

/** A list query's refinement: sortField and sortOrder come together (one alone is a 400 naming the other). */
export function sortTogether(query: { sortField?: string; sortOrder?: string }, ctx: z.RefinementCtx) {
  if (query.sortField && !query.sortOrder)
    ctx.addIssue({ code: "custom", path: ["sortOrder"], message: "sortOrder (asc or desc) is required with sortField" });
  if (query.sortOrder && !query.sortField)
    ctx.addIssue({ code: "custom", path: ["sortField"], message: "sortField is required with sortOrder" });
}

/** `user_id`: only the orders of this customer (users.id), for the lists of orders, their payments and ratings (a user's page's "See all"). */
export const customerFilter = {
  user_id: coercedRecordId("user_id").optional().describe("only the orders of this customer (users.id)"),
};
