import { readPaging } from "~/services/list-query.server";
import { SERVICE_TYPES } from "~contract/orders";
import { RATING_TYPES, type RatingListQuery } from "~contract/ratings";
import { type RatingFilters } from "~/models/ratings";
import { readDateRange } from "~/utils/dates";
import { isOneOf } from "~shared/one-of";

/**
 * The ratings list's URL: paging with clean fallbacks and the filter card's keys (serviceType, type,
 * start_date, end_date). A filter typed wrong is not applied and is reported in words.
 */
export function readRatingListQuery(params: URLSearchParams) {
  const raw: RatingFilters = {
    serviceType: params.get("serviceType")?.trim() ?? "",
    type: params.get("type")?.trim() ?? "",
    start_date: params.get("start_date")?.trim() ?? "",
    end_date: params.get("end_date")?.trim() ?? "",
  };
  const errors: string[] = [];
  const query: Partial<RatingListQuery> & { page: number; page_size: number } = { ...readPaging(params) };
  if (raw.serviceType && raw.serviceType !== "All") {
    if (isOneOf(SERVICE_TYPES, raw.serviceType)) query.serviceType = raw.serviceType;
    else errors.push("Service: choose a service from the list.");
  }
  if (raw.type && raw.type !== "All") {
    if (isOneOf(RATING_TYPES, raw.type)) query.type = raw.type;
    else errors.push("Type: choose a rating type from the list.");
  }
  const dates = readDateRange(raw, { from: "From Date", to: "To Date" });
  errors.push(...dates.errors);
  if (dates.start_date) query.start_date = dates.start_date;
  if (dates.end_date) query.end_date = dates.end_date;
  return { query, raw, errors };
}
