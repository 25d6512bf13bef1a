/**
 * The values of an order's fields and its cancellation reasons (spec 2 §4, §9). No zod here: pages'
 * browser bundles import these (the reason dialog's selects); the schemas are in ./orders.
 */

/** Spec 2 §9 / §4: service types and order statuses (spelling "PartialyCompleted" as the source system). */
export const SERVICE_TYPES = ["Consultation", "Service", "Retainership", "AddOnService"] as const;
export type ServiceType = (typeof SERVICE_TYPES)[number];
export const ORDER_STATUSES = ["Pending", "InProgress", "Scheduled", "PartialyCompleted", "Completed", "Cancelled", "Tickets"] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
export const PARTIES = ["User", "ServiceProvider"] as const;
export type Party = (typeof PARTIES)[number];
export const REASON_STATUSES = ["PRE", "POST"] as const;

export const REASON_MAX_LENGTH = 300;
export const REPERCUSSION_MAX_LENGTH = 500;
