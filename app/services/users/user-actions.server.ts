import { data } from "@remix-run/node";
import { z } from "zod";
import { USER_MESSAGES, type UserDialogKind } from "~contract/users";
import { postedRecordId } from "~/models/form-fields";
import { type UserActionFailure } from "~/models/users";
import { handleForm, intent, type IntentContext } from "~/services/form-action.server";
import { MarketplaceError } from "~/services/marketplace/client.server";
import type { Marketplace } from "~/services/marketplace/index.server";
import { redirectWithToast } from "~/services/toast.server";
import { usersListUrl } from "~/services/users/list-query.server";

const NO_USER = "No user was named.";

/** Nothing changed: the page shows why in place of the confirmation (JS or not), with the API's words. */
function refused(context: IntentContext, message: string, status: number) {
  const kind = context.intent as UserDialogKind;
  const title = kind === "delete" ? USER_MESSAGES.deleteFailed : USER_MESSAGES.updateFailed;
  const username = (context.values.username ?? "").trim();
  return data<UserActionFailure>({ intent: kind, username, notice: { title, message, tone: "error" } }, { status });
}

/** Refusals are a notice in place of the dialog (not field messages): the fields' first reason, or the API's words. */
const answers = {
  invalid: (fieldErrors: Record<string, string>, context: IntentContext) => refused(context, Object.values(fieldErrors)[0] ?? NO_USER, 400),
  refused: (error: MarketplaceError, context: IntentContext) => {
    const status = error.kind === "unavailable" ? 503 : error.status >= 400 && error.status < 500 ? error.status : 400;
    return refused(context, error.message, status);
  },
};

const NamedUser = z.object({
  username: z.preprocess((value) => (typeof value === "string" ? value.trim() : ""), z.string().min(1, NO_USER)),
});
const UserById = z.object({ id: postedRecordId(NO_USER) });

/**
 * The Users screen's confirmations: Block / Activate (PUT /update-user-status) and Delete
 * (DELETE /delete-user). Done: back to the same list, without the dialog, with the spec's toast.
 * Refused (open orders, an unknown user, the API down): the page answers with the reason.
 */
export function userListAction(request: Request, api: Marketplace) {
  const backTo = usersListUrl(new URL(request.url));
  const setStatus = (active: boolean) =>
    intent(
      UserById,
      async ({ id }) => {
        await api.updateUserStatus(id, active);
        return redirectWithToast(request, backTo, { type: "success", message: USER_MESSAGES.updated });
      },
      answers,
    );
  return handleForm(request, api, {
    block: setStatus(false),
    activate: setStatus(true),
    delete: intent(
      NamedUser,
      async ({ username }) => {
        await api.deleteUser(username);
        return redirectWithToast(request, backTo, { type: "success", message: USER_MESSAGES.deleted });
      },
      answers,
    ),
  });
}
