/**
 * What every list shares, admin and API alike: the page sizes offered, the deepest page, the
 * longest search. No zod here (pages' browser bundles import it); the schemas built on these are
 * in ./list-query-schema.
 */
export const PAGE_SIZES = [10, 25, 50, 100] as const;
export type PageSize = (typeof PAGE_SIZES)[number];
export const DEFAULT_PAGE_SIZE: PageSize = 10;
/** the largest page_size the API answers (the admin offers PAGE_SIZES) */
export const MAX_PAGE_SIZE = 200;
/** a deeper page is a typo or a stale bookmark */
export const MAX_PAGE = 1_000_000;
export const MAX_SEARCH_LENGTH = 100;
export const END_BEFORE_START = "The end date must be on or after the start date";
