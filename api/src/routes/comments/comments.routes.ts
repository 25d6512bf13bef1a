/**
 * Comment moderation (spec 3 §2.4, §7 /blog/comments/): readers write comments on the blog; the
 * admin lists them, approves or un-approves one (PUT flips it), deletes one with its replies, and,
 * ours, does the same to many at once (all or nothing). Moderation is audited, never reverted.
 *
 * The calls' definitions (paths, validation, answers, OpenAPI): comments.handlers.ts serves them.
 */
import {
  BulkApproveAnswer,
  BulkApproveBody,
  BulkDeleteAnswer,
  BulkDeleteBody,
  CommentList,
  CommentListQuery,
  CommentRecord,
  DeleteAnswer,
  ToggleAnswer,
} from "~contract/comments";
import { TOTAL_COUNT_HEADER } from "~contract/service-providers";
import { ActingAdmin, body, chosenByUs, common, createRoute, error, idParam, json, mutating, z } from "../../lib/openapi";

export const Comment = CommentRecord.openapi("CommentRecord");

export const commentId = { params: z.object({ id: idParam("id", "the comment's id") }) };

export const unknownComment = { 404: error("Unknown comment") };

export const totalHeader = {
  [TOTAL_COUNT_HEADER]: { description: "number of matching comments (also in count)", schema: { type: "integer" as const } },
};

export const listRoute = createRoute({
  method: "get",
  path: "/blog/comments/",
  summary: "Readers' comments, newest first (or sorted)",
  description:
    "The spec's call takes no query and answers results. page, page_size, is_approved (approved | pending), search (part of the name, email or content, any case) and sortField (created_at | is_approved, then the date) with sortOrder (asc | desc; ties by id the same way) are ours; count is the number of matching comments.",
  request: { query: CommentListQuery },
  responses: {
    200: { ...json(CommentList.openapi("CommentList"), "One page of comments"), headers: totalHeader },
    400: error("Bad query"),
    ...common,
  },
});

export const detailRoute = createRoute({
  method: "get",
  path: "/blog/comments/{id}/",
  summary: "One comment",
  ...chosenByUs("Used by the admin's comment dialog when the comment is not on the page shown (a bookmarked or shared URL)."),
  request: commentId,
  responses: { 200: json(z.object({ data: Comment }), "The comment"), 400: error("Bad id"), ...unknownComment, ...common },
});

export const toggleRoute = createRoute({
  method: "put",
  path: "/blog/comments/{id}/",
  summary: "Approve a pending comment, or un-approve an approved one (no body)",
  request: { ...commentId, headers: ActingAdmin },
  responses: {
    200: json(ToggleAnswer.openapi("CommentToggleAnswer"), "Flipped: the comment as it is now"),
    ...mutating,
    ...unknownComment,
    ...common,
  },
});

export const deleteRoute = createRoute({
  method: "delete",
  path: "/blog/comments/{id}/",
  summary: "Delete a comment and its replies (at any depth)",
  request: { ...commentId, headers: ActingAdmin },
  responses: {
    200: json(DeleteAnswer.openapi("CommentDeleteAnswer"), "Deleted, with how many replies went with it"),
    ...mutating,
    ...unknownComment,
    ...common,
  },
});

export const bulkApproveRoute = createRoute({
  method: "post",
  path: "/blog/comments/bulk-approve/",
  summary: "Approve (approve: true) or un-approve (false) several comments",
  ...chosenByUs(
    "All or nothing: when an id is unknown nothing changes (404 naming them). Comments that already have the status are left as they are.",
  ),
  request: { headers: ActingAdmin, body: body(BulkApproveBody.openapi("CommentBulkApproveBody")) },
  responses: {
    200: json(BulkApproveAnswer.openapi("CommentBulkApproveAnswer"), "Done"),
    ...mutating,
    404: error("Unknown ids (named); nothing changed"),
    ...common,
  },
});

export const bulkDeleteRoute = createRoute({
  method: "post",
  path: "/blog/comments/bulk-delete/",
  summary: "Delete several comments with their replies",
  ...chosenByUs("All or nothing: when an id is unknown nothing is deleted (404 naming them)."),
  request: { headers: ActingAdmin, body: body(BulkDeleteBody.openapi("CommentBulkDeleteBody")) },
  responses: {
    200: json(BulkDeleteAnswer.openapi("CommentBulkDeleteAnswer"), "Deleted"),
    ...mutating,
    404: error("Unknown ids (named); nothing deleted"),
    ...common,
  },
});
