import { data } from "@remix-run/node";
import { z } from "zod";
import { commentsListUrl, readIds } from "~/services/comments/list-query.server";
import { handleForm, intent, type IntentContext } from "~/services/form-action.server";
import { MarketplaceError } from "~/services/marketplace/client.server";
import type { Marketplace } from "~/services/marketplace/index.server";
import { redirectWithToast } from "~/services/toast.server";
import { COMMENT_MESSAGES } from "~contract/comments";
import { type CommentActionFailure } from "~/models/comments";
import { postedRecordId, repeated } from "~/models/form-fields";

/** Nothing changed: the page shows why (JS or not), with the API's words. */
function refused(title: string, message: string, status: number) {
  return data<CommentActionFailure>({ notice: { title, message, tone: "error" } }, { status });
}

const failedTitle = ({ intent }: IntentContext) =>
  intent === "delete" || intent === "bulk-delete" ? COMMENT_MESSAGES.deleteFailed : COMMENT_MESSAGES.approveFailed;

/** Refusals are a notice on the page (not field messages): the first reason the fields gave, or the API's words. */
const answers = {
  invalid: (fieldErrors: Record<string, string>, context: IntentContext) =>
    refused(failedTitle(context), Object.values(fieldErrors)[0] ?? COMMENT_MESSAGES.noneSelected, 400),
  refused: (error: MarketplaceError, context: IntentContext) => {
    const status = error.kind === "unavailable" ? 503 : error.status >= 400 && error.status < 500 ? error.status : 400;
    return refused(failedTitle(context), error.message, status);
  },
};

const OneComment = z.object({ id: postedRecordId("No comment was named.") });
const CheckedComments = z.object({
  ids: repeated(z.string())
    .transform(
      (values, ctx) => readIds(values) ?? (ctx.addIssue({ code: "custom", message: "Something selected is not a comment id." }), z.NEVER),
    )
    .refine((ids) => ids.length > 0, COMMENT_MESSAGES.noneSelected),
});

/**
 * Comment Moderation's buttons: Approve / Un-Approve one (PUT flips it), Delete one (confirmed),
 * and the bulk ones on the checked rows. Done: back to the list (the content dialog kept open
 * after a flip from it) with a toast. Refused: the page says why and nothing changed.
 */
export function commentsAction(request: Request, api: Marketplace) {
  const url = new URL(request.url);
  const bulkApprove = (approve: boolean) =>
    intent(
      CheckedComments,
      async ({ ids }) => {
        await api.bulkApproveComments(ids, approve);
        const message = approve ? COMMENT_MESSAGES.bulkApproved(ids.length) : COMMENT_MESSAGES.bulkUnapproved(ids.length);
        return redirectWithToast(request, commentsListUrl(url), { type: "success", message });
      },
      answers,
    );
  return handleForm(request, api, {
    toggle: intent(
      OneComment,
      async ({ id }) => {
        const answer = await api.toggleCommentApproval(id);
        const message = answer.data.is_approved ? COMMENT_MESSAGES.approved : COMMENT_MESSAGES.unapproved;
        return redirectWithToast(request, commentsListUrl(url, { keepView: true }), { type: "success", message });
      },
      answers,
    ),
    delete: intent(
      OneComment,
      async ({ id }) => {
        await api.deleteComment(id);
        return redirectWithToast(request, commentsListUrl(url), { type: "success", message: COMMENT_MESSAGES.deleted });
      },
      answers,
    ),
    "bulk-approve": bulkApprove(true),
    "bulk-unapprove": bulkApprove(false),
    "bulk-delete": intent(
      CheckedComments,
      async ({ ids }) => {
        const answer = await api.bulkDeleteComments(ids);
        const message = COMMENT_MESSAGES.bulkDeleted(answer.deleted, answer.replies_deleted);
        return redirectWithToast(request, commentsListUrl(url), { type: "success", message });
      },
      answers,
    ),
  });
}
