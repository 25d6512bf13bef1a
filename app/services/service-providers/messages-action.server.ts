import { data } from "@remix-run/node";
import { MarketplaceError, callerOf } from "~/services/marketplace/client.server";
import { retryFailedOutbox, retryOutbox } from "~/services/marketplace/outbox.server";
import { messagesListUrl } from "~/services/service-providers/messages-loader.server";
import { redirectWithToast } from "~/services/toast.server";
import { type AdminUser } from "~contract/admin-users";
import { isRecordId } from "~contract/ids";
import { type MessagesActionFailure } from "~/models/outbox";
import { OUTBOX_CHANNELS, OUTBOX_MESSAGES } from "~contract/outbox-labels";
import { isOneOf } from "~shared/one-of";

export const MESSAGES_INTENTS = ["retry", "retry-failed"] as const;

/** Nothing changed: the page says why, in the API's words. */
function refused(message: string, status: number) {
  return data<MessagesActionFailure>({ notice: { title: OUTBOX_MESSAGES.retryFailed, message } }, { status });
}

/**
 * Sent Messages' buttons: Retry (one failed row, ?id) and Retry All Failed (confirmed; of the
 * channel the list is filtered by, if any). Done: back to the list with "n messages queued again".
 */
export async function messagesAction(request: Request, admin: AdminUser) {
  const formData = await request.formData();
  const intent = String(formData.get("intent") ?? "");
  if (!(MESSAGES_INTENTS as readonly string[]).includes(intent)) {
    throw new Response(`Unknown intent: ${intent}`, { status: 400, statusText: "Bad Request" });
  }
  const caller = callerOf(admin, request);
  const listUrl = messagesListUrl(new URL(request.url));
  try {
    let requeued: number;
    if (intent === "retry") {
      const id = String(formData.get("id") ?? "").trim();
      if (!isRecordId(id)) return refused(OUTBOX_MESSAGES.noneNamed, 400);
      requeued = await retryOutbox(caller, [Number(id)]);
    } else {
      const raw = String(formData.get("channel") ?? "");
      const channel = isOneOf(OUTBOX_CHANNELS, raw) ? raw : undefined;
      requeued = await retryFailedOutbox(caller, channel);
    }
    return redirectWithToast(request, listUrl, { type: requeued > 0 ? "success" : "info", message: OUTBOX_MESSAGES.requeued(requeued) });
  } catch (error) {
    if (!(error instanceof MarketplaceError)) throw error;
    return refused(error.message, error.kind === "unavailable" ? 503 : error.status >= 400 && error.status < 500 ? error.status : 400);
  }
}
