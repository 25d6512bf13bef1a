import { z } from "zod";
import { PLAN_FIELD_NAMES, PLAN_MESSAGES, type PlanFields, type PlanRecord } from "~contract/subscriptions";
import { editPlanPath, PLANS_PAGE, type PlanFormFailure } from "~/models/subscriptions";
import { addPlanValidator, editPlanValidator } from "~/models/plan-form";
import { data } from "@remix-run/node";
import { formatDateTime } from "~/utils/dates";
import { planConflictRows } from "./plan-view.server";
import { SOME_ERROR } from "~/services/form-result.server";
import { handleForm, intent } from "~/services/form-action.server";
import { MarketplaceError } from "~/services/marketplace/client.server";
import type { Marketplace } from "~/services/marketplace/index.server";
import { redirectWithToast } from "~/services/toast.server";

/** The fields of `next` that differ from the plan as it is (both in the API's normalised form). */
export function changedPlanFields(current: PlanRecord, next: PlanFields): Partial<PlanFields> {
  const changes: Partial<PlanFields> = {};
  for (const key of PLAN_FIELD_NAMES) {
    if (next[key] !== current[key]) Object.assign(changes, { [key]: next[key] });
  }
  return changes;
}

/** Add Subscription's action: validate, create, back to the cards with the spec's toast. */
export function createPlanAction(request: Request, api: Marketplace) {
  return handleForm(request, api, {
    create: intent(
      addPlanValidator,
      async (fields) => {
        await api.createPlan(fields);
        return redirectWithToast(request, PLANS_PAGE, { type: "success", message: "New Plan Added Successfully" });
      },
      { what: "plan" },
    ),
  });
}

/** Edit Subscription's action: Save Changes (intent save) or the confirmed Delete This Plan (intent delete). */
export function editPlanAction(request: Request, api: Marketplace, planId: number) {
  const here = editPlanPath(planId);
  return handleForm(request, api, {
    /**
     * Compare with the plan as it is now, send only the changed fields with the version the admin
     * loaded, and answer No Change Detected / Updated / the failure. Saved by someone else since the
     * form was loaded: nothing is sent; the typed values stay, theirs are shown beside them, and the
     * form now carries their version, so "Save again" replaces theirs on purpose.
     */
    save: intent(
      editPlanValidator,
      async ({ updated_at, ...fields }, { values }) => {
        const current = await api.getPlan(planId);
        if (current.updated_at !== updated_at) return planConflict(values, fields, current);
        const changes = changedPlanFields(current, fields);
        if (Object.keys(changes).length === 0) {
          return redirectWithToast(request, here, { type: "info", message: PLAN_MESSAGES.noChange });
        }
        try {
          await api.updatePlan(planId, { ...changes, updated_at });
        } catch (error) {
          // saved between our read and our write: theirs, read again (else the form's usual answer)
          const stale = error instanceof MarketplaceError && error.kind === "conflict" && error.conflict;
          const theirs = stale ? await api.getPlan(planId).catch(() => null) : null;
          if (theirs) return planConflict(values, fields, theirs);
          throw error;
        }
        return redirectWithToast(request, here, { type: "success", message: "Plan Details Updated Successfully" });
      },
      { what: "plan" },
    ),
    /** Delete, then the cards; a refusal (providers hold the plan) goes back to the plan with the API's words. */
    delete: intent(z.object({}), async () => {
      try {
        await api.deletePlan(planId);
      } catch (error) {
        // refused (providers hold it) or gone: a toast, not the form's answer (its confirmation has no fields)
        if (!(error instanceof MarketplaceError)) throw error;
        if (error.kind === "not-found") {
          return redirectWithToast(request, PLANS_PAGE, { type: "error", message: "This plan no longer exists." });
        }
        return redirectWithToast(request, here, { type: "error", message: error.message || SOME_ERROR });
      }
      return redirectWithToast(request, PLANS_PAGE, { type: "success", message: "Plan Deleted Successfully" });
    }),
  });
}

/** The stale save's answer: who saved and when, their values beside the typed ones, the version to save against now. */
function planConflict(values: Record<string, string>, yours: PlanFields, theirs: PlanRecord) {
  const who = theirs.updated_by || "Another admin";
  const when = formatDateTime(theirs.updated_at);
  return data<PlanFormFailure>(
    {
      fieldErrors: {},
      repopulateFields: { ...values, updated_at: theirs.updated_at },
      formError: `${who} saved this plan at ${when}, after you opened it. Nothing was saved. Your values are still below: Save again to replace theirs, or reload to see theirs.`,
      conflict: { updatedBy: who, updatedAt: when },
      theirs: planConflictRows(theirs, yours),
    },
    { status: 409 },
  );
}
