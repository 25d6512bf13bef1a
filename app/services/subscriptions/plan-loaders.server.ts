import { data } from "@remix-run/node";
import { PLAN_MESSAGES } from "~contract/subscriptions";
import { loaderResponseOf } from "~/services/errors.server";
import { MarketplaceError } from "~/services/marketplace/client.server";
import type { Marketplace } from "~/services/marketplace/index.server";
import { readSort } from "~/services/list-query.server";
import { PLAN_SORT_FIELDS } from "~contract/plan-sort";
import { planCard, planFormValues, planSummary } from "./plan-view.server";

/** The Subscriptions page's sort from its URL (sortField/sortOrder, the Sort by links); `errors` says why one was not applied. */
export function readPlansSort(params: URLSearchParams, errors: string[]) {
  return readSort(params, PLAN_SORT_FIELDS, errors) ?? null;
}

/**
 * The Subscriptions page: the plans as cards, in the URL's sort (cheapest first without one). When
 * they cannot be read the page still renders, saying "Error Fetching plan data" (spec 2 §8) with a
 * way to retry.
 */
export async function loadPlanCards(request: Request, api: Marketplace) {
  const sortErrors: string[] = [];
  const sort = readPlansSort(new URL(request.url).searchParams, sortErrors);
  const sortError = sortErrors[0] ?? null;
  try {
    const plans = await api.raw.listPlans(sort);
    return data({ plans: plans.map(planCard), sort, sortError, error: null });
  } catch (error) {
    if (!(error instanceof MarketplaceError)) throw error;
    return data({ plans: [], sort, sortError, error: PLAN_MESSAGES.fetchError }, { status: 503 });
  }
}

/**
 * Edit Subscription: the plan, its form's values and whether the delete confirmation is asked
 * for (?dialog=delete). An unknown plan is the 404 page; a plan that cannot be read, the message.
 */
export async function loadPlanEditor(request: Request, api: Marketplace, planId: number) {
  const deleting = new URL(request.url).searchParams.get("dialog") === "delete";
  try {
    const plan = await api.raw.getPlan(planId);
    return data({ plan: planSummary(plan), defaults: planFormValues(plan), deleting, error: null });
  } catch (error) {
    if (!(error instanceof MarketplaceError)) throw error;
    // an unknown plan is the 404 page (as the bound api answers it); anything else, the message
    if (error.kind === "not-found") throw loaderResponseOf(error);
    return data({ plan: null, defaults: null, deleting: false, error: PLAN_MESSAGES.fetchError }, { status: 503 });
  }
}
