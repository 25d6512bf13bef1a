// What the admin reads for an order's stored values (spec 2 §2), zod-free so that browser bundles
// and the API's messages can both use it.
export const ORDER_STATUS_LABELS: Record<string, string> = {
  Pending: "Pending",
  InProgress: "In Progress",
  Scheduled: "Scheduled",
  PartialyCompleted: "Partially Completed",
  Completed: "Completed",
  Cancelled: "Cancelled",
  Tickets: "Tickets",
};

export function orderStatusLabel(status: string): string {
  return ORDER_STATUS_LABELS[status] ?? status;
}
