import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData, useRouteLoaderData } from "@remix-run/react";
import { fromJsonText } from "~/models/json-text";
import { EmailDialog } from "~/components/service-providers/email-dialog";
import type { FormFailure } from "~/models/form-result";
import type { EmailValues } from "~/models/service-providers";
import { sendEmailAction, sendEmailLoader } from "~/services/service-providers/email-action.server";
import { requireAdmin } from "~/services/auth.server";
import type { loader as listLoader } from "./admin.service-provider";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/error-boundary";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request, "ServiceProvider");
  return sendEmailLoader(request);
}

export async function action({ request }: ActionFunctionArgs) {
  const { api } = await requireAdmin(request, "ServiceProvider");
  return sendEmailAction(request, api);
}

/** The Send Email dialog over the list (its parent route): recipients named from the list's rows. */
export default function SendEmailDialog() {
  const { to, listUrl, templates } = useLoaderData<typeof loader>();
  const failure = useActionData<FormFailure<EmailValues>>();
  const list = useRouteLoaderData<typeof listLoader>("routes/admin.service-provider");
  const names = new Map((list ? fromJsonText(list.rows) : []).map((r) => [r.userId, r.username]));
  const recipients = to.map((userId) => ({ userId, username: names.get(userId) ?? `User #${userId}` }));
  return <EmailDialog recipients={recipients} templates={templates} cancelTo={listUrl} failure={failure} />;
}
