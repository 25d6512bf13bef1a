import { z } from "zod";
import { ALL_STEPS_DONE, type JourneyStepNumber } from "./booking-journey-labels";
import { dateRange, endOnOrAfterStart, paging } from "./list-query-schema";
import { isOneOf } from "~shared/one-of";
export { ALL_STEPS_DONE, JOURNEY_STEPS, JOURNEY_TEXTS, type JourneyStepNumber } from "./booking-journey-labels";

/**
 * Booking journeys (spec 3 §2.9, §3 Booking journey, §7 GET track-booking-journey/): a customer's
 * way from Book Now to payment that did not become an order. The API's calls and the Pending
 * Bookings page share these.
 */

const STEP_VALUES = ["1", "2", "3", "4", "5", "6"] as const;
export const STEP_MESSAGE = "step must be a whole number from 1 to 6 (6: all five steps completed)";

/** GET track-booking-journey/ query (all ours: the spec's call takes none). */
export const BookingJourneyListQuery = z
  .object({
    ...paging(),
    step: z
      .string()
      .trim()
      .refine((v) => v === "" || isOneOf(STEP_VALUES, v), STEP_MESSAGE)
      .optional()
      .transform((v) => (v ? (Number(v) as JourneyStepNumber | typeof ALL_STEPS_DONE) : undefined))
      .describe(
        "the step the journey stopped at (its active step, the first incomplete one): 1 to 5; 6: all five steps completed (still no order); absent or empty: all",
      ),
    ...dateRange,
  })
  .superRefine(endOnOrAfterStart);
export type BookingJourneyListQuery = z.input<typeof BookingJourneyListQuery>;

const when = z.string().nullable();
/** what the customer typed at a step (the customer app's JSON): null until the step captured something */
const captured = z.record(z.unknown().describe("a captured value: text, number, true/false, a list or an object")).nullable();

/** One journey (spec 3 §3 Booking journey) and its active step (1–5, 6 = all five done). */
export const BookingJourneyRecord = z.object({
  id: z.number().int(),
  service_name: z.string(),
  /** the customer's users.id (the admin links their name to their page) */
  user_id: z.number().int().optional(),
  user_fullname: z.string(),
  user_username: z.string(),
  user_phone: z.string(),
  provider_fullname: z.string(),
  provider_username: z.string(),
  provider_phone: z.string(),
  journey_started_at: z.string(),
  last_updated_at: z.string(),
  dialogue_opened_at: when,
  basic_info_completed_at: when,
  order_summary_completed_at: when,
  address_completed_at: when,
  payment_completed_at: when,
  basic_info_data: captured,
  order_summary_data: captured,
  address_data: captured,
  payment_data: captured,
  active_step: z.number().int().min(1).max(6),
});
export type BookingJourneyRecord = z.infer<typeof BookingJourneyRecord>;

/** How many journeys (not converted, started in the range) reached each step: active_step ≥ step. */
export const BookingJourneyFunnel = z.object({
  /** every journey in the range (= reached step 1) */
  total: z.number().int(),
  steps: z.array(
    z.object({
      step: z.number().int(),
      name: z.string(),
      /** reached this step: active_step ≥ step */
      reached: z.number().int(),
      /** stopped at this step: active_step = step (the list's total when filtered on it) */
      stopped: z.number().int(),
    }),
  ),
  /** all five steps complete, still no order (active_step 6) */
  all_completed: z.number().int(),
});
export type BookingJourneyFunnel = z.infer<typeof BookingJourneyFunnel>;

export const BookingJourneyList = z.object({
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
  results: z.array(BookingJourneyRecord),
  funnel: BookingJourneyFunnel,
});
export type BookingJourneyList = z.infer<typeof BookingJourneyList>;
