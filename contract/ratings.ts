import { z } from "zod";
import { INT4_MAX } from "./ids";
import { customerFilter, dateRange, paging, sorting } from "./list-query-schema";
import { ORDER_STATUSES, SERVICE_TYPES } from "./orders";
import { RATING_SORT_FIELDS, RATING_TYPES, type RatingSortField, type RatingType } from "./rating-labels";

export { RATING_SORT_FIELDS, RATING_TYPES, type RatingSortField, type RatingType };

/**
 * Customers' ratings of their orders (spec 2 §2 Rating; the old page's sample rows made real):
 * one per order, only for a Completed order.
 */
export const RATING_MESSAGES = {
  created: "Rating Added Successfully",
  orderNotFound: "Order not found",
  alreadyRated: (shortId: string) => `Order ${shortId} has already been rated`,
  notCompleted: (shortId: string, statusLabel: string) => `Order ${shortId} is ${statusLabel}: only a completed order can be rated`,
  typeRequired: `Please choose a rating: ${RATING_TYPES.join(", ")}`,
  orderRequired: "order_id must be an order's id",
} as const;

export const MAX_RATING_COMMENT = 1000;

/** POST /create-rating body. */
export const CreateRatingBody = z.object({
  order_id: z
    .number({ required_error: RATING_MESSAGES.orderRequired, invalid_type_error: RATING_MESSAGES.orderRequired })
    .int(RATING_MESSAGES.orderRequired)
    .min(1, RATING_MESSAGES.orderRequired)
    .max(INT4_MAX, RATING_MESSAGES.orderRequired),
  type: z.enum(RATING_TYPES, { errorMap: () => ({ message: RATING_MESSAGES.typeRequired }) }),
  comment: z
    .string({ invalid_type_error: "comment must be text" })
    .trim()
    .max(MAX_RATING_COMMENT, `The comment is at most ${MAX_RATING_COMMENT} characters`)
    .optional()
    .default(""),
});
export type CreateRatingBody = z.infer<typeof CreateRatingBody>;

const allOr = <T extends readonly [string, ...string[]]>(values: T) =>
  z
    .union([z.literal(""), z.literal("All"), z.enum(values)])
    .optional()
    .transform((v) => (v === "All" || !v ? "" : v));

/**
 * GET /get-all-ratings query: every filter optional ("" or "All" = any); dates are India calendar
 * days, both ends included. Newest first unless sortField/sortOrder say otherwise (sortTogether).
 */
export const RatingListQuery = z.object({
  serviceType: allOr(SERVICE_TYPES).describe("the order's service type"),
  type: allOr(RATING_TYPES).describe("the rating"),
  ...dateRange,
  ...customerFilter,
  ...paging(),
  ...sorting(RATING_SORT_FIELDS),
});
export type RatingListQuery = z.infer<typeof RatingListQuery>;

/** One rating with its order (spec 2 Rating: order, user, provider, service, type, comment, date). */
export const RatingRecord = z.object({
  rating_id: z.number().int(),
  order_id: z.number().int(),
  short_id: z.string(),
  order_status: z.enum(ORDER_STATUSES),
  /** the customer's users.id (the admin links their name to their page) */
  user_id: z.number().int().optional(),
  userUsername: z.string(),
  serviceProviderUsername: z.string(),
  serviceType: z.enum(SERVICE_TYPES),
  type: z.enum(RATING_TYPES),
  comment: z.string(),
  created_at: z.string(),
});
export type RatingRecord = z.infer<typeof RatingRecord>;
