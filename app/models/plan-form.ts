import { withZod } from "@remix-validated-form/with-zod";
import { PLAN_DURATIONS, PLAN_STATUSES, PlanFields } from "~contract/subscriptions";
import { EditPlanForm, PLAN_DURATION_LABELS } from "~/models/subscriptions";

/** The Add and Edit Subscription forms' validators: the shared plan rules, in the browser too. */
export const addPlanValidator = withZod(PlanFields);
export const editPlanValidator = withZod(EditPlanForm);

/** Both forms send months (spec 2 §9: the old add form sent the labels). */
export const DURATION_OPTIONS = PLAN_DURATIONS.map((months) => ({ value: String(months), label: PLAN_DURATION_LABELS[months] }));
export const PLAN_STATUS_OPTIONS = PLAN_STATUSES.map((status) => ({ value: status, label: status }));
