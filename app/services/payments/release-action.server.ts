import { ReleaseForm } from "~/models/payment-forms";
import { handleForm, intent } from "~/services/form-action.server";
import { listUrlWithoutDialog } from "~/services/form-result.server";
import type { Marketplace } from "~/services/marketplace/index.server";
import { redirectWithToast } from "~/services/toast.server";

export const RELEASED_MESSAGE = "Payment Status Updated Successfully";
export const RELEASE_FAILED_MESSAGE = "Error updating payment status";

/** The release dialog's Confirm: release the payment, back to the list (without the dialog) with a toast. */
export function releaseAction(request: Request, api: Marketplace) {
  const backTo = listUrlWithoutDialog(request);
  return handleForm(request, api, {
    release: intent(
      ReleaseForm,
      async ({ id }) => {
        await api.releasePayment(id);
        return redirectWithToast(request, backTo, { type: "success", message: RELEASED_MESSAGE });
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
  });
}
