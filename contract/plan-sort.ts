/**
 * The Subscriptions page's sorts (?sortField=…&sortOrder=asc|desc): plan_name (Name), charge
 * (Amount), plan_validity (Duration), status. Ties by the plan's id; default: cheapest first. No
 * zod here: the page's browser bundle imports this file.
 */
export const PLAN_SORT_FIELDS = ["plan_name", "charge", "plan_validity", "status"] as const;
export type PlanSortField = (typeof PLAN_SORT_FIELDS)[number];
