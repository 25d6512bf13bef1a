/**
 * Bulk jobs (issue 33 part 3, docs/decisions/0026-bulk-jobs.md): an action over every row a list's
 * filter matches, run by the API in batches. The kinds, their lists, the access each needs and the
 * words the admin reads. No zod here: the job page's browser bundle imports it.
 */
import type { AccessName } from "./access";

export const BULK_JOB_KINDS = [
  "provider-email",
  "provider-whatsapp",
  "user-block",
  "user-activate",
  "comment-approve",
  "comment-delete",
  "document-approve",
  "document-reject",
] as const;
export type BulkJobKind = (typeof BULK_JOB_KINDS)[number];

/** The lists a job can be made from (the name the admin's job pages use in ?list=). */
export const BULK_JOB_LISTS = ["service-provider", "user", "comments", "documents"] as const;
export type BulkJobList = (typeof BULK_JOB_LISTS)[number];

export const BULK_JOB_KIND_INFO: Record<BulkJobKind, { list: BulkJobList; access: AccessName; label: string }> = {
  "provider-email": { list: "service-provider", access: "ServiceProvider", label: "Send email" },
  "provider-whatsapp": { list: "service-provider", access: "ServiceProvider", label: "Send WhatsApp" },
  "user-block": { list: "user", access: "User", label: "Block" },
  "user-activate": { list: "user", access: "User", label: "Activate" },
  "comment-approve": { list: "comments", access: "Comments", label: "Approve" },
  "comment-delete": { list: "comments", access: "Comments", label: "Delete (with their replies)" },
  "document-approve": { list: "documents", access: "Documents", label: "Approve documents" },
  "document-reject": { list: "documents", access: "Documents", label: "Reject documents (one reason for all)" },
};

export const BULK_LIST_INFO: Record<BulkJobList, { title: string; path: string; access: AccessName }> = {
  "service-provider": { title: "Service Providers", path: "/admin/service-provider", access: "ServiceProvider" },
  user: { title: "Users", path: "/admin/user", access: "User" },
  comments: { title: "Comments", path: "/admin/comments", access: "Comments" },
  documents: { title: "Service Provider Documents", path: "/admin/documents", access: "Documents" },
};

export const kindsOfList = (list: BulkJobList): BulkJobKind[] => BULK_JOB_KINDS.filter((k) => BULK_JOB_KIND_INFO[k].list === list);

export const BULK_JOB_STATES = ["queued", "running", "cancelling", "cancelled", "done"] as const;
export type BulkJobState = (typeof BULK_JOB_STATES)[number];
export const BULK_JOB_STATE_LABELS: Record<BulkJobState, string> = {
  queued: "Waiting to start",
  running: "Running",
  cancelling: "Cancelling",
  cancelled: "Cancelled",
  done: "Done",
};
/** a job in one of these states still changes rows (its page refreshes itself) */
export const isOpenState = (state: BulkJobState) => state === "queued" || state === "running" || state === "cancelling";

export const BULK_JOB_MESSAGES = {
  notFound: "No such bulk job",
  noAccess: (label: string) => `You do not have access to ${label}: this bulk action is not yours to start or see.`,
  notCancellable: "This job has already ended",
  created: "Bulk job started",
  cancelled: "Bulk job cancelled",
  nothingMatches: "No rows match this filter: nothing to do.",
  noEmail: "No email address",
  noPhone: "No phone number",
  userGone: "The user was deleted",
  commentGone: "Deleted meanwhile (with the comment it replied to)",
  noDocuments: "No documents uploaded yet",
} as const;

/** The filter keys a list's job keeps: its API query without paging, sort or cursor. */
export const NOT_FILTER_KEYS = ["page", "page_size", "cursor", "total", "sortField", "sortOrder"] as const;
