import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { AddPlanButton, PlanCards } from "~/components/subscriptions/plan-cards";
import { PlansUnreadable } from "~/components/subscriptions/plans-unreadable";
import { ListExportLinks } from "~/components/export-link";
import { SortLinks } from "~/components/sort-links";
import type { PlanSortField } from "~contract/plan-sort";
import { Flex, Heading } from "~/components/ui";
import { requireAdmin } from "~/services/auth.server";
import { loadPlanCards } from "~/services/subscriptions/plan-loaders.server";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/error-boundary";

/** The cards' sorts, under the plan form's words. */
const PLAN_SORTS: { field: PlanSortField; label: string }[] = [
  { field: "plan_name", label: "Plan Name" },
  { field: "charge", label: "Plan Amount" },
  { field: "plan_validity", label: "Plan Duration" },
  { field: "status", label: "Status" },
];

export async function loader({ request }: LoaderFunctionArgs) {
  const { api } = await requireAdmin(request, "SubscriptionPlan");
  return loadPlanCards(request, api);
}

export default function SubscriptionsPage() {
  const { plans, sort, sortError, error } = useLoaderData<typeof loader>();
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
      <SortLinks fields={PLAN_SORTS} sort={sort} label="Sort plans" />
      {sortError ? (
        <div role="alert" className="form-error" style={{ marginBottom: "var(--space-3)" }}>
          {sortError}
        </div>
      ) : null}
      {error ? <PlansUnreadable message={error} retryHref="/admin/subscriptions" /> : <PlanCards plans={plans} />}
    </>
  );
}
