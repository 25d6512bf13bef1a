/**
 * The rating types a customer gives an order (spec 2 Rating), worst to best. No zod here: the
 * ratings page's browser bundle imports this file.
 */
export const RATING_TYPES = ["Poor", "Fair", "Good", "Very Good", "Excellent"] as const;
export type RatingType = (typeof RATING_TYPES)[number];

/**
 * The ratings list's sorts (?sortField=…&sortOrder=asc|desc): created_at (Date), type (worst to best
 * ascending, each by date the same way). Ties by the rating's id; default: newest first.
 */
export const RATING_SORT_FIELDS = ["created_at", "type"] as const;
export type RatingSortField = (typeof RATING_SORT_FIELDS)[number];
