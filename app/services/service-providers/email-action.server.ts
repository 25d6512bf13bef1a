import { data } from "@remix-run/node";
import type { AdminUser } from "~/models/admin-users";
import { SendEmailBody, WHATSAPP_TEMPLATES } from "~/models/service-providers";
import { API_UNAVAILABLE_MESSAGE, MarketplaceError } from "~/services/marketplace/client.server";
import { sendEmail } from "~/services/marketplace/email.server";
import { sanitizeRichText } from "~/services/sanitize.server";
import { redirectWithToast } from "~/services/toast.server";
import type { EmailFailure } from "~/components/service-providers/email-dialog";
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
  const values = {
    subject: String(formData.get("subject") ?? ""),
    body: String(formData.get("body") ?? ""),
    whatsappTemplate: String(formData.get("whatsappTemplate") ?? ""),
  };
  const to = readRecipients(formData);
  const parsed = SendEmailBody.safeParse({ ...values, to });
  if (!parsed.success) {
    const fieldErrors: Record<string, string> = {};
    for (const issue of parsed.error.issues) {
      const key = String(issue.path[0] ?? "form");
      fieldErrors[key] ??= key === "to" ? NO_RECIPIENTS : issue.message;
    }
    const other = Object.keys(fieldErrors).find((k) => !["subject", "body", "to"].includes(k));
    return data<EmailFailure>({ fieldErrors, formError: other ? fieldErrors[other] : undefined, values }, { status: 400 });
  }
  try {
    await sendEmail({ ...parsed.data, body: sanitizeRichText(parsed.data.body) }, { adminUserId: admin.adminUserId });
  } catch (error) {
    if (!(error instanceof MarketplaceError)) throw error;
    const fieldErrors = error.fieldErrors;
    const formError =
      error.kind === "unavailable"
        ? `${API_UNAVAILABLE_MESSAGE} The email was not sent.`
        : Object.keys(fieldErrors).length
          ? Object.values(fieldErrors).join(" ")
          : error.message || "The email was not sent.";
    return data<EmailFailure>({ fieldErrors: {}, formError, values }, { status: error.kind === "unavailable" ? 503 : 400 });
  }
  return redirectWithToast(request, listUrlOf(url), { type: "success", message: "Email/WhatsApp sent!" });
}
