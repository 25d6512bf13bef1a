import { z } from "zod";
import { DOCUMENT_REVIEW_MESSAGES as M, REVIEW_REASON_MAX } from "~contract/document-labels";
import { postedRecordId } from "~/models/form-fields";
import { handleForm, intent, reasonDecisionAnswers } from "~/services/form-action.server";
import { listUrlWithoutDialog } from "~/services/form-result.server";
import type { Marketplace } from "~/services/marketplace/index.server";
import { redirectWithToast } from "~/services/toast.server";

const NO_PROVIDER = "No provider was named.";

const Approve = z.object({ id: postedRecordId(NO_PROVIDER) });
const Reject = z.object({
  id: postedRecordId(NO_PROVIDER),
  reason: z.string({ required_error: M.reasonRequired }).trim().min(1, M.reasonRequired).max(REVIEW_REASON_MAX, M.reasonTooLong),
});

const answers = reasonDecisionAnswers();

/**
 * The Documents list's Approve and Reject (the row's dialog, ?dialog=approve|reject&id=…): done, back
 * to the same list without the dialog with a toast; refused, the dialog again with the reason typed.
 */
export function documentsReviewAction(request: Request, api: Marketplace) {
  const backTo = listUrlWithoutDialog(request);
  return handleForm(request, api, {
    approve: intent(
      Approve,
      async ({ id }) => {
        const answer = await api.reviewProviderDocuments(id, { decision: "Approved" });
        return redirectWithToast(request, backTo, { type: "success", message: answer.message });
      },
      answers,
    ),
    reject: intent(
      Reject,
      async ({ id, reason }) => {
        const answer = await api.reviewProviderDocuments(id, { decision: "Rejected", reason });
        return redirectWithToast(request, backTo, { type: "success", message: answer.message });
      },
      answers,
    ),
  });
}
