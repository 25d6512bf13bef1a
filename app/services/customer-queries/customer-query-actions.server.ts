import { data } from "@remix-run/node";
import type { AdminUser } from "~contract/admin-users";
import { CUSTOMER_QUERY_MESSAGES } from "~contract/customer-queries";
import { type QueryActionFailure } from "~/models/customer-queries";
import { isRecordId } from "~contract/ids";
import { MarketplaceError, callerOf } from "~/services/marketplace/client.server";
import { deleteContactShareAttempt, deleteQueryChat } from "~/services/marketplace/customer-queries.server";
import { redirectWithToast } from "~/services/toast.server";
import { queriesUrlWithout } from "./list-query.server";

export const QUERY_INTENTS = ["delete-message", "delete-attempt"] as const;

/** Nothing changed: the page says so with the spec's alert (Error! / Failed to delete …). */
function refused(message: string, status: number) {
  return data<QueryActionFailure>({ notice: { title: CUSTOMER_QUERY_MESSAGES.errorTitle, message, tone: "error" } }, { status });
}

function statusOf(error: MarketplaceError) {
  if (error.kind === "unavailable") return 503;
  return error.status >= 400 && error.status < 500 ? error.status : 400;
}

/**
 * The Query Details' deletes (after the confirmation): a chat message, or a contact share attempt
 * of the customer or the provider. Done: back to the Query Details with the spec's "Deleted!"
 * alert. Refused: the page shows "Error!" with the spec's failure sentence, nothing changed.
 */
export async function customerQueriesAction(request: Request, admin: AdminUser) {
  const formData = await request.formData();
  const intent = String(formData.get("intent") ?? "");
  if (!(QUERY_INTENTS as readonly string[]).includes(intent)) {
    throw new Response(`Unknown intent: ${intent}`, { status: 400, statusText: "Bad Request" });
  }
  const caller = callerOf(admin, request);
  const back = queriesUrlWithout(new URL(request.url));
  const id = String(formData.get("id") ?? "").trim();
  if (intent === "delete-message") {
    if (!isRecordId(id)) return refused(CUSTOMER_QUERY_MESSAGES.messageDeleteFailed, 400);
    try {
      await deleteQueryChat(caller, Number(id));
    } catch (error) {
      if (!(error instanceof MarketplaceError)) throw error;
      return refused(CUSTOMER_QUERY_MESSAGES.messageDeleteFailed, statusOf(error));
    }
    return redirectWithToast(request, back, {
      type: "success",
      title: CUSTOMER_QUERY_MESSAGES.deletedTitle,
      message: CUSTOMER_QUERY_MESSAGES.messageDeleted,
    });
  }
  const userId = String(formData.get("user_id") ?? "").trim();
  if (!isRecordId(id) || !isRecordId(userId)) return refused(CUSTOMER_QUERY_MESSAGES.attemptDeleteFailed, 400);
  try {
    await deleteContactShareAttempt(caller, Number(id), Number(userId));
  } catch (error) {
    if (!(error instanceof MarketplaceError)) throw error;
    return refused(CUSTOMER_QUERY_MESSAGES.attemptDeleteFailed, statusOf(error));
  }
  return redirectWithToast(request, back, {
    type: "success",
    title: CUSTOMER_QUERY_MESSAGES.deletedTitle,
    message: CUSTOMER_QUERY_MESSAGES.attemptDeleted,
  });
}
