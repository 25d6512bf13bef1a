/** What only the admin uses of ~contract/orders (the shared part stays in contract/orders.ts). */
import { CANCELLATION_REASON_MESSAGES, CancelComment } from "~contract/orders";
import { z } from "zod";
import { PARTIES } from "~contract/order-values";

/** The order page's Cancel dialog (checked in the browser with JS, and by its action). */
export const CancelOrderForm = z.object({
  cancelled_by: z.enum(PARTIES, { errorMap: () => ({ message: CANCELLATION_REASON_MESSAGES.userType }) }),
  reason: z.string({ required_error: "Please select a reason" }).trim().min(1, "Please select a reason").max(300),
  comment: CancelComment,
  /** the status the admin saw (informational) */
  orderStatus: z.string().max(40).optional(),
});
