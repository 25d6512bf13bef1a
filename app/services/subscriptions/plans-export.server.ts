import { PLAN_COLUMNS, type PlanRow } from "~/models/subscriptions";
import type { ListExport } from "~/services/list-export.server";
import { planRow } from "~/services/subscriptions/plan-view.server";

/**
 * The Subscriptions page's plans as an export: every plan in the cards' order. The page has no
 * filter, search, sort or paging, and the API answers every plan in one call (so one page).
 */
export const PLANS_EXPORT: ListExport<Record<string, never>, PlanRow> = {
  list: "subscriptions",
  path: "/admin/subscriptions",
  columns: PLAN_COLUMNS,
  readQuery: () => ({ query: {}, errors: [] }),
  page: async (api, _query, at) => {
    if (at.page > 1) return { rows: [], total: 0 };
    const plans = await api.listPlans();
    return { rows: plans.map(planRow), total: plans.length };
  },
};
