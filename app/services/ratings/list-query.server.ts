import { readCustomer, readPaging, readSort } from "~/services/list-query.server";
import { SERVICE_TYPES } from "~contract/orders";
import { RATING_SORT_FIELDS, RATING_TYPES, type RatingListQuery } from "~contract/ratings";
import { type RatingFilters } from "~/models/ratings";
import { readDateRange } from "~/utils/dates";
import { isOneOf } from "~shared/one-of";

/**
 * The ratings list's URL: paging with clean fallbacks, the filter card's keys (serviceType, type,
 * start_date, end_date) and the sort (sortField/sortOrder, DataTable's header links). A filter or
 * sort typed wrong is not applied and is reported in words.
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
  const userId = readCustomer(params, errors);
  if (userId) query.user_id = userId;
  const dates = readDateRange(raw, { from: "From Date", to: "To Date" });
  errors.push(...dates.errors);
  if (dates.start_date) query.start_date = dates.start_date;
  if (dates.end_date) query.end_date = dates.end_date;
  const sort = readSort(params, RATING_SORT_FIELDS, errors);
  if (sort) {
    query.sortField = sort.field;
    query.sortOrder = sort.order;
  }
  return { query, raw, sort: sort ?? null, errors };
}
