import { z } from "zod";
import { BookingJourneyList, BookingJourneyRecord, type ALL_STEPS_DONE, type JourneyStepNumber } from "~contract/booking-journeys";
import { apiRequest, type Caller } from "./client.server";

export type JourneysListQuery = {
  page: number;
  page_size: number;
  step?: JourneyStepNumber | typeof ALL_STEPS_DONE;
  start_date?: string;
  end_date?: string;
};

/** GET track-booking-journey/: one page of the journeys that did not become an order, with the period's funnel. */
export async function listBookingJourneys(caller: Caller, query: JourneysListQuery): Promise<BookingJourneyList> {
  return apiRequest("/track-booking-journey/", { query, caller, answer: BookingJourneyList });
}

/** GET track-booking-journey/{id}/ (ours): one journey, for a step dialog whose journey is not on the page. */
export async function getBookingJourney(caller: Caller, id: number): Promise<BookingJourneyRecord> {
  return (await apiRequest(`/track-booking-journey/${id}/`, { caller, answer: z.object({ data: BookingJourneyRecord }) })).data;
}
