import { JOURNEY_TEXTS } from "~contract/booking-journeys";
import { isStoppedAt } from "~/models/booking-journey-labels";
import { type JourneyFilters } from "~/models/booking-journeys";
import { isRecordId } from "~contract/ids";
import type { JourneysListQuery } from "~/services/marketplace/booking-journeys.server";
import { readPaging } from "~/services/list-query.server";
import { readDateRange } from "~/utils/dates";

/**
 * Pending Bookings' URL: paging as every list reads it, ?step=1…5 (the step the journeys stopped
 * at; 6 = completed all five steps; empty = all), ?start_date/end_date (YYYY-MM-DD, India days), and the step dialog asked for.
 * A filter typed wrong is not applied and is reported in words.
 */
export function readJourneysQuery(params: URLSearchParams) {
  const filters: JourneyFilters = {
    step: params.get("step")?.trim() ?? "",
    start_date: params.get("start_date")?.trim() ?? "",
    end_date: params.get("end_date")?.trim() ?? "",
  };
  const errors: string[] = [];
  const query: JourneysListQuery = { ...readPaging(params) };
  if (filters.step && filters.step !== "All") {
    const step = Number(filters.step);
    if (/^\d$/.test(filters.step) && isStoppedAt(step)) query.step = step;
    else errors.push(JOURNEY_TEXTS.stepError);
  }
  const dates = readDateRange(filters, { from: "Started From", to: "Started To" });
  errors.push(...dates.errors);
  if (dates.start_date) query.start_date = dates.start_date;
  if (dates.end_date) query.end_date = dates.end_date;
  const asked = params.has("journey")
    ? { id: (params.get("journey") ?? "").trim(), step: (params.get("journey_step") ?? "1").trim() }
    : null;
  return { query, filters, errors, asked, validId: asked ? isRecordId(asked.id) : false };
}
