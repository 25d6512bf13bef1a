import { useActionData } from "@remix-run/react";
import { useState } from "react";
import { CheckboxField, ErrorText } from "~/components/forms";
import { Text } from "~/components/ui";
import type { FormFailure } from "~/models/form-result";
import { planTotal, PROFILE_REVIEW_ADD_ON_PAISE } from "~contract/provider-wizard-labels";
import { type WizardFrame } from "~/models/provider-wizard-labels";
import type { PlanDraft, PlanView } from "~/models/provider-wizard-plan-view";
import { formatPaise } from "~shared/money";
import { WizardForm } from "./wizard-form";

/**
 * Choose plan Free / Paid (spec 3 §2.1, §5): the plans as radio cards, each with its total
 * payable (charge × months × 1.18, exact to the paisa), and the profile review add-on. With
 * JavaScript the totals follow the add-on as it is ticked; without, they show what was saved and
 * the add-on's price is stated.
 */
export function PlanStep({ frame, view }: { frame: WizardFrame; view: PlanView }) {
  const failure = useActionData<FormFailure<PlanDraft>>();
  const values = failure?.repopulateFields ?? view.values;
  const [profileReview, setProfileReview] = useState(values.profileReview);
  const planError = failure?.fieldErrors.plan_id ?? null;
  return (
    <WizardForm frame={frame} formError={failure?.formError}>
      <fieldset className="wizard-plans" aria-describedby={planError ? "plan-error" : undefined}>
        <legend>Choose your plan</legend>
        {view.plans.length === 0 ? <Text as="p">No plans are available right now. Please try again later.</Text> : null}
        {view.plans.map((plan) => {
          const total = planTotal(plan.chargePaise, plan.validity, profileReview);
          return (
            <label key={plan.plan_id} className="wizard-plan-card">
              <span className="wizard-plan-choice">
                <input
                  type="radio"
                  name="plan_id"
                  value={plan.plan_id}
                  defaultChecked={values.plan_id === String(plan.plan_id)}
                  aria-labelledby={`plan-${plan.plan_id}-name`}
                  aria-describedby={`plan-${plan.plan_id}-terms`}
                />
                <strong id={`plan-${plan.plan_id}-name`}>{plan.plan_name}</strong>
              </span>
              <dl id={`plan-${plan.plan_id}-terms`}>
                <dt>Charge per month</dt>
                <dd>{formatPaise(plan.chargePaise)}</dd>
                <dt>Validity</dt>
                <dd>
                  {plan.validity} {plan.validity === 1 ? "month" : "months"}
                </dd>
                <dt>Service fee</dt>
                <dd>{plan.serviceFee} %</dd>
                <dt>Profile boost</dt>
                <dd>{plan.profileBoost}</dd>
                <dt>Max approval</dt>
                <dd>
                  {plan.maxApproval} {plan.maxApproval === 1 ? "day" : "days"}
                </dd>
                <dt>Total payable</dt>
                <dd className="wizard-plan-total" aria-live="polite">
                  {formatPaise(total.total)}
                </dd>
                {/* the add-on's total on every card, before paying and without JavaScript too */}
                <dt>With the profile review</dt>
                <dd className="wizard-plan-total-review">{formatPaise(planTotal(plan.chargePaise, plan.validity, true).total)}</dd>
              </dl>
              <Text as="p" size="1" color="gray">
                {formatPaise(plan.chargePaise)} × {plan.validity} + 18 % GST
                {profileReview ? ` + ${formatPaise(PROFILE_REVIEW_ADD_ON_PAISE)} profile review` : ""}
              </Text>
            </label>
          );
        })}
        <ErrorText id="plan-error" error={planError} />
      </fieldset>
      <CheckboxField
        name="profileReview"
        label={`Add a profile review (${formatPaise(PROFILE_REVIEW_ADD_ON_PAISE)}, added to the total payable)`}
        defaultChecked={values.profileReview}
        onChange={(event) => setProfileReview(event.currentTarget.checked)}
        error={failure?.fieldErrors.profileReview}
      />
    </WizardForm>
  );
}
