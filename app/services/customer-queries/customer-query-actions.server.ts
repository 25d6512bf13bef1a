import { data } from "@remix-run/node";
import { z } from "zod";
import { CUSTOMER_QUERY_MESSAGES } from "~contract/customer-queries";
import { postedRecordId } from "~/models/form-fields";
import { type QueryActionFailure } from "~/models/customer-queries";
import { handleForm, intent } from "~/services/form-action.server";
import { MarketplaceError } from "~/services/marketplace/client.server";
import type { Marketplace } from "~/services/marketplace/index.server";
import { redirectWithToast } from "~/services/toast.server";
import { queriesUrlWithout } from "./list-query.server";

/** Nothing changed: the page says so with the spec's alert (Error! / Failed to delete …). */
function refused(message: string, status: number) {
  return data<QueryActionFailure>({ notice: { title: CUSTOMER_QUERY_MESSAGES.errorTitle, message, tone: "error" } }, { status });
}

/** Every refusal (fields or the API) is the spec's one failure sentence for that delete. */
const answersWith = (message: string) => ({
  invalid: () => refused(message, 400),
  refused: (error: MarketplaceError) => {
    return refused(message, error.kind === "unavailable" ? 503 : error.status >= 400 && error.status < 500 ? error.status : 400);
  },
});

const ChatMessage = z.object({ id: postedRecordId("No message was named.") });
const ShareAttempt = z.object({ id: postedRecordId("No attempt was named."), user_id: postedRecordId("No user was named.") });

/**
 * The Query Details' deletes (after the confirmation): a chat message, or a contact share attempt
 * of the customer or the provider. Done: back to the Query Details with the spec's "Deleted!"
 * alert. Refused: the page shows "Error!" with the spec's failure sentence, nothing changed.
 */
export function customerQueriesAction(request: Request, api: Marketplace) {
  const back = queriesUrlWithout(new URL(request.url));
  const deleted = (message: string) =>
    redirectWithToast(request, back, { type: "success", title: CUSTOMER_QUERY_MESSAGES.deletedTitle, message });
  return handleForm(request, api, {
    "delete-message": intent(
      ChatMessage,
      async ({ id }) => {
        await api.deleteQueryChat(id);
        return deleted(CUSTOMER_QUERY_MESSAGES.messageDeleted);
      },
      answersWith(CUSTOMER_QUERY_MESSAGES.messageDeleteFailed),
    ),
    "delete-attempt": intent(
      ShareAttempt,
      async ({ id, user_id }) => {
        await api.deleteContactShareAttempt(id, user_id);
        return deleted(CUSTOMER_QUERY_MESSAGES.attemptDeleted);
      },
      answersWith(CUSTOMER_QUERY_MESSAGES.attemptDeleteFailed),
    ),
  });
}
