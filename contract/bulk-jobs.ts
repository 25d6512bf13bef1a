/** Bulk jobs' calls (chosen by us): see contract/bulk-job-labels.ts and docs/decisions/0026-bulk-jobs.md. */
import { z } from "zod";
import { BULK_JOB_KINDS, BULK_JOB_STATES } from "./bulk-job-labels";
import { isBlankHtml } from "~shared/html-text";
import { DOCUMENT_REVIEW_MESSAGES, REVIEW_REASON_MAX } from "./document-labels";
export * from "./bulk-job-labels";

export const WHATSAPP_TEMPLATE_NAMES = ["bookings_now_open", "need_help_partial_profile", "refresh_complete_profile"] as const;

/**
 * Text a job keeps in its JSON columns: whole Unicode characters only (PostgreSQL's jsonb refuses a
 * lone surrogate half, which a text column would quietly replace).
 */
const whole = (value: string) => !/\p{Cs}/u.test(value);
const BROKEN = "holds a broken character";

/** The list's API query parameters (strings, as the list sends them). */
export const BulkJobFilter = z
  .record(z.string().refine(whole, `A filter ${BROKEN}`), z.string().max(200).refine(whole, `A filter ${BROKEN}`))
  .refine((f) => Object.keys(f).length <= 30, "Too many filter keys");

export const CreateBulkJobBody = z
  .object({
    kind: z.enum(BULK_JOB_KINDS, { errorMap: () => ({ message: "Choose an action" }) }),
    filter: BulkJobFilter.default({}),
    subject: z.string().trim().max(200, "Subject is at most 200 characters").refine(whole, `Subject ${BROKEN}`).default(""),
    body: z.string().max(100000, "The message is too long").refine(whole, `The message ${BROKEN}`).default(""),
    whatsappTemplate: z.union([z.literal(""), z.enum(WHATSAPP_TEMPLATE_NAMES)]).default(""),
    /** document-reject: the reason every provider's documents are rejected for */
    reason: z.string().trim().max(REVIEW_REASON_MAX, DOCUMENT_REVIEW_MESSAGES.reasonTooLong).refine(whole, `Reason ${BROKEN}`).default(""),
  })
  .superRefine((b, ctx) => {
    if (b.kind === "provider-email") {
      if (!b.subject) ctx.addIssue({ code: "custom", path: ["subject"], message: "Subject is required" });
      if (isBlankHtml(b.body)) ctx.addIssue({ code: "custom", path: ["body"], message: "Message is required" });
    }
    if (b.kind === "provider-whatsapp" && !b.whatsappTemplate) {
      ctx.addIssue({ code: "custom", path: ["whatsappTemplate"], message: "Choose a WhatsApp template" });
    }
    if (b.kind === "document-reject" && !b.reason) {
      ctx.addIssue({ code: "custom", path: ["reason"], message: DOCUMENT_REVIEW_MESSAGES.reasonRequired });
    }
  });
export type CreateBulkJobBody = z.input<typeof CreateBulkJobBody>;

export const BulkJob = z.object({
  id: z.number().int(),
  kind: z.enum(BULK_JOB_KINDS),
  filter: z.record(z.string()),
  payload: z.object({ subject: z.string().optional(), whatsappTemplate: z.string().optional(), reason: z.string().optional() }),
  created_by: z.number().int(),
  created_by_username: z.string(),
  created_at: z.string(),
  state: z.enum(BULK_JOB_STATES),
  total: z.number().int(),
  done: z.number().int(),
  failed: z.number().int(),
  left: z.number().int(),
  started_at: z.string().nullable(),
  finished_at: z.string().nullable(),
});
export type BulkJob = z.infer<typeof BulkJob>;

export const BulkJobFailure = z.object({ target_id: z.number().int(), target_label: z.string(), reason: z.string() });
export type BulkJobFailure = z.infer<typeof BulkJobFailure>;

export const BulkJobsQuery = z.object({
  mine: z.enum(["true", "false"]).optional().describe("true: only the acting admin's jobs"),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});

export const BulkJobFailuresQuery = z.object({
  page: z.coerce.number().int().min(1).max(100000).default(1),
  page_size: z.coerce.number().int().min(1).max(500).default(100),
});
