import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { AddPlanButton, PlanCards } from "~/components/subscriptions/plan-cards";
import { PlansUnreadable } from "~/components/subscriptions/plans-unreadable";
import { ListExportLinks } from "~/components/export-link";
import { Flex, Heading } from "~/components/ui";
import { requireAdmin } from "~/services/auth.server";
import { loadPlanCards } from "~/services/subscriptions/plan-loaders.server";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/error-boundary";

export async function loader({ request }: LoaderFunctionArgs) {
  const { api } = await requireAdmin(request, "SubscriptionPlan");
  return loadPlanCards(api);
}

export default function SubscriptionsPage() {
  const { plans, error } = useLoaderData<typeof loader>();
  return (
    <>
      <div className="page-header">
        <Heading as="h1" size="6">
          Subscriptions
        </Heading>
        <Flex gap="2" wrap="wrap">
          <ListExportLinks path="/admin/subscriptions/export" />
          <AddPlanButton />
        </Flex>
      </div>
      {error ? <PlansUnreadable message={error} retryHref="/admin/subscriptions" /> : <PlanCards plans={plans} />}
    </>
  );
}
