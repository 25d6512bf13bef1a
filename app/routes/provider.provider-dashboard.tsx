import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ProviderProfileStatus } from "~/components/provider-auth/provider-profile-status";
import { TwoFactorCard } from "~/components/two-factor/two-factor-card";
import { PROVIDER_RECOVERY_CODES_DOWNLOAD_PATH } from "~/models/two-factor";
import { requireProvider } from "~/services/provider-auth/auth.server";
import { profileStatusView } from "~/services/provider-auth/pages.server";
import { providerTwoFactorAction, providerTwoFactorCard } from "~/services/provider-auth/two-factor.server";

export const meta: MetaFunction = () => [{ title: "Provider | Dashboard" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const { provider, api } = await requireProvider(request);
  const [view, twoFactor] = await Promise.all([profileStatusView(provider, api), providerTwoFactorCard(provider, api)]);
  return { view, twoFactor };
}

/** The two-factor card's forms (set up, confirm, new recovery codes, turn off). */
export async function action({ request }: ActionFunctionArgs) {
  const { provider, api } = await requireProvider(request);
  return providerTwoFactorAction(request, provider, api);
}

export default function ProviderDashboard() {
  const { view, twoFactor } = useLoaderData<typeof loader>();
  return (
    <>
      <ProviderProfileStatus view={view} />
      <TwoFactorCard card={twoFactor} downloadAction={PROVIDER_RECOVERY_CODES_DOWNLOAD_PATH} />
    </>
  );
}
