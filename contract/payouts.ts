/**
 * Payouts (issue 34): a release of a payment to its provider, approved by a second admin at or above
 * the threshold (Settings → Payment Gateway), paid through a bank bulk-transfer file.
 *
 * A payout's states, in order:
 * - Requested: asked by one admin, waiting for a different admin with Payment access (the payment
 *   is not released yet and cannot be released again meanwhile);
 * - Rejected: refused with a reason (the payment can be released — or requested — again);
 * - Approved: released (payment WITHDRAWN, release_date and paid_to_provider set), waiting for a
 *   bank file; a release below the threshold is Approved at once, by the admin who released it;
 * - In bank file: a line of a generated bank file;
 * - Sent to bank: its bank file was marked sent;
 * - Paid: the bank confirmed the file (its reference kept). A line the bank failed goes back to
 *   Approved with the reason, ready for the next file.
 *
 * Money is integer paise in the database and rupee strings ("1499.50") on the wire (shared/money).
 */
import { z } from "zod";

export const PAYOUT_STATES = ["Requested", "Rejected", "Approved", "In bank file", "Sent to bank", "Paid"] as const;
export type PayoutState = (typeof PAYOUT_STATES)[number];

/** The states a payout has once released (the ledger's rows). */
export const RELEASED_PAYOUT_STATES: readonly PayoutState[] = ["Approved", "In bank file", "Sent to bank", "Paid"];

/** The payments list's "Release" filter (query release_state): a payment's latest payout is in this state. */
export const RELEASE_STATE_FILTERS = ["requested", "approved", "rejected", "in-bank-file", "sent-to-bank", "paid"] as const;
export type ReleaseStateFilter = (typeof RELEASE_STATE_FILTERS)[number];
export const RELEASE_STATE_OF_FILTER: Record<ReleaseStateFilter, PayoutState> = {
  requested: "Requested",
  approved: "Approved",
  rejected: "Rejected",
  "in-bank-file": "In bank file",
  "sent-to-bank": "Sent to bank",
  paid: "Paid",
};

export const BANK_FILE_STATES = ["Generated", "Sent to bank", "Paid"] as const;
export type BankFileState = (typeof BANK_FILE_STATES)[number];

export const BANK_FILE_LINE_STATES = ["Included", "Paid", "Failed"] as const;
export type BankFileLineState = (typeof BANK_FILE_LINE_STATES)[number];

export const REASON_MAX_LENGTH = 500;
export const BANK_REFERENCE_MAX_LENGTH = 100;

export const PAYOUT_MESSAGES = {
  requested: "Release requested: another admin with Payment access must approve it",
  approved: "Release approved: the payment is released",
  rejected: "Release request rejected",
  notFound: "Release request not found",
  ownRequest: "You requested this release: a different admin must approve it",
  alreadyRequested: (by: string) => `A release of this payment is already requested by ${by}, awaiting approval`,
  alreadyDecided: (state: PayoutState, by: string | null) =>
    state === "Requested" ? "This request is still waiting" : `This request was already ${state.toLowerCase()}${by ? ` by ${by}` : ""}`,
  reasonRequired: "Please enter the reason",
  reasonTooLong: `The reason is at most ${REASON_MAX_LENGTH} characters`,
  needsPayment: "Only an admin with Payment access can approve or reject a release",
} as const;

const Reason = z
  .string({ required_error: PAYOUT_MESSAGES.reasonRequired })
  .trim()
  .min(1, PAYOUT_MESSAGES.reasonRequired)
  .max(REASON_MAX_LENGTH, PAYOUT_MESSAGES.reasonTooLong)
  .refine((s) => !/\p{Cs}/u.test(s), "The reason has a character that cannot be stored");

export const RejectReleaseBody = z.object({ reason: Reason }).strict();
export type RejectReleaseBody = z.infer<typeof RejectReleaseBody>;

export { Reason as PayoutReason };

/** A payment's latest release request or release (PaymentRecord.release), in rupees. */
export const PayoutSummary = z.object({
  payout_id: z.number().int(),
  state: z.enum(PAYOUT_STATES),
  amount: z.string().describe("What the provider receives, rupees"),
  requested_by: z.string().nullable().describe("The requesting admin's username"),
  requested_by_id: z.number().int(),
  requested_at: z.string(),
  decided_by: z.string().nullable().describe("The approving or rejecting admin's username"),
  decided_at: z.string().nullable(),
  reason: z.string().nullable().describe("Why it was rejected, or why the bank failed its line"),
  bank_file_id: z.number().int().nullable(),
});
export type PayoutSummary = z.infer<typeof PayoutSummary>;
