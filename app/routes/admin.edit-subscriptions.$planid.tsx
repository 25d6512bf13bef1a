import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData, useLocation } from "@remix-run/react";
import { ConfirmDialog } from "~/components/confirm-dialog";
import { PlanEditor } from "~/components/subscriptions/plan-editor";
import { PlanHoldersNote } from "~/components/subscriptions/plan-holders-note";
import { PlansUnreadable } from "~/components/subscriptions/plans-unreadable";
import { Heading, Text } from "~/components/ui";
import { requireAdmin } from "~/services/auth.server";
import { idParam } from "~/services/form-result.server";
import { PLANS_PAGE } from "~/models/subscriptions";
import { editPlanAction } from "~/services/subscriptions/plan-actions.server";
import { loadPlanEditor } from "~/services/subscriptions/plan-loaders.server";
import { AllChangesLink } from "~/components/audit-log/all-changes-link";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/error-boundary";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { api } = await requireAdmin(request, "SubscriptionPlan");
  return loadPlanEditor(request, api, idParam(params.planid));
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { api } = await requireAdmin(request, "SubscriptionPlan");
  return editPlanAction(request, api, idParam(params.planid));
}

export { keepTypedValues as shouldRevalidate } from "~/models/form-result";

export default function EditSubscriptionPage() {
  const { plan, defaults, deleting, error } = useLoaderData<typeof loader>();
  const { pathname } = useLocation();
  return (
    <>
      <section className="panel">
        <Text size="2">
          <Link to={PLANS_PAGE}>← Subscriptions</Link>
        </Text>
        <Heading as="h1" size="6" mt="2" mb={plan ? undefined : "4"}>
          Edit Subscription
        </Heading>
        {plan && defaults ? (
          <>
            <Text as="p" size="2" color="gray" mt="1" mb="4">
              {plan.name} · last updated {plan.updatedText} · <AllChangesLink entity="plan" id={plan.id} />
            </Text>
            <PlanHoldersNote heldBy={plan.heldBy} />
            <PlanEditor
              key={plan.updatedAt}
              mode="edit"
              defaults={defaults}
              cancelTo={PLANS_PAGE}
              deleteHref={`${pathname}?dialog=delete`}
            />
          </>
        ) : (
          <PlansUnreadable message={error ?? ""} retryHref={pathname} />
        )}
      </section>
      {plan ? (
        <ConfirmDialog
          open={deleting}
          title="Delete This Plan?"
          cancelTo={pathname}
          intent="delete"
          confirmLabel="Yes, delete it!"
          blockedTitle="This plan cannot be deleted"
          blocked={plan.heldBy > 0 || plan.heldByDeleted > 0 ? <HeldText plan={plan} /> : null}
        >
          <Text as="p" size="2" style={{ margin: 0 }}>
            {plan.name} will be deleted. You won&apos;t be able to revert this!
          </Text>
        </ConfirmDialog>
      ) : null}
    </>
  );
}

/** Why the plan cannot be deleted: who holds it (live providers, or deleted ones whose records name it). */
function HeldText({ plan }: { plan: { name: string; heldBy: number; heldByDeleted: number } }) {
  const n = plan.heldBy > 0 ? plan.heldBy : plan.heldByDeleted;
  const who =
    plan.heldBy > 0
      ? `service provider${n === 1 ? " holds" : "s hold"}`
      : `deleted service provider${n === 1 ? "'s record names" : "s' records name"}`;
  return (
    <Text as="p" size="2" style={{ margin: 0 }}>
      {`${n} ${who} ${plan.name}: it cannot be deleted while they do. Set it Inactive instead.`}
    </Text>
  );
}
