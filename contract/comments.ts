import { z } from "zod";
import { COMMENT_SORT_FIELDS, COMMENT_STATUS_FILTERS, MAX_BULK_COMMENTS } from "./comment-labels";
import { INT4_MAX } from "./ids";
import { paging, Search, sorting, sortTogether } from "./list-query-schema";
export { COMMENT_MESSAGES, COMMENT_SORT_FIELDS, COMMENT_STATUS_FILTERS, MAX_BULK_COMMENTS, type CommentSortField } from "./comment-labels";

/**
 * Readers' comments on blog posts (spec 3 §3 Blog comment, §7 /blog/comments/). The API's calls
 * and the Comment Moderation page share these.
 */

/**
 * GET /blog/comments/ query (all ours: the spec's call takes none). Newest first, or sorted by
 * created_at, or by is_approved then created_at (ties by id, in the same direction: the indexes' order).
 */
export const CommentListQuery = z
  .object({
    ...paging(),
    is_approved: z
      .enum(COMMENT_STATUS_FILTERS, { errorMap: () => ({ message: "is_approved must be approved or pending" }) })
      .optional()
      .describe("approved or pending (absent: both)"),
    search: Search.optional().default("").describe("part of the author's name, email or the content (any case)"),
    ...sorting(COMMENT_SORT_FIELDS),
  })
  .superRefine(sortTogether);
export type CommentListQuery = z.input<typeof CommentListQuery>;

/** One comment (spec 3 §3 Blog comment), with what moderation needs: the post, the parent, its replies. */
export const CommentRecord = z.object({
  id: z.number().int(),
  name: z.string(),
  /** null: the reader left no email (shown as Anonymous) */
  email: z.string().nullable(),
  content: z.string(),
  created_at: z.string(),
  is_approved: z.boolean(),
  /** the comment this one answers, if any */
  parent: z.object({ id: z.number().int(), name: z.string(), content: z.string() }).nullable(),
  article: z.object({ id: z.number().int(), title: z.string() }),
  /** direct replies: deleting the comment deletes them (and theirs) too */
  replies: z.number().int(),
});
export type CommentRecord = z.infer<typeof CommentRecord>;

export const CommentList = z.object({ count: z.number().int(), results: z.array(CommentRecord) });

const CommentIds = z
  .array(
    z
      .number({ invalid_type_error: "ids must be comment ids" })
      .int("ids must be comment ids")
      .min(1, "ids must be comment ids")
      .max(INT4_MAX, "ids must be comment ids"),
    {
      required_error: "ids is required",
      invalid_type_error: "ids must be a list of comment ids",
    },
  )
  .min(1, "Select at least one comment")
  .max(MAX_BULK_COMMENTS, `At most ${MAX_BULK_COMMENTS} comments at once`)
  .transform((ids) => [...new Set(ids)]);

/** POST /blog/comments/bulk-approve/ (ours): approve (true) or un-approve (false) every comment named. */
export const BulkApproveBody = z.object({
  ids: CommentIds,
  approve: z.boolean({ required_error: "approve is required", invalid_type_error: "approve must be true or false" }),
});
/** POST /blog/comments/bulk-delete/ (ours): delete every comment named, with their replies. */
export const BulkDeleteBody = z.object({ ids: CommentIds });

export const ToggleAnswer = z.object({ message: z.string(), data: CommentRecord });
export const DeleteAnswer = z.object({
  message: z.string(),
  /** the replies (at any depth) deleted with it */
  replies_deleted: z.number().int(),
});
export const BulkApproveAnswer = z.object({
  message: z.string(),
  /** comments whose status changed; the others already had it */
  changed: z.number().int(),
  count: z.number().int(),
});
export const BulkDeleteAnswer = z.object({ message: z.string(), deleted: z.number().int(), replies_deleted: z.number().int() });
