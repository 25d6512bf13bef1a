import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { ProviderDetailsPage } from "~/components/service-providers/provider-details-page";
import { hasAccess } from "~contract/access";
import { requireAdmin } from "~/services/auth.server";
import { idParam } from "~/services/form-result.server";
import { providerDetailsAction } from "~/services/service-providers/details-actions.server";
import { providerDetailsLoader } from "~/services/service-providers/details-loader.server";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/error-boundary";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `Admin | ${data.provider.username}` : "Admin | Service provider" },
];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { admin, api } = await requireAdmin(request, "ServiceProvider");
  // the "Payouts" section only for an admin with Payment access
  return providerDetailsLoader(request, api, idParam(params.providerId), hasAccess(admin.adminAccessRoleSettings, "Payment"));
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { api } = await requireAdmin(request, "ServiceProvider");
  return providerDetailsAction(request, api, idParam(params.providerId));
}

export default ProviderDetailsPage;
