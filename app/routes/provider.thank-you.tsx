import { redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { Heading, Text } from "~/components/ui";
import { PROVIDER_COMPLETE_PROFILE_PATH, PROVIDER_DASHBOARD_PATH } from "~/models/provider-auth-labels";
import { WIZARD_MESSAGES } from "~contract/provider-wizard-labels";
import { requireProvider } from "~/services/provider-auth/auth.server";
import { subscriptionTotal } from "~/services/provider-auth/pages.server";

export const meta: MetaFunction = () => [{ title: "Provider | Thank You" }];

/** After subscribing (the wizard's create mode): what happens next. A provider who has not subscribed goes to their wizard. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { provider, api } = await requireProvider(request);
  if (!provider.registered) throw redirect(PROVIDER_COMPLETE_PROFILE_PATH);
  const total = await subscriptionTotal(provider, api);
  return { plan: provider.plan?.plan_name ?? null, maxApprovalDays: provider.plan?.max_approval ?? null, total };
}

export default function ProviderThankYou() {
  const { plan, maxApprovalDays, total } = useLoaderData<typeof loader>();
  return (
    <section className="panel provider-panel" aria-labelledby="thank-you-title">
      <Heading as="h1" size="6" id="thank-you-title">
        {WIZARD_MESSAGES.registered}
      </Heading>
      <Text as="p" size="3">
        Thank you for registering. The marketplace team will now review your profile
        {maxApprovalDays
          ? ` within ${maxApprovalDays} day${maxApprovalDays === 1 ? "" : "s"}${plan ? ` (your ${plan} plan's review time)` : ""}`
          : ""}
        .
      </Text>
      {plan && total ? (
        <Text as="p" size="3">
          Your plan: <strong>{plan}</strong>. Total payable (with 18 % GST): <strong data-testid="total-payable">{total}</strong>
        </Text>
      ) : null}
      <Text as="p" size="2" color="gray">
        While it is under review your profile is not shown to customers. You can still update your details from the dashboard; we will let
        you know by email once it is approved.
      </Text>
      <Link to={PROVIDER_DASHBOARD_PATH} className="button-link">
        Go to the dashboard
      </Link>
    </section>
  );
}
