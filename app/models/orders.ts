/** What only the admin uses of ~contract/orders (the shared part stays in contract/orders.ts). */
import { withZod } from "@remix-validated-form/with-zod";
import { DateTime } from "luxon";
import { z } from "zod";
import {
  CANCELLATION_REASON_MESSAGES,
  CancelComment,
  MAX_CONSULTATION_MINUTES,
  ORDER_MESSAGES,
  rescheduleStartProblem,
} from "~contract/orders";
import { PARTIES } from "~contract/order-values";
import { ADMIN_ZONE } from "~shared/time-zone";

/** The order page's Cancel dialog (checked in the browser with JS, and by its action). */
export const CancelOrderForm = z.object({
  cancelled_by: z.enum(PARTIES, { errorMap: () => ({ message: CANCELLATION_REASON_MESSAGES.userType }) }),
  reason: z.string({ required_error: "Please select a reason" }).trim().min(1, "Please select a reason").max(300),
  comment: CancelComment,
  /** the status the admin saw (informational) */
  orderStatus: z.string().max(40).optional(),
});

export const cancelOrderValidator = withZod(CancelOrderForm);

/** Wall time typed in a datetime-local input, read as India time → ISO instant; null if unreadable. */
export function kolkataWallTimeToIso(value: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(value)) return null;
  const dt = DateTime.fromISO(value, { zone: ADMIN_ZONE });
  return dt.isValid ? dt.toUTC().toISO() : null;
}

/**
 * The order page's Reschedule dialog: the new start (India wall time, in the future, within a year)
 * as an ISO instant, and the length in minutes, which only a dialog whose offering names no minutes
 * posts (null when it is not posted: the API then computes the end).
 */
export const RescheduleForm = z.object({
  startTime: z.unknown().transform((value, ctx) => {
    const iso = typeof value === "string" ? kolkataWallTimeToIso(value) : null;
    const problem = iso ? rescheduleStartProblem(Date.parse(iso)) : "Please select a date and time";
    if (problem) {
      ctx.addIssue({ code: "custom", message: problem });
      return z.NEVER;
    }
    return iso as string;
  }),
  durationMinutes: z.unknown().transform((value, ctx) => {
    if (value === undefined) return null;
    const duration = typeof value === "string" ? value.trim() : "";
    const minutes = /^\d{1,5}$/.test(duration) ? Number(duration) : null;
    if (minutes !== null && minutes >= 1 && minutes <= MAX_CONSULTATION_MINUTES) return minutes;
    const message = duration === "" ? ORDER_MESSAGES.durationRequired : `Please enter whole minutes from 1 to ${MAX_CONSULTATION_MINUTES}`;
    ctx.addIssue({ code: "custom", message });
    return z.NEVER;
  }),
});
