import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ProviderProfileStatus } from "~/components/provider-auth/provider-profile-status";
import { requireProvider } from "~/services/provider-auth/auth.server";
import { profileStatusView } from "~/services/provider-auth/pages.server";

export const meta: MetaFunction = () => [{ title: "Provider | Dashboard" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const { provider, api } = await requireProvider(request);
  return { view: await profileStatusView(provider, api) };
}

export default function ProviderDashboard() {
  const { view } = useLoaderData<typeof loader>();
  return <ProviderProfileStatus view={view} />;
}
