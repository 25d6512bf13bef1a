/** What only the admin uses of ~contract/booking-journey-labels (the shared part stays in contract/booking-journey-labels.ts). */
import { JOURNEY_STEPS, type JourneyStepNumber, ALL_STEPS_DONE } from "~contract/booking-journey-labels";

export const JOURNEY_STEP_NUMBERS = JOURNEY_STEPS.map((s) => s.step);
/** the list filter's and the funnel's name for those journeys */
export const ALL_STEPS_DONE_LABEL = "Completed all steps";

export const isJourneyStep = (value: number): value is JourneyStepNumber =>
  Number.isInteger(value) && value >= 1 && value <= JOURNEY_STEPS.length;
export const journeyStepName = (step: number) => JOURNEY_STEPS.find((s) => s.step === step)?.name ?? ALL_STEPS_DONE_LABEL;
/** What the list's "Stopped at" filter can ask for: a step (its active step), or 6 = all five completed. */
export const isStoppedAt = (value: number): value is JourneyStepNumber | typeof ALL_STEPS_DONE =>
  isJourneyStep(value) || value === ALL_STEPS_DONE;
