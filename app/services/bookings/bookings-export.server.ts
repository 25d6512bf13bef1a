import { BOOKING_COLUMNS } from "~/models/bookings-columns";
import type { BookingListRow } from "~/models/bookings";
import { readBookingsQuery, toRow } from "~/services/bookings/bookings-list.server";
import { EXPORT_PAGE_SIZE, laterPage, type ListExport } from "~/services/list-export.server";

type Query = ReturnType<typeof readBookingsQuery>["query"];

/** The Booking List as an export: its tab and search, its pages (keyset: each page's Next cursor). */
export const BOOKINGS_EXPORT: ListExport<Query, BookingListRow> = {
  list: "bookings",
  path: "/admin/bookings",
  columns: BOOKING_COLUMNS,
  readQuery: (params) => {
    // paging is the export's own: the page's page, size and cursor are not read (nor refused)
    const read = new URLSearchParams(params);
    for (const key of ["page", "page_size", "cursor"]) read.delete(key);
    const { query, errors } = readBookingsQuery(read);
    return { query, errors };
  },
  notFilter: ["payment"],
  page: async (api, query, at) => {
    const list = await api.listBookings({ ...query, page: at.page, page_size: EXPORT_PAGE_SIZE, cursor: at.cursor, ...laterPage(at) });
    return { rows: list.rows.map(toRow), total: list.total, next: list.cursors?.next };
  },
};
