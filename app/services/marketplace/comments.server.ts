import { z } from "zod";
import {
  BulkApproveAnswer,
  BulkDeleteAnswer,
  CommentList,
  CommentRecord,
  DeleteAnswer,
  ToggleAnswer,
  type CommentSortField,
} from "~contract/comments";
import { type CommentStatusFilter } from "~/models/comment-labels";
import { apiRequest, type Caller } from "./client.server";

export type CommentsListQuery = {
  page: number;
  page_size: number;
  is_approved?: CommentStatusFilter;
  search?: string;
  sortField?: CommentSortField;
  sortOrder?: "asc" | "desc";
};

/** GET /blog/comments/: one page, newest first (or as sorted), with the number of matching comments. */
export async function listComments(caller: Caller, query: CommentsListQuery) {
  const answer = await apiRequest("/blog/comments/", { query, caller, answer: CommentList });
  return { rows: answer.results, total: answer.count };
}

/** GET /blog/comments/{id}/ (ours): one comment, for a dialog whose comment is not on the page. */
export async function getComment(caller: Caller, id: number): Promise<CommentRecord> {
  const answer = await apiRequest(`/blog/comments/${id}/`, { caller, answer: z.object({ data: CommentRecord }) });
  return answer.data;
}

/** PUT /blog/comments/{id}/ with no body: approve a pending comment, un-approve an approved one. */
export async function toggleCommentApproval(caller: Caller, id: number) {
  return apiRequest(`/blog/comments/${id}/`, { method: "PUT", caller, answer: ToggleAnswer });
}

/** DELETE /blog/comments/{id}/: the comment and its replies. */
export async function deleteComment(caller: Caller, id: number) {
  return apiRequest(`/blog/comments/${id}/`, { method: "DELETE", caller, answer: DeleteAnswer });
}

/** POST /blog/comments/bulk-approve/ (ours): all or nothing. */
export async function bulkApproveComments(caller: Caller, ids: number[], approve: boolean) {
  return apiRequest("/blog/comments/bulk-approve/", { method: "POST", body: { ids, approve }, caller, answer: BulkApproveAnswer });
}

/** POST /blog/comments/bulk-delete/ (ours): all or nothing, replies included. */
export async function bulkDeleteComments(caller: Caller, ids: number[]) {
  return apiRequest("/blog/comments/bulk-delete/", { method: "POST", body: { ids }, caller, answer: BulkDeleteAnswer });
}
