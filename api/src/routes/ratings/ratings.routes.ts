/**
 * Customers' ratings of their orders (spec 2 §2 Rating, a placeholder in the old system made real):
 * the admin's filtered list, and the customer app's POST that rates a Completed order once.
 *
 * The calls' definitions (paths, validation, answers, OpenAPI): ratings.handlers.ts serves them.
 */
import { SERVICE_TYPES } from "~contract/orders";
import { CreateRatingBody, RATING_MESSAGES, RATING_TYPES, RatingListQuery, RatingRecord } from "~contract/ratings";
import { endOnOrAfterStart, sortTogether } from "~contract/list-query-schema";
import { TOTAL_COUNT_HEADER } from "~contract/service-providers";
import { body, chosenByUs, common, createRoute, data, error, json, message, z } from "../../lib/openapi";

export const Rating = RatingRecord.openapi("RatingRecord");

export const totalHeader = { [TOTAL_COUNT_HEADER]: { description: "number of matching ratings", schema: { type: "integer" as const } } };

export const listRoute = createRoute({
  method: "get",
  path: "/get-all-ratings",
  summary: "One page of ratings with their orders, newest first or sorted",
  ...chosenByUs(
    `The old page was a placeholder with sample rows. Filters (all optional, "" or All = any): serviceType (the order's: ${SERVICE_TYPES.join(", ")}), type (${RATING_TYPES.join(", ")}), start_date/end_date (calendar days in Asia/Kolkata, both included, on the rating's created_at). sortField (created_at, type — type ascending is worst to best, each by date the same way) with sortOrder (asc, desc) orders the list, ties by the rating's id (default: newest first). page and page_size as every list (default 1 and 10); the number of matching ratings is in x-total-count.`,
  ),
  request: {
    query: RatingListQuery.superRefine((query, ctx) => {
      endOnOrAfterStart(query, ctx);
      sortTogether(query, ctx);
    }),
  },
  responses: {
    200: { ...json(data(z.array(Rating)), "The page"), headers: totalHeader },
    400: error("Bad query"),
    ...common,
  },
});

export const createRatingRoute = createRoute({
  method: "post",
  path: "/create-rating",
  summary: "Rate an order (the customer's rating: one per order, Completed orders only)",
  ...chosenByUs(
    'Sent by the marketplace\'s customer app when a customer rates a finished order, so it takes no x-acting-admin and writes no audit row (no admin acts). 404 for an unknown order; 409 when the order is not Completed ("Order ORD000012 is In Progress: only a completed order can be rated") or already has its rating ("Order ORD000012 has already been rated").',
  ),
  request: { body: body(CreateRatingBody.openapi("CreateRatingBody")) },
  responses: {
    201: json(message.extend({ data: Rating }), RATING_MESSAGES.created),
    400: error("Invalid input, field messages in errors"),
    404: error("Unknown order"),
    409: error("The order is not Completed, or it is already rated"),
    ...common,
  },
});
