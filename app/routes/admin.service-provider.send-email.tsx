import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData, useRouteLoaderData } from "@remix-run/react";
import { EmailDialog, type EmailFailure } from "~/components/providers/email-dialog";
import { listUrlOf, readRecipients } from "~/components/providers/list-query.server";
import { SendEmailBody } from "~/models/service-provider";
import { requireAdmin } from "~/services/auth.server";
import { sendEmail } from "~/services/marketplace/email.server";
import { API_UNAVAILABLE_MESSAGE, MarketplaceError } from "~/services/marketplace/client.server";
import { redirectWithToast } from "~/services/toast.server";
import type { loader as listLoader } from "./admin.service-provider";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/error-boundary";

export const NO_RECIPIENTS = "Select at least one provider";

/** The selection (?to=user ids) comes from the list's bulk-email form; none → back with a message. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request, "ServiceProvider");
  const url = new URL(request.url);
  const to = readRecipients(url.searchParams);
  if (to.length === 0) {
    throw await redirectWithToast(request, listUrlOf(url), { type: "error", message: NO_RECIPIENTS });
  }
  return { to, listUrl: listUrlOf(url) };
}

export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdmin(request, "ServiceProvider");
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
    const formError = Object.keys(fieldErrors).some((k) => !["subject", "body", "to"].includes(k)) ? Object.values(fieldErrors)[0] : undefined;
    return data<EmailFailure>({ fieldErrors, formError, values }, { status: 400 });
  }
  try {
    await sendEmail(parsed.data, { adminUserId: admin.adminUserId });
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

export default function SendEmailDialog() {
  const { to, listUrl } = useLoaderData<typeof loader>();
  const failure = useActionData<typeof action>();
  const list = useRouteLoaderData<typeof listLoader>("routes/admin.service-provider");
  const names = new Map((list?.rows ?? []).map((r) => [r.userId, r.username]));
  const recipients = to.map((userId) => ({ userId, username: names.get(userId) ?? `User #${userId}` }));
  return <EmailDialog recipients={recipients} cancelTo={listUrl} failure={failure as EmailFailure | undefined} />;
}
