import { data } from "@remix-run/node";
import type { AdminUser } from "~contract/admin-users";
import { PLAN_MESSAGES } from "~contract/subscriptions";
import { throwLoaderError } from "~/services/errors.server";
import { callerOf, MarketplaceError } from "~/services/marketplace/client.server";
import { getPlan, listPlans } from "~/services/marketplace/subscriptions.server";
import { planCard, planFormValues, planSummary } from "./plan-view.server";

/**
 * The Subscriptions page: the plans as cards. When they cannot be read the page still renders,
 * saying "Error Fetching plan data" (spec 2 §8) with a way to retry.
 */
export async function loadPlanCards(request: Request, admin: AdminUser) {
  try {
    const plans = await listPlans(callerOf(admin, request));
    return data({ plans: plans.map(planCard), error: null });
  } catch (error) {
    if (!(error instanceof MarketplaceError)) throw error;
    return data({ plans: [], error: PLAN_MESSAGES.fetchError }, { status: 503 });
  }
}

/**
 * Edit Subscription: the plan, its form's values and whether the delete confirmation is asked
 * for (?dialog=delete). An unknown plan is the 404 page; a plan that cannot be read, the message.
 */
export async function loadPlanEditor(request: Request, admin: AdminUser, planId: number) {
  const deleting = new URL(request.url).searchParams.get("dialog") === "delete";
  try {
    const plan = await getPlan(callerOf(admin, request), planId);
    return data({ plan: planSummary(plan), defaults: planFormValues(plan), deleting, error: null });
  } catch (error) {
    if (error instanceof MarketplaceError && error.kind !== "not-found") {
      return data({ plan: null, defaults: null, deleting: false, error: PLAN_MESSAGES.fetchError }, { status: 503 });
    }
    throwLoaderError(error);
  }
}
