import { Field } from "~/components/forms";
import { Flex, Heading, Text } from "~/components/ui";
import type { PaymentGatewayDraft, PaymentGatewayPanel, PayoutDraft } from "~/models/settings-tabs";
import { CategoryPicker, SettingForm, tabValues, type TabFailure } from "./setting-form";

const INTENT = "save-prices";
const THRESHOLD_INTENT = "save-release-threshold";

/** The two-person release threshold (issue 34): releases paying a provider this much or more need a second admin. */
function ReleaseThresholdForm({ panel, failure }: { panel: PaymentGatewayPanel["payout"]; failure?: TabFailure<PayoutDraft> }) {
  const { values, errors, failure: mine } = tabValues(panel.draft, THRESHOLD_INTENT, failure);
  return (
    <SettingForm intent={THRESHOLD_INTENT} frame={panel.frame} failure={mine} label="Two-person release">
      <Heading as="h2" size="4">
        Two-person release
      </Heading>
      <Field
        name="threshold"
        label="Releases needing a second admin from (₹)"
        defaultValue={values.threshold}
        error={errors.threshold}
        hint="A release paying the provider this amount or more waits as Requested until a different admin with Payment access approves it. Leave blank: one admin releases any amount."
        inputMode="decimal"
        autoComplete="off"
        placeholder="e.g. 50000.00"
      />
    </SettingForm>
  );
}

/**
 * Payment Gateway (spec 2 §2, "really per-category plan pricing"): "Please select a category",
 * then every Active plan with this category's price for it, in rupees (blank: the plan's own price).
 */
export function PaymentGatewayTab({
  panel,
  failure,
}: {
  panel: PaymentGatewayPanel;
  failure?: TabFailure<PaymentGatewayDraft> | TabFailure<PayoutDraft>;
}) {
  const { values, errors, failure: mine } = tabValues(panel.draft, INTENT, failure as TabFailure<PaymentGatewayDraft> | undefined);
  return (
    <Flex direction="column" gap="4">
      <ReleaseThresholdForm panel={panel.payout} failure={failure as TabFailure<PayoutDraft> | undefined} />
      <CategoryPicker tab="payment-gateway" choice={panel} error={errors.category} />
      {panel.category ? (
        panel.plans.length === 0 ? (
          <Text as="p" color="gray">
            No Active plans: add one under Subscriptions first.
          </Text>
        ) : (
          <SettingForm
            key={`${panel.category.id}-${panel.frame.version}`}
            intent={INTENT}
            frame={panel.frame}
            failure={mine}
            label={`Plan prices for ${panel.category.name}`}
          >
            <Text as="p" size="2" color="gray">
              Prices in rupees for {panel.category.name}, at most 2 decimals. Leave a price blank to charge the plan&apos;s own price.
            </Text>
            <div className="settings-grid">
              {panel.plans.map((plan) => (
                <Field
                  key={plan.planId}
                  name={`price.${plan.planId}`}
                  label={`${plan.planName} (₹)`}
                  defaultValue={values.price[String(plan.planId)] ?? ""}
                  error={errors[`price.${plan.planId}`]}
                  hint={`Plan price ${plan.listPrice}`}
                  inputMode="decimal"
                  autoComplete="off"
                  placeholder="e.g. 1499.00"
                />
              ))}
            </div>
          </SettingForm>
        )
      ) : null}
    </Flex>
  );
}
