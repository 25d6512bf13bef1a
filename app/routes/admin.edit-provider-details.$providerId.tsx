import { idParam } from "~/services/form-result.server";
import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { MessagePanel } from "~/components/message-panel";
import { Button, Text } from "~/components/ui";
import { requireAdmin } from "~/services/auth.server";
import { throwLoaderError } from "~/services/errors.server";
import { getProviderDetail } from "~/services/marketplace/service-providers.server";
import { callerOf } from "~/services/marketplace/client.server";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/error-boundary";

export const meta: MetaFunction = () => [{ title: "Admin | Edit Form" }];

/** The spec's edit wizard (spec 3 §2.1) comes with the onboarding wizard; until then this says so. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const admin = await requireAdmin(request, "ServiceProvider");
  const providerId = idParam(params.providerId);
  const provider = await getProviderDetail(providerId, callerOf(admin, request)).catch(throwLoaderError);
  return data({
    id: provider.serviceProvider_id,
    username: provider.userId.username,
    name: `${provider.userId.firstName} ${provider.userId.lastName}`.trim(),
  });
}

export default function EditProviderPage() {
  const provider = useLoaderData<typeof loader>();
  return (
    <MessagePanel
      id="edit-provider-title"
      title="Edit Form"
      action={
        <Button asChild variant="soft">
          <Link to={`/admin/provider-details/${provider.id}`}>← Back to provider details</Link>
        </Button>
      }
    >
      <Text size="4" weight="medium">
        {provider.name} <Text color="gray">({provider.username})</Text>
      </Text>
      <Text as="p" color="gray" style={{ margin: 0 }}>
        Profile editing comes with the onboarding wizard. Until then, the provider's details, documents and booster
        points are on the details page.
      </Text>
    </MessagePanel>
  );
}
