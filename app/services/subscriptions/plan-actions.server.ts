import type { AdminUser } from "~contract/admin-users";
import { fieldErrorsOf } from "~contract/form-result";
import { PLAN_FIELD_NAMES, PLAN_MESSAGES, PlanFields, type PlanRecord } from "~contract/subscriptions";
import { EditPlanForm, editPlanPath, PLANS_PAGE, type PlanFormFailure } from "~/models/subscriptions";
import { data } from "@remix-run/node";
import { formatDateTime } from "~/utils/dates";
import { planConflictRows } from "./plan-view.server";
import { apiFailure, formFailure, SOME_ERROR, submittedValues } from "~/services/form-result.server";
import { callerOf, MarketplaceError } from "~/services/marketplace/client.server";
import { createPlan, deletePlan, getPlan, updatePlan } from "~/services/marketplace/subscriptions.server";
import { redirectWithToast } from "~/services/toast.server";

const unknownIntent = (intent: unknown) => new Response(`Unknown intent: ${String(intent)}`, { status: 400, statusText: "Bad Request" });

/** The fields of `next` that differ from the plan as it is (both in the API's normalised form). */
export function changedPlanFields(current: PlanRecord, next: PlanFields): Partial<PlanFields> {
  const changes: Partial<PlanFields> = {};
  for (const key of PLAN_FIELD_NAMES) {
    if (next[key] !== current[key]) Object.assign(changes, { [key]: next[key] });
  }
  return changes;
}

/** Add Subscription's action: validate, create, back to the cards with the spec's toast. */
export async function createPlanAction(request: Request, admin: AdminUser) {
  const formData = await request.formData();
  const intent = formData.get("intent");
  if (intent !== "create") throw unknownIntent(intent);
  const values = submittedValues(formData);
  const parsed = PlanFields.safeParse(values);
  if (!parsed.success) return formFailure(values, { fieldErrors: fieldErrorsOf(parsed.error.issues) }, 422);
  try {
    await createPlan(callerOf(admin, request, formData), parsed.data);
  } catch (error) {
    return apiFailure(error, values, "plan");
  }
  return redirectWithToast(request, PLANS_PAGE, { type: "success", message: "New Plan Added Successfully" });
}

/** Edit Subscription's action: Save Changes (intent save) or the confirmed Delete This Plan (intent delete). */
export async function editPlanAction(request: Request, admin: AdminUser, planId: number) {
  const formData = await request.formData();
  const intent = formData.get("intent");
  switch (intent) {
    case "save":
      return savePlan(request, admin, planId, formData);
    case "delete":
      return deletePlanIntent(request, admin, planId);
    default:
      throw unknownIntent(intent);
  }
}

/**
 * Compare with the plan as it is now, send only the changed fields with the version the admin
 * loaded, and answer No Change Detected / Updated / the failure. Saved by someone else since the
 * form was loaded: nothing is sent; the typed values stay, theirs are shown beside them, and the
 * form now carries their version, so "Save again" replaces theirs on purpose.
 */
async function savePlan(request: Request, admin: AdminUser, planId: number, formData: FormData) {
  const here = editPlanPath(planId);
  const values = submittedValues(formData);
  const parsed = EditPlanForm.safeParse(values);
  if (!parsed.success) return formFailure(values, { fieldErrors: fieldErrorsOf(parsed.error.issues) }, 422);
  const { updated_at, ...fields } = parsed.data;
  const caller = callerOf(admin, request);
  try {
    const current = await getPlan(caller, planId);
    if (current.updated_at !== updated_at) return planConflict(values, fields, current);
    const changes = changedPlanFields(current, fields);
    if (Object.keys(changes).length === 0) {
      return redirectWithToast(request, here, { type: "info", message: PLAN_MESSAGES.noChange });
    }
    await updatePlan(caller, planId, { ...changes, updated_at });
  } catch (error) {
    if (error instanceof MarketplaceError && error.kind === "conflict" && error.conflict) {
      // saved between our read and our write: theirs, read again
      const current = await getPlan(caller, planId).catch(() => null);
      if (current) return planConflict(values, fields, current);
    }
    return apiFailure(error, values, "plan");
  }
  return redirectWithToast(request, here, { type: "success", message: "Plan Details Updated Successfully" });
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

/** Delete, then the cards; a refusal (providers hold the plan) goes back to the plan with the API's words. */
async function deletePlanIntent(request: Request, admin: AdminUser, planId: number) {
  try {
    await deletePlan(callerOf(admin, request), planId);
  } catch (error) {
    if (!(error instanceof MarketplaceError)) throw error;
    if (error.kind === "not-found") {
      return redirectWithToast(request, PLANS_PAGE, { type: "error", message: "This plan no longer exists." });
    }
    return redirectWithToast(request, editPlanPath(planId), { type: "error", message: error.message || SOME_ERROR });
  }
  return redirectWithToast(request, PLANS_PAGE, { type: "success", message: "Plan Deleted Successfully" });
}
