import { SendEmailForm, WHATSAPP_TEMPLATES, type EmailValues } from "~/models/service-providers";
import { handleForm, intent, type IntentContext } from "~/services/form-action.server";
import { formFailure } from "~/services/form-result.server";
import { API_UNAVAILABLE_MESSAGE, MarketplaceError } from "~/services/marketplace/client.server";
import type { Marketplace } from "~/services/marketplace/index.server";
import { sanitizeRichText } from "~shared/sanitize";
import { redirectWithToast } from "~/services/toast.server";
import { listUrlOf, readRecipients } from "~/services/service-providers/list-query.server";

export const NO_RECIPIENTS = "Select at least one provider";

/** The selection (?to=user ids) comes from the list's bulk-email form; none → back with a message. */
export async function sendEmailLoader(request: Request) {
  const url = new URL(request.url);
  const to = readRecipients(url.searchParams);
  if (to.length === 0) {
    throw await redirectWithToast(request, listUrlOf(url), { type: "error", message: NO_RECIPIENTS });
  }
  return { to, listUrl: listUrlOf(url), templates: WHATSAPP_TEMPLATES };
}

/** Rules of spec 1 §5 beside the fields (the recipients' in the page's words; any other in the form). */
function invalidEmail(fieldErrors: Record<string, string>, { values }: IntentContext) {
  const errors = { ...fieldErrors };
  if (errors.to) errors.to = NO_RECIPIENTS;
  const other = Object.keys(errors).find((k) => !["subject", "body", "to"].includes(k));
  return formFailure(emailValues(values), { fieldErrors: errors, formError: other ? errors[other] : undefined }, 400);
}

/** The API refusing the send: why, in the form, with what was typed. */
function refusedEmail(error: unknown, { values }: IntentContext) {
  if (!(error instanceof MarketplaceError)) throw error;
  const fieldErrors = error.fieldErrors;
  const formError =
    error.kind === "unavailable"
      ? `${API_UNAVAILABLE_MESSAGE} The email was not sent.`
      : Object.keys(fieldErrors).length
        ? Object.values(fieldErrors).join(" ")
        : error.message || "The email was not sent.";
  return formFailure(emailValues(values), { formError }, error.kind === "unavailable" ? 503 : 400);
}

const emailValues = (values: Record<string, string>): EmailValues => ({
  subject: values.subject ?? "",
  body: values.body ?? "",
  whatsappTemplate: values.whatsappTemplate ?? "",
});

/** Rules of spec 1 §5 (SendEmailBody), then POST send-email; any failure stays in the dialog with the values. */
export function sendEmailAction(request: Request, api: Marketplace) {
  const url = new URL(request.url);
  return handleForm(request, api, {
    "send-email": intent(
      SendEmailForm,
      async (email) => {
        await api.sendEmail({ ...email, body: sanitizeRichText(email.body) });
        return redirectWithToast(request, listUrlOf(url), { type: "success", message: "Email/WhatsApp sent!" });
      },
      { invalid: invalidEmail, refused: refusedEmail },
    ),
  });
}
