import { ApproveRequestForm, RejectRequestForm, ReleaseForm } from "~/models/payment-forms";
import { handleForm, intent, reasonDecisionAnswers } from "~/services/form-action.server";
import { listUrlWithoutDialog } from "~/services/form-result.server";
import type { Marketplace } from "~/services/marketplace/index.server";
import { redirectWithToast } from "~/services/toast.server";

export const RELEASED_MESSAGE = "Payment Status Updated Successfully";
export const RELEASE_FAILED_MESSAGE = "Error updating payment status";

const requestAnswers = reasonDecisionAnswers();

/**
 * The payments list's actions, each back to the list (without the dialog) with a toast:
 * - the release dialog's Confirm: released, or (at or above the two-person threshold) requested;
 * - a release request's Approve and Reject (a refusal shows the dialog again, with why).
 */
export function releaseAction(request: Request, api: Marketplace) {
  const backTo = listUrlWithoutDialog(request);
  return handleForm(request, api, {
    release: intent(
      ReleaseForm,
      async ({ id }) => {
        const answer = await api.releasePayment(id);
        const requested = answer.data.release?.state === "Requested";
        return redirectWithToast(request, backTo, { type: "success", message: requested ? answer.message : RELEASED_MESSAGE });
      },
      {
        // every answer is a toast on the list: a Confirm without a payment id…
        invalid: () => redirectWithToast(request, backTo, { type: "error", message: `${RELEASE_FAILED_MESSAGE}: unknown payment` }),
        // …and the API's refusal, in its words
        refused: (error) => {
          return redirectWithToast(request, backTo, {
            type: "error",
            title: RELEASE_FAILED_MESSAGE,
            message: `${RELEASE_FAILED_MESSAGE}: ${error.message}`,
          });
        },
      },
    ),
    "approve-release": intent(
      ApproveRequestForm,
      async ({ id }) => {
        const answer = await api.approveReleaseRequest(id);
        return redirectWithToast(request, backTo, { type: "success", message: answer.message });
      },
      requestAnswers,
    ),
    "reject-release": intent(
      RejectRequestForm,
      async ({ id, reason }) => {
        const answer = await api.rejectReleaseRequest(id, reason);
        return redirectWithToast(request, backTo, { type: "success", message: answer.message });
      },
      requestAnswers,
    ),
  });
}
