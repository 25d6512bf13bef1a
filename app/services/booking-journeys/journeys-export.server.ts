import { JOURNEY_COLUMNS, type JourneyCard } from "~/models/booking-journeys";
import { toCard } from "~/services/booking-journeys/journeys-list.server";
import { readJourneysQuery } from "~/services/booking-journeys/list-query.server";
import { EXPORT_PAGE_SIZE, type ListExport } from "~/services/list-export.server";

type Query = ReturnType<typeof readJourneysQuery>["query"];

/** Pending Bookings as an export: the journeys the step and dates narrow the page to, newest first, one row a card. */
export const JOURNEYS_EXPORT: ListExport<Query, JourneyCard> = {
  list: "booking-journeys",
  path: "/admin/track-booking-journey",
  columns: JOURNEY_COLUMNS,
  readQuery: (params) => {
    const { query, errors } = readJourneysQuery(params);
    return { query, errors };
  },
  notFilter: ["journey", "journey_step"],
  page: async (api, query, at) => {
    const list = await api.listBookingJourneys({ ...query, page: at.page, page_size: EXPORT_PAGE_SIZE });
    return { rows: list.results.map(toCard), total: list.total };
  },
};
