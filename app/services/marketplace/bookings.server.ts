import { type BookingListQuery } from "~contract/bookings";
import { BookingPage } from "~/models/bookings";
import { apiRequest, type Caller } from "./client.server";

/** One page of the bookings list (GET /get-bookings), filtered and paged by the API. */
export async function listBookings(caller: Caller, query: BookingListQuery) {
  const answer = await apiRequest("/get-bookings", {
    query: {
      status: query.status,
      serviceType: query.serviceType,
      search: query.search,
      user_id: query.user_id,
      page: query.page,
      page_size: query.page_size,
      cursor: query.cursor,
      total: query.total,
      sortField: query.sortField,
      sortOrder: query.sortOrder,
    },
    caller,
    answer: BookingPage,
  });
  return {
    rows: answer.data,
    total: answer.total_results,
    totalKind: answer.total_kind ?? "exact",
    page: answer.current_page,
    pageSize: answer.page_size,
    cursors: answer.cursors,
  };
}
