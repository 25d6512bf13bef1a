import { z } from "zod";
import { paging, Search, sorting } from "./list-query-schema";
import {
  MAX_RETRY_IDS,
  OUTBOX_CHANNELS,
  OUTBOX_SORT_FIELDS,
  OUTBOX_STATUSES,
  type OutboxChannel,
  type OutboxStatus,
} from "./outbox-labels";

/**
 * The contract of Sent Messages: GET /outbox (a page of the outbox with counts per status) and
 * POST /outbox/retry, /outbox/retry-failed. Status is the delivery's state as the admin sees it:
 * sending = queued and claimed by a sender now; retrying = queued after a failed try; queued = not
 * tried yet (or queued again by the admin).
 */
export const OutboxListQuery = z.object({
  ...paging(),
  status: z.enum(OUTBOX_STATUSES).optional(),
  channel: z.enum(OUTBOX_CHANNELS).optional(),
  search: Search.optional()
    .default("")
    .describe("part of the recipient (email or phone), the subject or the WhatsApp template, in any case"),
  ...sorting(OUTBOX_SORT_FIELDS),
});
export type OutboxListQuery = z.input<typeof OutboxListQuery>;

const at = z.string().datetime({ offset: true }).nullable();

export const OutboxEntry = z.object({
  id: z.number().int(),
  channel: z.enum(OUTBOX_CHANNELS),
  recipient: z.string(),
  user_id: z.number().int().nullable(),
  /** the recipient's username (null when the user is gone) */
  username: z.string().nullable(),
  subject: z.string().nullable(),
  template: z.string().nullable(),
  status: z.enum(OUTBOX_STATUSES),
  /** sends begun */
  attempts: z.number().int(),
  /** the delivery's limit: after this many failed sends the row is failed */
  max_attempts: z.number().int(),
  next_attempt_at: at,
  last_attempt_at: at,
  sent_at: at,
  /** the last failure's reason (kept on a row queued again until it is sent) */
  error: z.string().nullable(),
  created_by: z.string().nullable(),
  created_at: z.string().datetime({ offset: true }),
});
export type OutboxEntry = z.infer<typeof OutboxEntry>;

const n = z.number().int();
export const OutboxCounts = z.object({ all: n, queued: n, sending: n, retrying: n, sent: n, failed: n });
export type OutboxCounts = z.infer<typeof OutboxCounts>;

export const OutboxList = z.object({
  data: z.array(OutboxEntry),
  /** rows per status among those the channel and search keep (the status filter aside) */
  counts: OutboxCounts,
  total_results: z.number().int(),
  current_page: z.number().int(),
  page_size: z.number().int(),
  /** the channels the answering API process delivers (SMTP_URL, WHATSAPP_WEBHOOK_URL); the others' rows stay queued */
  delivering: z.array(z.enum(OUTBOX_CHANNELS)),
});

export const OutboxRetryBody = z.object({
  ids: z
    .array(z.number().int().positive().max(2_147_483_647))
    .min(1, "Name at least one message")
    .max(MAX_RETRY_IDS, `At most ${MAX_RETRY_IDS} messages at once`),
});
export const OutboxRetryFailedBody = z.object({ channel: z.enum(OUTBOX_CHANNELS).optional() });
export const OutboxRetryAnswer = z.object({ data: z.object({ requeued: z.number().int() }) });

export type { OutboxChannel, OutboxStatus };
