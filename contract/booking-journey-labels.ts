/**
 * Pending Bookings' words and steps (spec 3 §2.9, §3 Booking journey, §9 five steps). No zod here:
 * the page's browser bundle imports this file; ./booking-journeys builds the API's schemas on it.
 */

/** The five steps in order: a step is complete when its timestamp exists. */
export const JOURNEY_STEPS = [
  { step: 1, name: "Book Now Dialogue", at: "dialogue_opened_at", data: null },
  { step: 2, name: "Basic Info", at: "basic_info_completed_at", data: "basic_info_data" },
  { step: 3, name: "Order Summary", at: "order_summary_completed_at", data: "order_summary_data" },
  { step: 4, name: "Address Details", at: "address_completed_at", data: "address_data" },
  { step: 5, name: "Payment", at: "payment_completed_at", data: "payment_data" },
] as const;

export type JourneyStepNumber = (typeof JOURNEY_STEPS)[number]["step"];
/** active_step when all five steps are complete (the journey still has no order) */
export const ALL_STEPS_DONE = 6;

export const JOURNEY_TEXTS = {
  title: "Pending Bookings (Didn't Convert to Order)",
  notCompleted: "Not completed yet.",
  fetchFailed: "Failed to fetch booking journeys",
  notFound: "Booking journey not found",
  /** the list filter: where the journeys stopped (the funnel's "Stopped here"), not how far they reached */
  stepFilter: "Stopped at",
  stepError: "Stopped at: choose one of the five steps or Completed all steps.",
  noData: "No data was captured at this step.",
} as const;
