/** What only the admin uses of ~contract/subscriptions (the shared part stays in contract/subscriptions.ts). */
import { type PlanDuration, PLAN_STATUSES, PlanFields } from "~contract/subscriptions";
import { z } from "zod";
import type { ListColumn } from "~/models/list-columns";

/**
 * Subscription plans (spec 2 §2 Subscriptions, §3 Plan, §5, §9): the rules both the admin's forms
 * and the API apply. The wire names are the columns' names (plan_name, charge, service_fee …), so an
 * audit entry's before/after can be sent back through PUT /update-plan as they are.
 *
 * Decimals travel as strings, exactly: charge is rupees ("1499.50", at most 2 decimals; stored as
 * paise) and service_fee a percentage ("12.50"). Answers always give both with 2 decimals.
 */

/** The Subscriptions page (the cards) and a plan's Edit Subscription page. */
export const PLANS_PAGE = "/admin/subscriptions";
export const editPlanPath = (planId: number) => `/admin/edit-subscriptions/${planId}`;
export const PLAN_DURATION_LABELS: Record<PlanDuration, string> = {
  1: "One Month",
  3: "3 Months",
  6: "6 Months",
  12: "One Year",
  24: "2 Years",
};
/** "One Year" for 12; the number of months for anything else (never expected). */
export function planDurationLabel(months: number): string {
  return PLAN_DURATION_LABELS[months as PlanDuration] ?? `${months} Months`;
}
export type PlanStatus = (typeof PLAN_STATUSES)[number];

/** The Edit Subscription form as posted: every field, and the version the admin loaded. */
export const EditPlanForm = PlanFields.extend({
  updated_at: z.string({ required_error: "Reload the page and try again" }).min(1, "Reload the page and try again"),
});

/** What the plan editor's inputs start from: strings as the form holds them. */
export type PlanFormValues = {
  plan_name: string;
  charge: string;
  service_fee: string;
  profile_boost: string;
  plan_validity: string;
  max_approval: string;
  status: string;
  updated_at?: string;
};

export const EMPTY_PLAN_FORM: PlanFormValues = {
  plan_name: "",
  charge: "",
  service_fee: "",
  profile_boost: "",
  plan_validity: "",
  max_approval: "",
  status: "",
};

/** The Edit Subscription form's labels, by field (messages and the conflict's table name fields so). */
export const PLAN_FIELD_LABELS: Record<keyof PlanFields, string> = {
  plan_name: "Plan Name",
  charge: "Plan Amount",
  service_fee: "Service Fee",
  profile_boost: "Booster Points",
  plan_validity: "Plan Duration",
  max_approval: "Approval Time",
  status: "Status",
};

/** A field another admin saved differently from what this admin typed, both as the page shows them. */
export type PlanConflictRow = { field: string; theirs: string; yours: string };

/** The Edit Subscription action's refusal: a FormFailure, with theirs beside yours after a stale save. */
export type PlanFormFailure = {
  intent?: string;
  fieldErrors: Record<string, string>;
  repopulateFields: Record<string, string>;
  formError?: string;
  conflict?: { updatedBy: string; updatedAt: string };
  theirs?: PlanConflictRow[];
};

/** A card of the Subscriptions page as its loader gives it, every text already formatted. */
export type PlanCard = {
  id: number;
  name: string;
  /** "₹7,999.00" */
  price: string;
  /** "One Year" */
  duration: string;
  /** "10.00 %" */
  serviceFee: string;
  /** "400 booster points" */
  boosterPoints: string;
  /** "3 days" */
  approval: string;
  status: PlanStatus;
  /** "Held by 12 service providers" */
  heldBy: string;
};

/** A plan as the export's row: its card, and its price as a number of rupees. */
export type PlanRow = PlanCard & { charge: number };

/**
 * The Subscriptions page's plans as the export's columns (the page shows cards, not a table): the
 * card's words under the plan form's labels, the price a number of rupees.
 */
export const PLAN_COLUMNS: readonly ListColumn<PlanRow>[] = [
  { key: "name", header: PLAN_FIELD_LABELS.plan_name, width: 24, value: (r) => r.name },
  { key: "charge", header: PLAN_FIELD_LABELS.charge, width: 14, money: true, value: (r) => r.charge },
  { key: "duration", header: PLAN_FIELD_LABELS.plan_validity, width: 14, value: (r) => r.duration },
  { key: "serviceFee", header: PLAN_FIELD_LABELS.service_fee, width: 12, value: (r) => r.serviceFee },
  { key: "boosterPoints", header: PLAN_FIELD_LABELS.profile_boost, width: 20, value: (r) => r.boosterPoints },
  { key: "approval", header: PLAN_FIELD_LABELS.max_approval, width: 14, value: (r) => r.approval },
  { key: "status", header: PLAN_FIELD_LABELS.status, width: 10, value: (r) => r.status },
  { key: "heldBy", header: "Service Providers", width: 32, value: (r) => r.heldBy },
];
