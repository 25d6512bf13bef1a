/** What only the admin uses of ~contract/comment-labels (the shared part stays in contract/comment-labels.ts). */
import { COMMENT_STATUS_FILTERS } from "~contract/comment-labels";

export type CommentStatusFilter = (typeof COMMENT_STATUS_FILTERS)[number];
export const COMMENT_STATUS_LABELS: Record<CommentStatusFilter, string> = { approved: "Approved", pending: "Pending" };

/** The spec cuts an article's title at 30 characters in the table. */
export const ARTICLE_TITLE_LENGTH = 30;

/** The title as the table shows it: the first 30 characters and "…" when it is longer. */
export function shortTitle(title: string): string {
  return title.length > ARTICLE_TITLE_LENGTH ? `${title.slice(0, ARTICLE_TITLE_LENGTH)}…` : title;
}
