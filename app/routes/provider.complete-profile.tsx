import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction, type LinksFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { stepLabel, WizardScreen } from "~/components/provider-wizard/wizard-page";
import { PROVIDER_COMPLETE_PROFILE_PATH, PROVIDER_DASHBOARD_PATH } from "~/models/provider-auth-labels";
import { requireProvider } from "~/services/provider-auth/auth.server";
import { providerNameOf } from "~/services/provider-auth/pages.server";
import { forgetProviderSessionReads } from "~/services/provider-auth/session.server";
import { STEP_MODULES } from "~/services/provider-wizard/steps.server";
import { loadWizard, wizardAction, type WizardRoute } from "~/services/provider-wizard/wizard.server";
import providerWizardStyles from "~/styles/provider-wizard.css";

// this page's own styles: only its route links them (issue 31 §3)
export const links: LinksFunction = () => [{ rel: "stylesheet", href: providerWizardStyles }];

export const meta: MetaFunction<typeof loader> = ({ data: loaded }) => [
  { title: loaded ? `Provider | Complete Your Profile | ${stepLabel(loaded.frame.step)}` : "Provider | Complete Your Profile" },
];

/**
 * The provider's wizard, "Complete Your Profile" (spec 3 §2.1, §4): their own profile only (the id
 * is the session's, never the URL's); create mode until they subscribe, then edit. Subscribing
 * leads to /provider/thank-you, updating to the dashboard.
 */
function wizardRoute(
  request: Request,
  { provider, api }: Awaited<ReturnType<typeof requireProvider>>,
  clientAddress?: string,
): WizardRoute {
  return {
    clientAddress,
    request,
    api,
    serviceProviderId: provider.serviceProvider_id,
    actor: { kind: "provider", serviceProviderId: provider.serviceProvider_id },
    basePath: PROVIDER_COMPLETE_PROFILE_PATH,
    providerName: `${providerNameOf(provider)} (${provider.username})`,
    exit: { to: PROVIDER_DASHBOARD_PATH, label: "Back to dashboard" },
    finishTo: (mode) => (mode === "create" ? "/provider/thank-you" : PROVIDER_DASHBOARD_PATH),
  };
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const signedIn = await requireProvider(request);
  return data(await loadWizard(wizardRoute(request, signedIn, context.clientAddress), STEP_MODULES));
}

export async function action({ request, context }: ActionFunctionArgs) {
  const signedIn = await requireProvider(request);
  const answer = await wizardAction(wizardRoute(request, signedIn, context.clientAddress), STEP_MODULES);
  // subscribing changes the account (plan, Hold, registered): the pages after it read it afresh
  forgetProviderSessionReads();
  return answer;
}

export default function CompleteProfilePage() {
  const { frame, view } = useLoaderData<typeof loader>();
  return <WizardScreen frame={frame} view={view} answer={useActionData<unknown>()} />;
}
