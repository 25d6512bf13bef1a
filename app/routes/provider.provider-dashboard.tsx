import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ProviderProfileStatus } from "~/components/provider-auth/provider-profile-status";
import { providerCallerOf, requireProvider } from "~/services/provider-auth/auth.server";
import { profileStatusView } from "~/services/provider-auth/pages.server";

export const meta: MetaFunction = () => [{ title: "Provider | Dashboard" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const { provider } = await requireProvider(request);
  return { view: await profileStatusView(provider, providerCallerOf(provider, request)) };
}

export default function ProviderDashboard() {
  const { view } = useLoaderData<typeof loader>();
  return <ProviderProfileStatus view={view} />;
}
