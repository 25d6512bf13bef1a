import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData, type ShouldRevalidateFunction } from "@remix-run/react";
import { SettingsPage } from "~/components/settings/settings-page";
import type { FormFailure } from "~/models/form-result";
import { requireAdmin } from "~/services/auth.server";
import { settingsAction, settingsLoader } from "~/services/settings/page.server";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/error-boundary";

export async function loader({ request }: LoaderFunctionArgs) {
  const admin = await requireAdmin(request, "Settings");
  return settingsLoader(request, admin);
}

export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdmin(request, "Settings");
  return settingsAction(request, admin);
}

/** After a refused save the dialog keeps what the admin typed: no reload of the page under it. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ actionResult, defaultShouldRevalidate }) => {
  if (actionResult && typeof actionResult === "object" && "repopulateFields" in actionResult) return false;
  return defaultShouldRevalidate;
};

export default function SettingsRoute() {
  const loaded = useLoaderData<typeof loader>();
  // each tab's form reads the failure of its own intent
  const failure = useActionData<FormFailure<never>>();
  return <SettingsPage {...loaded} failure={failure} />;
}
