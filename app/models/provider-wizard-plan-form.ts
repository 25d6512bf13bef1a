import { z } from "zod";
import { PlanSection } from "~contract/provider-wizard";
import { checkSection, postedText } from "./provider-wizard-form-fields";
import type { PlanDraft } from "./provider-wizard-plan-view";

/** Choose plan Free / Paid: the plan ticked and the profile review add-on, as typed. */
export const PlanDraftForm = z.object({
  plan_id: postedText(),
  profileReview: postedText().transform((value) => value === "on"),
}) satisfies z.ZodType<PlanDraft, z.ZodTypeDef, unknown>;

/** Subscribe: the plan section by the contract's rules ("Please Select Your Plan" when none is ticked). */
export const SavePlanForm = PlanDraftForm.transform((draft, ctx) => {
  const planId = /^\d{1,10}$/.test(draft.plan_id) ? Number(draft.plan_id) : undefined;
  const section = checkSection(PlanSection, { plan_id: planId, profileReview: draft.profileReview }, ctx, (errors) => errors);
  return { draft, section };
});
