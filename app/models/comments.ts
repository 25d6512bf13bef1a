/** What only the admin uses of ~contract/comments (the shared part stays in contract/comments.ts). */
import { type CommentSortField } from "~contract/comment-labels";
import type { ListColumn } from "~/models/list-columns";

// ——— the admin's page (types only) ———

export type CommentRow = {
  id: number;
  author: string;
  /** null: Anonymous */
  email: string | null;
  /** cut at 30 characters + "…" */
  article: string;
  articleTitle: string;
  date: string;
  approved: boolean;
  replies: number;
};

/**
 * Comment Moderation's columns: the table's (after its checkbox, before its actions) and the
 * export's. The table cuts the article's title; the export keeps it whole.
 */
export const COMMENT_COLUMNS: readonly ListColumn<CommentRow>[] = [
  { key: "author", header: "Author", width: 24, value: (r) => r.author },
  { key: "email", header: "Email", width: 30, value: (r) => r.email ?? "Anonymous" },
  { key: "article", header: "Article", width: 50, value: (r) => r.articleTitle },
  { key: "date", header: "Date", sortField: "created_at", width: 18, value: (r) => r.date },
  { key: "status", header: "Status", sortField: "is_approved", width: 12, value: (r) => (r.approved ? "Approved" : "Pending") },
];

export type CommentDetail = {
  id: number;
  author: string;
  email: string | null;
  date: string;
  content: string;
  approved: boolean;
  articleTitle: string;
  replies: number;
  parent: { name: string; content: string } | null;
};

export type CommentNotice = { title: string; message: string; tone: "info" | "error" };

/** What the URL's dialog shows: a comment, a delete confirmation, the bulk delete confirmation, or why not. */
export type CommentDialog =
  | { kind: "view"; comment: CommentDetail }
  | { kind: "delete"; comment: CommentDetail }
  | { kind: "bulk-delete"; comments: { id: number; author: string; replies: number }[] };

export type CommentsPageData = {
  rows: CommentRow[];
  /** the URL's sort (none: newest first) */
  sort?: { field: CommentSortField; order: "asc" | "desc" };
  total: number;
  page: number;
  pageSize: number;
  search: string;
  status: string;
  filterErrors: string[];
  /** the list could not be read: "Failed to fetch comments" and why */
  loadError: CommentNotice | null;
  dialog: CommentDialog | null;
  notice: CommentNotice | null;
  /** ids checked when the page is rendered (?select=all without JS, or a bulk dialog's) */
  selected: number[];
};

/** An action's answer when nothing changed (shown on the page); success redirects with a toast. */
export type CommentActionFailure = { notice: CommentNotice };
