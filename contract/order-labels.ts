/**
 * How order statuses, parties and service types read on screen (spec 2 §2: the Booking List's
 * tabs and badges, the report's filters). No zod here: pages' browser bundles import this file,
 * and `import type` leaves ./order (and its schemas) out of them.
 */
import type { OrderStatus, Party, ServiceType } from "./orders";

export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  Pending: "Pending",
  InProgress: "In Progress",
  Scheduled: "Scheduled",
  PartialyCompleted: "Partially Completed",
  Completed: "Completed",
  Cancelled: "Cancelled",
  Tickets: "Tickets",
};

export const PARTY_LABELS: Record<Party, string> = {
  User: "User",
  ServiceProvider: "Service Provider",
};

export const SERVICE_TYPE_LABELS: Record<ServiceType, string> = {
  Consultation: "Consultation",
  Service: "Service",
  Retainership: "Retainership",
  AddOnService: "Add-On Service",
};

export const labelFrom =
  <K extends string>(labels: Record<K, string>) =>
  (value: string): string =>
    Object.prototype.hasOwnProperty.call(labels, value) ? labels[value as K] : value;

/** "PartialyCompleted" → "Partially Completed"; an unknown value is shown as it is. */
export const orderStatusLabel = labelFrom(ORDER_STATUS_LABELS);

/** The Booking List's tabs (spec 2 §2): the URL key (?tab=…), label and the status it filters on ("" = all). */
export const BOOKING_TABS = [
  { key: "all", label: "All Booking", status: "" },
  { key: "pending", label: "Pending", status: "Pending" },
  { key: "in-progress", label: "In Progress", status: "InProgress" },
  { key: "scheduled", label: "Scheduled Consultations", status: "Scheduled" },
  { key: "partially-completed", label: "Partially Completed", status: "PartialyCompleted" },
  { key: "completed", label: "Completed", status: "Completed" },
  { key: "canceled", label: "Canceled", status: "Cancelled" },
  { key: "tickets", label: "Tickets", status: "Tickets" },
] as const;

/**
 * The Booking List's sorts (?sortField=…&sortOrder=asc|desc): created_at (Created At), charges,
 * status (A–Z by code, each by date the same way). Each a keyset order with the order's id as tie-breaker
 * (api bookings.handlers.ts); default: newest first.
 */
export const BOOKING_SORT_FIELDS = ["created_at", "charges", "status"] as const;
export type BookingSortField = (typeof BOOKING_SORT_FIELDS)[number];
