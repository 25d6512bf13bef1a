import { data } from "@remix-run/node";
import type { AdminUser } from "~contract/admin-users";
import { COMMENT_MESSAGES } from "~contract/comments";
import { type CommentActionFailure } from "~/models/comments";
import { isRecordId } from "~contract/ids";
import { commentsListUrl, readIds } from "~/services/comments/list-query.server";
import { MarketplaceError, callerOf } from "~/services/marketplace/client.server";
import { bulkApproveComments, bulkDeleteComments, deleteComment, toggleCommentApproval } from "~/services/marketplace/comments.server";
import { redirectWithToast } from "~/services/toast.server";

export const COMMENT_INTENTS = ["toggle", "delete", "bulk-approve", "bulk-unapprove", "bulk-delete"] as const;

/** Nothing changed: the page shows why (JS or not), with the API's words. */
function refused(title: string, message: string, status: number) {
  return data<CommentActionFailure>({ notice: { title, message, tone: "error" } }, { status });
}

function statusOf(error: MarketplaceError) {
  if (error.kind === "unavailable") return 503;
  return error.status >= 400 && error.status < 500 ? error.status : 400;
}

/**
 * Comment Moderation's buttons: Approve / Un-Approve one (PUT flips it), Delete one (confirmed),
 * and the bulk ones on the checked rows. Done: back to the list (the content dialog kept open
 * after a flip from it) with a toast. Refused: the page says why and nothing changed.
 */
export async function commentsAction(request: Request, admin: AdminUser) {
  const formData = await request.formData();
  const intent = String(formData.get("intent") ?? "");
  if (!(COMMENT_INTENTS as readonly string[]).includes(intent)) {
    throw new Response(`Unknown intent: ${intent}`, { status: 400, statusText: "Bad Request" });
  }
  const caller = callerOf(admin, request);
  const url = new URL(request.url);
  const failedTitle = intent === "delete" || intent === "bulk-delete" ? COMMENT_MESSAGES.deleteFailed : COMMENT_MESSAGES.approveFailed;

  try {
    if (intent === "toggle" || intent === "delete") {
      const id = String(formData.get("id") ?? "").trim();
      if (!isRecordId(id)) return refused(failedTitle, "No comment was named.", 400);
      if (intent === "toggle") {
        const answer = await toggleCommentApproval(Number(id), caller);
        const message = answer.data.is_approved ? COMMENT_MESSAGES.approved : COMMENT_MESSAGES.unapproved;
        return redirectWithToast(request, commentsListUrl(url, { keepView: true }), { type: "success", message });
      }
      await deleteComment(Number(id), caller);
      return redirectWithToast(request, commentsListUrl(url), { type: "success", message: COMMENT_MESSAGES.deleted });
    }
    const ids = readIds(formData.getAll("ids").map(String));
    if (ids === null) return refused(failedTitle, "Something selected is not a comment id.", 400);
    if (ids.length === 0) return refused(failedTitle, COMMENT_MESSAGES.noneSelected, 400);
    if (intent === "bulk-delete") {
      const answer = await bulkDeleteComments(ids, caller);
      return redirectWithToast(request, commentsListUrl(url), {
        type: "success",
        message: COMMENT_MESSAGES.bulkDeleted(answer.deleted, answer.replies_deleted),
      });
    }
    const approve = intent === "bulk-approve";
    await bulkApproveComments(ids, approve, caller);
    const message = approve ? COMMENT_MESSAGES.bulkApproved(ids.length) : COMMENT_MESSAGES.bulkUnapproved(ids.length);
    return redirectWithToast(request, commentsListUrl(url), { type: "success", message });
  } catch (error) {
    if (!(error instanceof MarketplaceError)) throw error;
    return refused(failedTitle, error.message, statusOf(error));
  }
}
