import { z } from "zod";
import { DOCUMENT_REVIEW_MESSAGES as M, REVIEW_REASON_MAX } from "~contract/document-labels";
import { postedRecordId } from "~/models/form-fields";
import type { ReviewDialogKind, ReviewFailure } from "~/models/documents";
import { handleForm, intent, type IntentContext } from "~/services/form-action.server";
import { formFailure, listUrlWithoutDialog } from "~/services/form-result.server";
import { API_UNAVAILABLE_MESSAGE, MarketplaceError } from "~/services/marketplace/client.server";
import type { Marketplace } from "~/services/marketplace/index.server";
import { redirectWithToast } from "~/services/toast.server";

const NO_PROVIDER = "No provider was named.";

const Approve = z.object({ id: postedRecordId(NO_PROVIDER) });
const Reject = z.object({
  id: postedRecordId(NO_PROVIDER),
  reason: z.string({ required_error: M.reasonRequired }).trim().min(1, M.reasonRequired).max(REVIEW_REASON_MAX, M.reasonTooLong),
});

/** Nothing changed: the dialog stays open with the reason typed, and why (beside the reason, or for the form). */
function failure(context: IntentContext, failed: Omit<ReviewFailure, "intent" | "repopulateFields">, status: number) {
  return formFailure({ reason: context.values.reason ?? "" }, { intent: context.intent as ReviewDialogKind, ...failed }, status);
}

const answers = {
  invalid: (fieldErrors: Record<string, string>, context: IntentContext) =>
    failure(context, { fieldErrors: fieldErrors.reason ? { reason: fieldErrors.reason } : {}, formError: fieldErrors.id }, 400),
  refused: (error: MarketplaceError, context: IntentContext) =>
    failure(
      context,
      {
        fieldErrors: error.fieldErrors.reason ? { reason: error.fieldErrors.reason } : {},
        formError: error.kind === "unavailable" ? `${API_UNAVAILABLE_MESSAGE} Nothing was changed.` : error.message,
      },
      error.kind === "unavailable" ? 503 : error.status >= 400 && error.status < 500 ? error.status : 400,
    ),
};

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
