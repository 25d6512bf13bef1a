import type { AdminUser } from "~contract/admin-users";
import { fieldErrorsOf } from "~contract/form-result";
import { SendEmailBody } from "~contract/service-providers";
import { WHATSAPP_TEMPLATES, type EmailValues } from "~/models/service-providers";
import { formFailure } from "~/services/form-result.server";
import { API_UNAVAILABLE_MESSAGE, MarketplaceError, callerOf } from "~/services/marketplace/client.server";
import { sendEmail } from "~/services/marketplace/email.server";
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

/** Rules of spec 1 §5 (SendEmailBody), then POST send-email; any failure stays in the dialog with the values. */
export async function sendEmailAction(request: Request, admin: AdminUser) {
  const url = new URL(request.url);
  const formData = await request.formData();
  const values: EmailValues = {
    subject: String(formData.get("subject") ?? ""),
    body: String(formData.get("body") ?? ""),
    whatsappTemplate: String(formData.get("whatsappTemplate") ?? ""),
  };
  const to = readRecipients(formData);
  const parsed = SendEmailBody.safeParse({ ...values, to });
  if (!parsed.success) {
    const fieldErrors = fieldErrorsOf(parsed.error.issues);
    if (fieldErrors.to) fieldErrors.to = NO_RECIPIENTS;
    const other = Object.keys(fieldErrors).find((k) => !["subject", "body", "to"].includes(k));
    return formFailure(values, { fieldErrors, formError: other ? fieldErrors[other] : undefined }, 400);
  }
  try {
    await sendEmail(callerOf(admin, request), { ...parsed.data, body: sanitizeRichText(parsed.data.body) });
  } catch (error) {
    if (!(error instanceof MarketplaceError)) throw error;
    const fieldErrors = error.fieldErrors;
    const formError =
      error.kind === "unavailable"
        ? `${API_UNAVAILABLE_MESSAGE} The email was not sent.`
        : Object.keys(fieldErrors).length
          ? Object.values(fieldErrors).join(" ")
          : error.message || "The email was not sent.";
    return formFailure(values, { formError }, error.kind === "unavailable" ? 503 : 400);
  }
  return redirectWithToast(request, listUrlOf(url), { type: "success", message: "Email/WhatsApp sent!" });
}
