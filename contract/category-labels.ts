/**
 * The category lists' sorts (?sortField=…&sortOrder=asc|desc): categoryName (Name), status (A–Z,
 * each by date the same way). Ties by the category's id; default: newest first. No zod here: the lists'
 * browser bundles import this file.
 */
export const CATEGORY_SORT_FIELDS = ["categoryName", "status"] as const;
export type CategorySortField = (typeof CATEGORY_SORT_FIELDS)[number];
