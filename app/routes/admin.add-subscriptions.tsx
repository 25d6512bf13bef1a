import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { PlanEditor } from "~/components/subscriptions/plan-editor";
import { Heading, Text } from "~/components/ui";
import { EMPTY_PLAN_FORM, PLANS_PAGE } from "~/models/subscriptions";
import { requireAdmin } from "~/services/auth.server";
import { createPlanAction } from "~/services/subscriptions/plan-actions.server";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/error-boundary";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request, "SubscriptionPlan");
  return null;
}

export async function action({ request }: ActionFunctionArgs) {
  const { api } = await requireAdmin(request, "SubscriptionPlan");
  return createPlanAction(request, api);
}

export default function AddSubscriptionPage() {
  return (
    <section className="panel">
      <Text size="2">
        <Link to={PLANS_PAGE}>← Subscriptions</Link>
      </Text>
      <Heading as="h1" size="6" mt="2" mb="4">
        Add Subscription
      </Heading>
      <PlanEditor mode="add" defaults={EMPTY_PLAN_FORM} cancelTo={PLANS_PAGE} />
    </section>
  );
}
