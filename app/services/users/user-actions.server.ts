import { data } from "@remix-run/node";
import type { AdminUser } from "~contract/admin-users";
import { isRecordId } from "~contract/ids";
import { USER_DIALOGS, USER_MESSAGES, type UserDialogKind } from "~contract/users";
import { type UserActionFailure } from "~/models/users";
import { MarketplaceError, callerOf } from "~/services/marketplace/client.server";
import { deleteUser, updateUserStatus } from "~/services/marketplace/users.server";
import { redirectWithToast } from "~/services/toast.server";
import { usersListUrl } from "~/services/users/list-query.server";

/** Nothing changed: the page shows why in place of the confirmation (JS or not), with the API's words. */
function refused(intent: UserDialogKind, username: string, title: string, message: string, status: number) {
  return data<UserActionFailure>({ intent, username, notice: { title, message, tone: "error" } }, { status });
}

function statusOf(error: MarketplaceError) {
  if (error.kind === "unavailable") return 503;
  return error.status >= 400 && error.status < 500 ? error.status : 400;
}

/**
 * The Users screen's confirmations: Block / Activate (PUT /update-user-status) and Delete
 * (DELETE /delete-user). Done: back to the same list, without the dialog, with the spec's toast.
 * Refused (open orders, an unknown user, the API down): the page answers with the reason.
 */
export async function userListAction(request: Request, admin: AdminUser) {
  const formData = await request.formData();
  const intent = String(formData.get("intent") ?? "");
  if (!(USER_DIALOGS as readonly string[]).includes(intent)) {
    throw new Response(`Unknown intent: ${intent}`, { status: 400, statusText: "Bad Request" });
  }
  const kind = intent as UserDialogKind;
  const username = String(formData.get("username") ?? "").trim();
  const id = String(formData.get("id") ?? "").trim();
  const caller = callerOf(admin, request);
  const backTo = usersListUrl(new URL(request.url));

  if (kind === "delete") {
    if (!username) return refused(kind, username, USER_MESSAGES.deleteFailed, "No user was named.", 400);
    try {
      await deleteUser(caller, username);
    } catch (error) {
      if (!(error instanceof MarketplaceError)) throw error;
      return refused(kind, username, USER_MESSAGES.deleteFailed, error.message, statusOf(error));
    }
    return redirectWithToast(request, backTo, { type: "success", message: USER_MESSAGES.deleted });
  }

  if (!isRecordId(id)) return refused(kind, username, USER_MESSAGES.updateFailed, "No user was named.", 400);
  try {
    await updateUserStatus(caller, Number(id), kind === "activate");
  } catch (error) {
    if (!(error instanceof MarketplaceError)) throw error;
    return refused(kind, username, USER_MESSAGES.updateFailed, error.message, statusOf(error));
  }
  return redirectWithToast(request, backTo, { type: "success", message: USER_MESSAGES.updated });
}
