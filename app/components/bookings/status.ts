/** Display of order statuses (spec 2 §2): label and badge colour. No zod here: this reaches the browser. */
import { orderStatusLabel } from "~contract/order-labels";

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
