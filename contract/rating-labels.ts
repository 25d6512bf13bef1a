/**
 * The rating types a customer gives an order (spec 2 Rating), worst to best. No zod here: the
 * ratings page's browser bundle imports this file.
 */
export const RATING_TYPES = ["Poor", "Fair", "Good", "Very Good", "Excellent"] as const;
export type RatingType = (typeof RATING_TYPES)[number];
