/**
 * The bookings list (spec 2 §2 Booking list; its path is not shown, ours is GET /get-bookings):
 * filtered and paged in SQL, newest first, over the orders indexes.
 *
 * The calls' definitions (paths, validation, answers, OpenAPI): bookings.handlers.ts serves them.
 */
import { BookingListQuery, BookingRow } from "~contract/bookings";
import { sortTogether } from "~contract/list-query-schema";
import { chosenByUs, common, createRoute, data, error, json, paged, z } from "../../lib/openapi";
import { MONEY } from "../orders";

export const bookingsRoute = createRoute({
  method: "get",
  path: "/get-bookings",
  summary: "The bookings list: one page of orders, newest first or sorted",
  ...chosenByUs(
    `status = the tab ("" or All = All Booking). search: short id (exact) or part of the user's or provider's username, name, email or phone. sortField (created_at, charges, status — A–Z by code, each by date the same way) with sortOrder (asc, desc) orders the list, ties by order_id (default: newest first); a cursor made under another sort is ignored. paymentStatus and phonepe_response are the latest payment attempt's. ${MONEY}`,
  ),
  request: { query: BookingListQuery.superRefine(sortTogether) },
  responses: { 200: json(paged(data(z.array(BookingRow.openapi("BookingRow")))), "The page"), 400: error("Bad query"), ...common },
});
