import { PLAN_FIELD_NAMES, type PlanFields, type PlanRecord } from "~contract/subscriptions";
import {
  PLAN_FIELD_LABELS,
  planDurationLabel,
  type PlanCard,
  type PlanConflictRow,
  type PlanFormValues,
  type PlanRow,
} from "~/models/subscriptions";
import { formatDateTime } from "~/utils/dates";
import { formatInr } from "~shared/money";

const plural = (n: number, one: string, many: string) => `${n.toLocaleString("en-IN")} ${n === 1 ? one : many}`;

/** A plan as its card shows it. */
export function planCard(plan: PlanRecord): PlanCard {
  return {
    id: plan.plan_id,
    name: plan.plan_name,
    price: formatInr(plan.charge),
    duration: planDurationLabel(plan.plan_validity),
    serviceFee: `${plan.service_fee} %`,
    boosterPoints: plural(plan.profile_boost, "booster point", "booster points"),
    approval: plural(plan.max_approval, "day", "days"),
    status: plan.status,
    heldBy:
      plan.held_by === 0 ? "No service provider holds it" : `Held by ${plural(plan.held_by, "service provider", "service providers")}`,
  };
}

/** A plan as the export's row: its card, and its price as a number ("1499.50" → 1499.5). */
export function planRow(plan: PlanRecord): PlanRow {
  return { ...planCard(plan), charge: Number(plan.charge) };
}

/** The Edit Subscription form's starting values: the record as the form's strings. */
export function planFormValues(plan: PlanRecord): PlanFormValues {
  return {
    plan_name: plan.plan_name,
    charge: plan.charge,
    service_fee: plan.service_fee,
    profile_boost: String(plan.profile_boost),
    plan_validity: String(plan.plan_validity),
    max_approval: String(plan.max_approval),
    status: plan.status,
    updated_at: plan.updated_at,
  };
}

/** What the Edit Subscription page says about the plan above its form. */
export function planSummary(plan: PlanRecord) {
  return {
    id: plan.plan_id,
    name: plan.plan_name,
    updatedAt: plan.updated_at,
    updatedText: `${formatDateTime(plan.updated_at)}${plan.updated_by ? ` by ${plan.updated_by}` : ""}`,
    heldBy: plan.held_by,
    heldByDeleted: plan.held_by_deleted ?? 0,
  };
}

/** One field's value as the page shows it ("₹1,800.00", "12.50 %", "One Year"). */
export function planFieldText(key: keyof PlanFields, value: PlanFields[keyof PlanFields]): string {
  switch (key) {
    case "charge":
      return formatInr(String(value));
    case "service_fee":
      return `${String(value)} %`;
    case "profile_boost":
      return plural(Number(value), "booster point", "booster points");
    case "plan_validity":
      return planDurationLabel(Number(value));
    case "max_approval":
      return plural(Number(value), "day", "days");
    default:
      return String(value);
  }
}

/** The fields whose saved value (theirs) differs from what the admin typed (yours), labelled. */
export function planConflictRows(theirs: PlanRecord, yours: PlanFields): PlanConflictRow[] {
  return PLAN_FIELD_NAMES.filter((key) => theirs[key] !== yours[key]).map((key) => ({
    field: PLAN_FIELD_LABELS[key],
    theirs: planFieldText(key, theirs[key]),
    yours: planFieldText(key, yours[key]),
  }));
}
