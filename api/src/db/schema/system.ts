/** Cross-cutting tables: idempotency keys, the outbox, stored files and applied data fixes. */
import { sql, type SQL } from "drizzle-orm";
import { index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { users } from "./users";
import { createdAt, ts } from "./columns";

/**
 * Answers kept for a repeated form submission (api/src/lib/idempotency.ts): the first request with
 * an Idempotency-Key claims its row (completed_at null while it runs); a successful answer is kept
 * with it for 24 hours so a repeat gets the same answer; a failed one frees the key.
 */
export const idempotencyKeys = pgTable(
  "idempotency_keys",
  {
    key: text("key").primaryKey(),
    /** who sent it: "admin:<id>", "provider:<id>" or "-" */
    actor: text("actor").notNull(),
    method: text("method").notNull(),
    path: text("path").notNull(),
    status: integer("status"),
    contentType: text("content_type"),
    body: text("body"),
    createdAt: timestamp("created_at", { withTimezone: true, precision: 3, mode: "date" }).notNull().defaultNow(),
    completedAt: timestamp("completed_at", { withTimezone: true, precision: 3, mode: "date" }),
  },
  (t) => [index("idempotency_keys_created_idx").on(t.createdAt)],
);

/**
 * Every message the admin sends, recorded before delivery. Delivery (api/src/outbox/delivery.ts)
 * claims rows in the database, so several API processes never send one row twice: a claimed row
 * carries its claimant and a lease (`claimed_until`); a process that dies mid-send leaves the lease
 * to run out and the row to be claimed again. A failed send is retried at `next_attempt_at` (backoff)
 * until `attempts` reaches the limit, then the row is `failed` with the last reason in `error`.
 */
export const outbox = pgTable(
  "outbox",
  {
    id: serial("id").primaryKey(),
    channel: text("channel", { enum: ["email", "whatsapp"] }).notNull(),
    user_id: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    recipient: text("recipient").notNull(),
    subject: text("subject"),
    body: text("body"),
    template: text("template"),
    status: text("status", { enum: ["queued", "sent", "failed"] })
      .notNull()
      .default("queued"),
    error: text("error"),
    created_by: text("created_by"),
    created_at: createdAt(),
    sent_at: ts("sent_at"),
    /** sends begun (a claim counts one, so a row that kills its sender cannot loop for ever) */
    attempts: integer("attempts").notNull().default(0),
    /** not before this (a retry's backoff); null: at once */
    next_attempt_at: ts("next_attempt_at"),
    /** the process whose send is under way, and until when its claim holds */
    claimed_by: text("claimed_by"),
    claimed_until: ts("claimed_until"),
    /** when the row was last sent, failed or put back for a retry (the admin's "last try") */
    last_attempt_at: ts("last_attempt_at"),
    /** lower-cased recipient, subject and template: Sent Messages' search is one LIKE '%…%' on it */
    search_text: text("search_text").generatedAlwaysAs(
      (): SQL => sql`lower(${outbox.recipient} || ' ' || coalesce(${outbox.subject}, '') || ' ' || coalesce(${outbox.template}, ''))`,
    ),
  },
  (t) => [
    index("outbox_status_idx").on(t.status, t.created_at),
    // the delivery's claim: queued rows in id order, due ones first checked
    index("outbox_due_idx")
      .on(t.id)
      .where(sql`${t.status} = 'queued'`),
    // Sent Messages (GET /outbox): newest first
    index("outbox_created_idx").on(t.created_at.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // Sent Messages sorted by Channel (then Queued At) or by Attempts, read forward or backward
    index("outbox_channel_created_idx").on(t.channel, t.created_at, t.id),
    index("outbox_attempts_idx").on(t.attempts, t.id),
    // Sent Messages' "contains" search: trigrams (3+ characters use the index), as the users' search
    index("outbox_search_trgm_idx").using("gin", t.search_text.op("gin_trgm_ops")),
  ],
);

/**
 * The catalogue of stored files (spec 3 §3 Stored file: id, file_name, uploaded_at): every write
 * through the API's storage records its file here and every delete removes it, so the bucket
 * manager searches and pages this table instead of listing the bucket; a sync from the bucket
 * adds what was put there by other means.
 */
export const storedFiles = pgTable(
  "stored_files",
  {
    id: serial("id").primaryKey(),
    /** the storage key: one plain name */
    file_name: text("file_name").notNull(),
    size: integer("size").notNull().default(0),
    content_type: text("content_type").notNull().default("application/octet-stream"),
    uploaded_at: ts("uploaded_at").notNull().defaultNow(),
    uploaded_by: text("uploaded_by"),
    search_text: text("search_text").generatedAlwaysAs((): SQL => sql`lower(${storedFiles.file_name})`),
  },
  (t) => [
    uniqueIndex("stored_files_name_idx").on(t.file_name),
    index("stored_files_uploaded_idx").on(t.uploaded_at, t.id),
    index("stored_files_search_trgm_idx").using("gin", t.search_text.op("gin_trgm_ops")),
  ],
);

/**
 * One-time fixes of stored data that SQL alone cannot make (api/src/db/data-fixes.ts): the migration
 * that needs one inserts its row; the API runs it at start-up, under the start-up lock, and sets
 * done_at. A fix already done is never run again.
 */
export const dataFixes = pgTable("data_fixes", {
  name: text("name").primaryKey(),
  done_at: timestamp("done_at", { withTimezone: true, precision: 3, mode: "date" }),
});

export type StoredFileRow = typeof storedFiles.$inferSelect;

/**
 * Bulk actions over every row a list's filter matches (docs/decisions/0026-bulk-jobs.md). A job is
 * claimed by one API process at a time (`claimed_by` until `claim_until`, taken with SKIP LOCKED as the
 * outbox's rows are) and run in batches: each batch, in one transaction, changes its rows, writes their
 * audit entries and failures, and moves `cursor` (the last target id done) and the counts. A process
 * killed mid-batch leaves nothing of it; the next claimant starts after the cursor.
 */
export const bulkJobs = pgTable(
  "bulk_jobs",
  {
    id: serial("id").primaryKey(),
    kind: text("kind").notNull(),
    /** the list's API query parameters (its filter; no paging or sort) */
    filter: jsonb("filter").notNull().default({}),
    /** what the action needs (an email's subject and body, a WhatsApp template) */
    payload: jsonb("payload").notNull().default({}),
    created_by: integer("created_by").notNull(),
    created_by_username: text("created_by_username").notNull(),
    created_at: createdAt(),
    state: text("state", { enum: ["queued", "running", "cancelling", "cancelled", "done"] })
      .notNull()
      .default("queued"),
    /** rows the filter matched when the job was made (targets up to until_id) */
    total: integer("total").notNull().default(0),
    done: integer("done").notNull().default(0),
    failed: integer("failed").notNull().default(0),
    /** the highest target id when the job was made: rows added later are not the admin's selection */
    until_id: integer("until_id").notNull().default(0),
    /** the last target id processed (targets run in id order) */
    cursor: integer("cursor").notNull().default(0),
    claimed_by: text("claimed_by"),
    claim_until: ts("claim_until"),
    started_at: ts("started_at"),
    finished_at: ts("finished_at"),
  },
  (t) => [
    index("bulk_jobs_created_idx").on(t.created_at, t.id),
    index("bulk_jobs_admin_idx").on(t.created_by, t.created_at, t.id),
    index("bulk_jobs_open_idx")
      .on(t.id)
      .where(sql`${t.state} IN ('queued', 'running', 'cancelling')`),
  ],
);

/** The rows a bulk job could not change, and why. */
export const bulkJobFailures = pgTable(
  "bulk_job_failures",
  {
    id: serial("id").primaryKey(),
    job_id: integer("job_id")
      .notNull()
      .references(() => bulkJobs.id, { onDelete: "cascade" }),
    target_id: integer("target_id").notNull(),
    /** what the row is called on its list (a username) */
    target_label: text("target_label").notNull().default(""),
    reason: text("reason").notNull(),
  },
  (t) => [uniqueIndex("bulk_job_failures_target_idx").on(t.job_id, t.target_id)],
);

export type BulkJobRow = typeof bulkJobs.$inferSelect;
