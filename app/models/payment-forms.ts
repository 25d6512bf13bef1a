import { z } from "zod";
import { postedRecordId } from "~/models/form-fields";
import { PAYOUT_MESSAGES, REASON_MAX_LENGTH } from "~contract/payouts";

/** The release dialog's Confirm: the payment's id in a hidden field. */
export const ReleaseForm = z.object({ id: postedRecordId("unknown payment") });

/** Approve a release request: its payout id. */
export const ApproveRequestForm = z.object({ id: postedRecordId("unknown release request") });

/** Reject a release request: its payout id and the reason. */
export const RejectRequestForm = z.object({
  id: postedRecordId("unknown release request"),
  reason: z
    .string({ required_error: PAYOUT_MESSAGES.reasonRequired })
    .trim()
    .min(1, PAYOUT_MESSAGES.reasonRequired)
    .max(REASON_MAX_LENGTH, PAYOUT_MESSAGES.reasonTooLong),
});
