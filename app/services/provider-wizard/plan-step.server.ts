import { fieldErrorsOf } from "~contract/form-result";
import { PlanSection, WIZARD_MESSAGES as M } from "~contract/provider-wizard";
import type { PlanDraft, PlanView } from "~/models/provider-wizard-plan-view";
import { MarketplaceError } from "~/services/marketplace/client.server";
import { inrToPaiseNumber } from "~shared/money";
import { refused } from "./step-failure.server";
import type { StepModule } from "./wizard.server";

/**
 * Choose plan Free / Paid (spec 3 §2.1, §5; create mode only): the Active plans as cards with
 * their total payable, the optional profile review add-on; the plan section is saved, then the
 * frame submits the profile (Subscribe).
 */

function draftOf(section: Record<string, unknown> | null): PlanDraft {
  const planId = section?.plan_id;
  return { plan_id: typeof planId === "number" ? String(planId) : "", profileReview: section?.profileReview === true };
}

export const planStep: StepModule<PlanView> = {
  load: async (ctx) => {
    const plans = await ctx.api.listWizardPlans();
    return {
      plans: plans.map((plan) => ({
        plan_id: plan.plan_id,
        plan_name: plan.plan_name,
        chargePaise: inrToPaiseNumber(plan.charge),
        validity: plan.plan_validity,
        serviceFee: plan.service_fee,
        profileBoost: plan.profile_boost,
        maxApproval: plan.max_approval,
      })),
      values: draftOf(ctx.saved.plan),
    };
  },

  save: async (ctx) => {
    const form = await ctx.request.formData();
    const values: PlanDraft = { plan_id: String(form.get("plan_id") ?? ""), profileReview: form.get("profileReview") === "on" };
    const planId = /^\d{1,10}$/.test(values.plan_id) ? Number(values.plan_id) : undefined;
    const parsed = PlanSection.safeParse({ plan_id: planId, profileReview: values.profileReview });
    if (!parsed.success) return refused(values, fieldErrorsOf(parsed.error.issues), 400);
    try {
      await ctx.api.saveWizardSection(ctx.serviceProviderId, { section: "plan", data: parsed.data });
    } catch (error) {
      if (!(error instanceof MarketplaceError)) throw error;
      // registered meanwhile (a second Subscribe): the submit answers it
      if (error.status === 409) return { saved: true, submit: { plan: parsed.data } };
      if (error.kind !== "invalid") return refused(values, {}, error.status || 503, error.message || M.cannotSave);
      const fieldErrors = Object.fromEntries(
        Object.entries(error.fieldErrors).map(([key, message]) => [key.replace(/^data\./, ""), message]),
      );
      return refused(values, fieldErrors, 400, M.validationError);
    }
    // the submit registers this plan as sent, whatever another Subscribe saved meanwhile
    return { saved: true, submit: { plan: parsed.data } };
  },
};
