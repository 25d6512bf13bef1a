import type { ActionFunctionArgs, LoaderFunctionArgs, LinksFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { SettingsPage } from "~/components/settings/settings-page";
import type { FormFailure } from "~/models/form-result";
import { requireAdmin } from "~/services/auth.server";
import { settingsAction, settingsLoader } from "~/services/settings/page.server";
import settingsStyles from "~/styles/settings.css";

// this page's own styles: only its route links them (issue 31 §3)
export const links: LinksFunction = () => [{ rel: "stylesheet", href: settingsStyles }];

export { RouteErrorBoundary as ErrorBoundary } from "~/components/error-boundary";

export async function loader({ request }: LoaderFunctionArgs) {
  const { api } = await requireAdmin(request, "Settings");
  return settingsLoader(request, api);
}

export async function action({ request }: ActionFunctionArgs) {
  const { api } = await requireAdmin(request, "Settings");
  return settingsAction(request, api);
}

/** After a refused save the dialog keeps what the admin typed: no reload of the page under it. */
export { keepTypedValues as shouldRevalidate } from "~/models/form-result";

export default function SettingsRoute() {
  const loaded = useLoaderData<typeof loader>();
  // each tab's form reads the failure of its own intent
  const failure = useActionData<FormFailure<never>>();
  return <SettingsPage {...loaded} failure={failure} />;
}
