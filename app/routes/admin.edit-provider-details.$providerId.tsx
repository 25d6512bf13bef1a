import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction, type LinksFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { stepLabel, WizardScreen } from "~/components/provider-wizard/wizard-page";
import { requireAdmin } from "~/services/auth.server";
import { loaderResponseOf } from "~/services/errors.server";
import { idParam } from "~/services/form-result.server";
import { STEP_MODULES } from "~/services/provider-wizard/steps.server";
import { loadWizard, wizardAction, type WizardRoute } from "~/services/provider-wizard/wizard.server";
import providerWizardStyles from "~/styles/provider-wizard.css";

// this page's own styles: only its route links them (issue 31 §3)
export const links: LinksFunction = () => [{ rel: "stylesheet", href: providerWizardStyles }];

export { RouteErrorBoundary as ErrorBoundary } from "~/components/error-boundary";

export const meta: MetaFunction<typeof loader> = ({ data: loaded }) => [
  { title: loaded ? `Admin | Edit Form | ${stepLabel(loaded.frame.step)}` : "Admin | Edit Form" },
];

/** The admin's Edit Form (spec 3 §2.1): the provider wizard in edit mode; finishing returns to the providers list. */
async function wizardRoute(request: Request, { admin, api }: Awaited<ReturnType<typeof requireAdmin>>, providerIdText: string | undefined) {
  const serviceProviderId = idParam(providerIdText);
  const provider = await api.raw.getProviderDetail(serviceProviderId).catch((error: unknown) => {
    // the provider gone or the API down: the error page (the action's too)
    throw loaderResponseOf(error);
  });
  const name = `${provider.userId.firstName} ${provider.userId.lastName}`.trim();
  return {
    request,
    api,
    serviceProviderId,
    actor: { kind: "admin", admin },
    basePath: `/admin/edit-provider-details/${serviceProviderId}`,
    providerName: name ? `${name} (${provider.userId.username})` : provider.userId.username,
    exit: { to: `/admin/provider-details/${serviceProviderId}`, label: "Back to provider details" },
    finishTo: () => "/admin/service-provider",
  } satisfies WizardRoute;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const signedIn = await requireAdmin(request, "ServiceProvider");
  return data(await loadWizard(await wizardRoute(request, signedIn, params.providerId), STEP_MODULES));
}

export async function action({ request, params }: ActionFunctionArgs) {
  const signedIn = await requireAdmin(request, "ServiceProvider");
  return wizardAction(await wizardRoute(request, signedIn, params.providerId), STEP_MODULES);
}

export default function EditProviderPage() {
  const { frame, view } = useLoaderData<typeof loader>();
  return <WizardScreen frame={frame} view={view} answer={useActionData<unknown>()} />;
}
