import { z } from "zod";
import { text } from "./api";

/**
 * The header's global search (issue 32 §1): one box on every page. GET /admin-search finds records
 * in the areas the admin asks for (the admin asks only for those this admin may open); the admin's
 * /admin/search page and its command palette show them grouped by area.
 */
export const SEARCH_AREAS = ["providers", "users", "orders", "categories", "posts", "admin-users", "contacts", "customer-queries"] as const;
export type SearchArea = (typeof SEARCH_AREAS)[number];

/** Records are searched from this many characters (a trigram index answers "contains" from 3); an order id from its digits. */
export const SEARCH_MIN_LENGTH = 3;
export const SEARCH_MAX_LENGTH = 100;
/** matches shown per area: the palette's default, and the most a page may ask for */
export const SEARCH_HITS_DEFAULT = 5;
export const SEARCH_HITS_MAX = 20;

export const SEARCH_MESSAGES = {
  tooShort: `Type at least ${SEARCH_MIN_LENGTH} characters to search records (an order's number works from its digits).`,
  noAreas: "areas must name at least one of: " + SEARCH_AREAS.join(", "),
} as const;

/**
 * An order's number as people type it: ORD000154, ord154, #154 or 154 → 154, which finds the order
 * of that id and the one whose short id is ORD000154; null when it is not one.
 */
export function orderNumberOf(q: string): number | null {
  const match = /^(?:#|ord-?)?0*(\d{1,9})$/i.exec(q.trim());
  return match ? Number(match[1]) : null;
}

/** Whether `q` is worth sending to GET /admin-search: long enough, or an order's number. */
export const searchableRecords = (q: string) => q.trim().length >= SEARCH_MIN_LENGTH || orderNumberOf(q) !== null;

const AreaList = z
  .string()
  .transform((value, ctx) => {
    const areas = [
      ...new Set(
        value
          .split(",")
          .map((a) => a.trim())
          .filter(Boolean),
      ),
    ];
    const unknown = areas.filter((a) => !(SEARCH_AREAS as readonly string[]).includes(a));
    if (areas.length === 0 || unknown.length > 0) {
      ctx.addIssue({
        code: "custom",
        message: unknown.length ? `Unknown area ${unknown.join(", ")}: ${SEARCH_MESSAGES.noAreas}` : SEARCH_MESSAGES.noAreas,
      });
      return z.NEVER;
    }
    return areas as SearchArea[];
  })
  .describe(`comma-separated, at least one of ${SEARCH_AREAS.join(", ")}`);

export const GlobalSearchQuery = z.object({
  q: text("Search")
    .trim()
    .max(SEARCH_MAX_LENGTH, `Search is at most ${SEARCH_MAX_LENGTH} characters`)
    .refine(searchableRecords, SEARCH_MESSAGES.tooShort)
    .describe("what to find: part of a name, username, email, phone, title; or an order's number (ORD000154, 154)"),
  areas: AreaList,
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(SEARCH_HITS_MAX)
    .default(SEARCH_HITS_DEFAULT)
    .describe(`matches per area (default ${SEARCH_HITS_DEFAULT}, at most ${SEARCH_HITS_MAX})`),
});
export type GlobalSearchQuery = z.input<typeof GlobalSearchQuery>;

/** One match: the record's id, its name as the list shows it, a line that tells it apart, and a key its page is found by. */
export const SearchHit = z.object({
  id: z.number().int(),
  title: z.string(),
  detail: z.string(),
  /** what the area's page is opened by when it is not the id: a username, a short order id, a parent category's id */
  key: z.string(),
  /** a sub-category's parent (null: a top-level category); absent elsewhere */
  parentId: z.number().int().nullable().optional(),
});
export type SearchHit = z.infer<typeof SearchHit>;

export const SearchGroup = z.object({
  area: z.enum(SEARCH_AREAS),
  hits: z.array(SearchHit),
  /** more than `limit` records matched */
  more: z.boolean(),
});
export type SearchGroup = z.infer<typeof SearchGroup>;

export const GlobalSearchAnswer = z.object({ data: z.array(SearchGroup) });
