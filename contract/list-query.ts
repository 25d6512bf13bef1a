/**
 * What every list shares, admin and API alike: the page sizes offered, the deepest page, the
 * longest search. No zod here (pages' browser bundles import it); the schemas built on these are
 * in ./list-query-schema.
 */
export const PAGE_SIZES = [10, 25, 50, 100] as const;
export type PageSize = (typeof PAGE_SIZES)[number];
export const DEFAULT_PAGE_SIZE: PageSize = 10;
/** the largest page_size the API answers (the admin offers PAGE_SIZES; an export reads its pages at this size) */
export const MAX_PAGE_SIZE = 1000;
/** a deeper page is a typo or a stale bookmark */
export const MAX_PAGE = 1_000_000;
export const MAX_SEARCH_LENGTH = 100;
export const END_BEFORE_START = "The end date must be on or after the start date";

/**
 * Keyset pages (docs/decisions/0020-keyset-pages.md): the lists of a million rows (Service Providers,
 * Users, Bookings) take ?cursor=after.<token> (the page after a row), before.<token> (the page before
 * one) or last (the list's end, read in reverse). The API answers the tokens of the page's neighbours;
 * the admin passes them through. Numbered pages are OFFSET pages only this many rows deep (the walk
 * costs what the rows skipped cost); past it the admin links Previous/Next/last by cursor.
 */
export const CURSOR_PARAM = "cursor";
export const LAST_PAGE_CURSOR = "last";
export const KEYSET_OFFSET_ROWS = 10_000;
export const PAGE_CURSOR_PATTERN = /^(last|(after|before)\.[A-Za-z0-9_-]{1,600})$/;
/** The headers that carry the neighbours' cursors for lists that answer their total in headers (/users). */
export const PREVIOUS_PAGE_HEADER = "x-page-previous";
export const NEXT_PAGE_HEADER = "x-page-next";
export const isPageCursor = (value: string | null | undefined): value is string => !!value && PAGE_CURSOR_PATTERN.test(value);
