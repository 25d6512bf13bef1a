/**
 * Comment Moderation's words (spec 3 §2.4, §4, §8 Comments). No zod here: the page's browser
 * bundle imports this file; ./comments builds the API's schemas on it.
 */

/** The status filter (?status=…): is_approved true = approved, false = pending. */
export const COMMENT_STATUS_FILTERS = ["approved", "pending"] as const;

/** The sortable columns (?sortField=…&sortOrder=asc|desc): Date, and Status (then the date). Default: newest first. */
export const COMMENT_SORT_FIELDS = ["created_at", "is_approved"] as const;
export type CommentSortField = (typeof COMMENT_SORT_FIELDS)[number];

/** At most this many comments in one bulk call (a page holds at most 100). */
export const MAX_BULK_COMMENTS = 200;

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

export const COMMENT_MESSAGES = {
  approved: "Comment approved successfully",
  unapproved: "Comment un-approved successfully",
  deleted: "Comment deleted successfully",
  approveFailed: "Failed to approve comment",
  deleteFailed: "Failed to delete comment",
  fetchFailed: "Failed to fetch comments",
  notFound: "Comment not found",
  noneSelected: "Select at least one comment first.",
  bulkApproved: (n: number) => `${plural(n, "comment", "comments")} approved successfully`,
  bulkUnapproved: (n: number) => `${plural(n, "comment", "comments")} un-approved successfully`,
  bulkDeleted: (n: number, replies: number) =>
    `${plural(n, "comment", "comments")} deleted successfully${replies > 0 ? ` (with ${plural(replies, "reply", "replies")})` : ""}`,
  unknownIds: (ids: number[]) =>
    `${ids.length === 1 ? "No comment has the id" : "No comments have the ids"} ${ids.join(", ")}: nothing was changed`,
  replies: (n: number) => plural(n, "reply", "replies"),
} as const;
