/**
 * The Booking List's columns (the table's and the export's), apart from ./bookings: that file
 * builds zod schemas, and the list's browser bundle must not carry them.
 */
import { orderStatusLabel } from "~contract/order-labels";
import { plain, type ListColumn } from "~/models/list-columns";
import type { BookingListRow } from "~/models/bookings";

/** The Booking List's columns: the table's and the export's (charges a number in rupees there). */
export const BOOKING_COLUMNS: readonly ListColumn<BookingListRow>[] = [
  { key: "order", header: "Order Id", width: 14, value: (r) => r.shortId },
  { key: "created", header: "Created At", sortField: "created_at", width: 18, value: (r) => r.createdAt },
  { key: "user", header: "User", width: 20, value: (r) => plain(r.user) },
  { key: "provider", header: "Service Provider", width: 20, value: (r) => plain(r.provider) },
  { key: "type", header: "Service Type", width: 18, value: (r) => plain(r.serviceType) },
  {
    key: "charges",
    header: "Charges",
    sortField: "charges",
    width: 14,
    money: true,
    value: (r) => (r.chargesInr ? Number(r.chargesInr) : undefined),
  },
  { key: "payment", header: "Payment Status", width: 18, value: (r) => plain(r.paymentStatus) },
  { key: "status", header: "Status", sortField: "status", width: 18, value: (r) => orderStatusLabel(r.status) },
];
