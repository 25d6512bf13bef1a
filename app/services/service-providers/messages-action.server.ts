import { data } from "@remix-run/node";
import { z } from "zod";
import { handleForm, intent } from "~/services/form-action.server";
import { MarketplaceError } from "~/services/marketplace/client.server";
import type { Marketplace } from "~/services/marketplace/index.server";
import { messagesListUrl } from "~/services/service-providers/messages-loader.server";
import { redirectWithToast } from "~/services/toast.server";
import { postedRecordId } from "~/models/form-fields";
import { type MessagesActionFailure } from "~/models/outbox";
import { OUTBOX_CHANNELS, OUTBOX_MESSAGES } from "~contract/outbox-labels";
import { isOneOf } from "~shared/one-of";

/** Nothing changed: the page says why, in the API's words. */
function refused(message: string, status: number) {
  return data<MessagesActionFailure>({ notice: { title: OUTBOX_MESSAGES.retryFailed, message } }, { status });
}

/** Refusals are a notice on the page (not field messages): the first reason the fields gave, or the API's words. */
const answers = {
  invalid: (fieldErrors: Record<string, string>) => refused(Object.values(fieldErrors)[0] ?? OUTBOX_MESSAGES.noneNamed, 400),
  refused: (error: MarketplaceError) => {
    return refused(error.message, error.kind === "unavailable" ? 503 : error.status >= 400 && error.status < 500 ? error.status : 400);
  },
};

const RetryOne = z.object({ id: postedRecordId(OUTBOX_MESSAGES.noneNamed) });
/** The channel the list is filtered by, if any (anything else: every channel). */
const RetryFailed = z.object({
  channel: z.preprocess((value) => (isOneOf(OUTBOX_CHANNELS, value) ? value : undefined), z.enum(OUTBOX_CHANNELS).optional()),
});

/**
 * Sent Messages' buttons: Retry (one failed row, ?id) and Retry All Failed (confirmed; of the
 * channel the list is filtered by, if any). Done: back to the list with "n messages queued again".
 */
export function messagesAction(request: Request, api: Marketplace) {
  const listUrl = messagesListUrl(new URL(request.url));
  const requeuedToast = (requeued: number) =>
    redirectWithToast(request, listUrl, { type: requeued > 0 ? "success" : "info", message: OUTBOX_MESSAGES.requeued(requeued) });
  return handleForm(request, api, {
    retry: intent(RetryOne, async ({ id }) => requeuedToast(await api.retryOutbox([id])), answers),
    "retry-failed": intent(RetryFailed, async ({ channel }) => requeuedToast(await api.retryFailedOutbox(channel)), answers),
  });
}
