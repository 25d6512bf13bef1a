/** What only the admin uses of ~contract/outbox (the shared part stays in contract/outbox.ts). */
import { type OutboxCounts } from "~contract/outbox";
import { type OutboxChannel, type OutboxSortField, type OutboxStatus } from "~contract/outbox-labels";

/** One row of the Sent Messages table, dates already formatted (India time). */
export type OutboxRow = {
  id: number;
  channel: OutboxChannel;
  username: string | null;
  recipient: string;
  /** the email's subject, or the WhatsApp template's name */
  subject: string;
  status: OutboxStatus;
  /** the status badge's words: "Sent 25 Nov 2026, 14:03", "Failed: …", "Retrying: attempt 2 of 5, …" */
  statusText: string;
  attempts: string;
  queuedBy: string;
  queuedAt: string;
};

export type MessagesPageData = {
  rows: OutboxRow[];
  counts: OutboxCounts;
  total: number;
  page: number;
  pageSize: number;
  status: OutboxStatus | "";
  channel: OutboxChannel | "";
  search: string;
  /** the sort the URL asks for (null: newest first) */
  sort: { field: OutboxSortField; order: "asc" | "desc" } | null;
  filterErrors: string[];
  loadError: { title: string; message: string } | null;
  /** channels the API does not deliver: their messages stay queued (told on the page) */
  notDelivered: OutboxChannel[];
  /** ?dialog=retry-failed: the confirmation of Retry All Failed */
  confirmRetryAll: boolean;
  listUrl: string;
};

export type MessagesActionFailure = { notice: { title: string; message: string } };
