/**
 * Pending Bookings (spec 3 §2.9, §7 GET track-booking-journey/): the booking journeys that did not
 * become an order, newest started first, with the funnel of the same period (how many reached each
 * step). Read only: the marketplace's customer app writes journeys, the admin only watches them.
 *
 * The calls' definitions (paths, validation, answers, OpenAPI): booking-journeys.handlers.ts serves them.
 */
import {
  BookingJourneyFunnel,
  BookingJourneyList,
  BookingJourneyListQuery,
  BookingJourneyRecord,
  JOURNEY_TEXTS,
} from "~contract/booking-journeys";
import { TOTAL_COUNT_HEADER } from "~contract/service-providers";
import { chosenByUs, common, createRoute, error, idParam, json, z } from "../../lib/openapi";

export const Journey = BookingJourneyRecord.openapi("BookingJourney");

export const Funnel = BookingJourneyFunnel.openapi("BookingJourneyFunnel");

export const listRoute = createRoute({
  method: "get",
  path: "/track-booking-journey/",
  summary: "Booking journeys that did not become an order, newest started first, with the period's funnel",
  description:
    "The spec's call takes no query and answers an array of journeys. Ours (chosen by us): the array is results, beside total (journeys matching the filters), page and page_size; " +
    "page and page_size as every list (default 1 and 10); step (1 to 5) keeps the journeys that stopped at that step (their active step, the first incomplete one), 6 those that completed all five steps; " +
    "start_date/end_date are calendar days in Asia/Kolkata, both included, on journey_started_at. funnel counts, for the same dates but every step, how many journeys reached each step " +
    "(reached k = active step ≥ k) and how many stopped there (active step = k, the total when filtered on k); all_completed counts those with all five steps done and still no order. " +
    "Journeys with an order_id (converted) are never counted or listed.",
  request: { query: BookingJourneyListQuery },
  responses: {
    200: {
      ...json(
        BookingJourneyList.extend({ results: z.array(Journey), funnel: Funnel }).openapi("BookingJourneyList"),
        "One page of journeys and the funnel",
      ),
      headers: {
        [TOTAL_COUNT_HEADER]: { description: "journeys matching the filters (also in total)", schema: { type: "integer" as const } },
      },
    },
    400: error("Bad query (step, dates, paging)"),
    ...common,
  },
});

export const detailRoute = createRoute({
  method: "get",
  path: "/track-booking-journey/{id}/",
  summary: "One booking journey",
  ...chosenByUs("Used by the admin's step dialog when the journey is not on the page shown (a bookmarked or shared URL)."),
  request: { params: z.object({ id: idParam("id", "the journey's id") }) },
  responses: { 200: json(z.object({ data: Journey }), "The journey"), 400: error("Bad id"), 404: error(JOURNEY_TEXTS.notFound), ...common },
});
