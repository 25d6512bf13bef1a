/** The review of a provider's documents (chosen by us): see contract/document-labels.ts. */
import { z } from "zod";
import { DOCUMENT_REVIEW_DECISIONS, DOCUMENT_REVIEW_MESSAGES as M, DOCUMENT_REVIEW_STATUSES, REVIEW_REASON_MAX } from "./document-labels";
export * from "./document-labels";

/** POST /provider-documents/{id}/review: Approved, or Rejected with the reason the provider is told. */
export const DocumentReviewBody = z
  .object({
    decision: z.enum(DOCUMENT_REVIEW_DECISIONS, { errorMap: () => ({ message: M.chooseDecision }) }),
    reason: z.string().trim().max(REVIEW_REASON_MAX, M.reasonTooLong).default(""),
  })
  .superRefine((b, ctx) => {
    if (b.decision === "Rejected" && !b.reason) ctx.addIssue({ code: "custom", path: ["reason"], message: M.reasonRequired });
  });
export type DocumentReviewBody = z.input<typeof DocumentReviewBody>;

export const DocumentReview = z.object({
  serviceProvider_id: z.number().int(),
  review_status: z.enum(DOCUMENT_REVIEW_STATUSES),
  review_reason: z.string().nullable(),
  reviewed_by: z.number().int().nullable(),
  reviewed_by_username: z.string().nullable(),
  reviewed_at: z.string().nullable(),
});
export type DocumentReview = z.infer<typeof DocumentReview>;
