import { withZod } from "@remix-validated-form/with-zod";
import { WIZARD_MESSAGES as M } from "~contract/provider-wizard";
import { PlanDraftForm, SavePlanForm } from "~/models/provider-wizard-plan-form";
import type { PlanDraft, PlanView } from "~/models/provider-wizard-plan-view";
import { MarketplaceError } from "~/services/marketplace/client.server";
import { inrToPaiseNumber } from "~shared/money";
import { handleForm, intent } from "~/services/form-action.server";
import { refused, refusedDraft } from "./step-failure.server";
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

  save: (ctx) =>
    handleForm(
      ctx.request,
      ctx.api,
      {
        save: intent(
          SavePlanForm,
          async ({ draft, section }) => {
            try {
              await ctx.api.saveWizardSection(ctx.serviceProviderId, { section: "plan", data: section });
            } catch (error) {
              if (!(error instanceof MarketplaceError)) throw error;
              // registered meanwhile (a second Subscribe): the submit answers it
              if (error.status === 409) return ctx.goOn({ submit: { plan: section } });
              if (error.kind !== "invalid") return refused(draft, {}, error.status || 503, error.message || M.cannotSave);
              const fieldErrors = Object.fromEntries(
                Object.entries(error.fieldErrors).map(([key, message]) => [key.replace(/^data\./, ""), message]),
              );
              return refused(draft, fieldErrors, 400, M.validationError);
            }
            // the submit registers this plan as sent, whatever another Subscribe saved meanwhile
            return ctx.goOn({ submit: { plan: section } });
          },
          { invalid: refusedDraft(withZod(PlanDraftForm)) },
        ),
      },
      { defaultIntent: "save" },
    ),
};
