import type { AdminUser } from "~contract/admin-users";
import { isRecordId } from "~contract/ids";
import { listUrlWithoutDialog } from "~/services/form-result.server";
import { MarketplaceError, callerOf } from "~/services/marketplace/client.server";
import { releasePayment } from "~/services/marketplace/payments.server";
import { redirectWithToast } from "~/services/toast.server";

export const RELEASED_MESSAGE = "Payment Status Updated Successfully";
export const RELEASE_FAILED_MESSAGE = "Error updating payment status";

/** The release dialog's Confirm: release the payment, back to the list (without the dialog) with a toast. */
export async function releaseAction(request: Request, admin: AdminUser) {
  const formData = await request.formData();
  const intent = formData.get("intent");
  if (intent !== "release") {
    throw new Response(`Unknown intent: ${String(intent)}`, { status: 400, statusText: "Bad Request" });
  }
  const backTo = listUrlWithoutDialog(request);
  const id = String(formData.get("id") ?? "");
  if (!isRecordId(id)) {
    return redirectWithToast(request, backTo, { type: "error", message: `${RELEASE_FAILED_MESSAGE}: unknown payment` });
  }
  try {
    await releasePayment(callerOf(admin, request), Number(id));
  } catch (error) {
    if (!(error instanceof MarketplaceError)) throw error;
    return redirectWithToast(request, backTo, {
      type: "error",
      title: RELEASE_FAILED_MESSAGE,
      message: `${RELEASE_FAILED_MESSAGE}: ${error.message}`,
    });
  }
  return redirectWithToast(request, backTo, { type: "success", message: RELEASED_MESSAGE });
}
