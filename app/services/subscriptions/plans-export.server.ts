import { PLAN_COLUMNS, type PlanRow } from "~/models/subscriptions";
import type { ListExport } from "~/services/list-export.server";
import { readPlansSort } from "~/services/subscriptions/plan-loaders.server";
import { planRow } from "~/services/subscriptions/plan-view.server";
import type { PlanSortField } from "~contract/plan-sort";

/**
 * The Subscriptions page's plans as an export: every plan in the cards' order (the page's sort). The
 * page has no filter, search or paging, and the API answers every plan in one call (so one page).
 */
export const PLANS_EXPORT: ListExport<{ sort: { field: PlanSortField; order: "asc" | "desc" } | null }, PlanRow> = {
  list: "subscriptions",
  path: "/admin/subscriptions",
  columns: PLAN_COLUMNS,
  readQuery: (params) => {
    const errors: string[] = [];
    return { query: { sort: readPlansSort(params, errors) }, errors };
  },
  page: async (api, query, at) => {
    if (at.page > 1) return { rows: [], total: 0 };
    const plans = await api.listPlans(query.sort);
    return { rows: plans.map(planRow), total: plans.length };
  },
};
