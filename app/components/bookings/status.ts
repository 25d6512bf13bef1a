/** Display of order statuses (spec 2 §2): label and badge colour. No zod here: this reaches the browser. */
import { orderStatusLabel } from "~/models/order-labels";

const TONE_COLOR = { warning: "amber", info: "blue", secondary: "gray", success: "green", danger: "red" } as const;
const STATUS_TONE: Record<string, keyof typeof TONE_COLOR> = {
  Pending: "warning",
  InProgress: "warning",
  Scheduled: "info",
  PartialyCompleted: "secondary",
  Tickets: "secondary",
  Completed: "success",
  Cancelled: "danger",
};

export function statusLabel(status: string) {
  return orderStatusLabel(status);
}
export function statusColor(status: string): string {
  return TONE_COLOR[STATUS_TONE[status] ?? "secondary"];
}

/** The bookings page's tabs: the URL key (?tab=…), label and the status it filters on. */
export const BOOKING_TAB_KEYS = [
  { key: "all", label: "All Booking", status: "" },
  { key: "pending", label: "Pending", status: "Pending" },
  { key: "in-progress", label: "In Progress", status: "InProgress" },
  { key: "scheduled", label: "Scheduled Consultations", status: "Scheduled" },
  { key: "partially-completed", label: "Partially Completed", status: "PartialyCompleted" },
  { key: "completed", label: "Completed", status: "Completed" },
  { key: "canceled", label: "Canceled", status: "Cancelled" },
  { key: "tickets", label: "Tickets", status: "Tickets" },
] as const;
