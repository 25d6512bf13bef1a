import { z } from "zod";
import { inrToPaise, paiseToInr } from "~shared/money";
import { isOneOf } from "~shared/one-of";
import { sorting, sortTogether } from "./list-query-schema";
import { PLAN_SORT_FIELDS, type PlanSortField } from "./plan-sort";

export { PLAN_SORT_FIELDS, type PlanSortField };

export const PLAN_DURATIONS = [1, 3, 6, 12, 24] as const;
export type PlanDuration = (typeof PLAN_DURATIONS)[number];

export const PLAN_STATUSES = ["Active", "Inactive"] as const;

/** ₹1,00,00,000.00: a plan's price is at most one crore rupees (and fits the paise column). */
export const MAX_PLAN_CHARGE_PAISE = 1_000_000_000;
export const MAX_PROFILE_BOOST = 1_000_000;
export const MAX_APPROVAL_DAYS = 30;
export const PLAN_NAME_MAX = 100;

export const PLAN_MESSAGES = {
  nameRequired: "Plan Name is required",
  nameTooLong: `Plan Name must be at most ${PLAN_NAME_MAX} characters`,
  duplicateName: "A plan with this name already exists",
  chargeRequired: "Plan Amount is required",
  chargeFormat: "Plan Amount must be an amount in rupees with at most 2 decimals, e.g. 1499.50",
  chargeTooLarge: "Plan Amount must be at most ₹1,00,00,000.00",
  feeRequired: "Service Fee is required",
  feeFormat: "Service Fee must be a percentage from 0 to 100 with at most 2 decimals",
  boostRequired: "Booster Points is required",
  boostFormat: "Booster Points must be a whole number from 0 to 10,00,000",
  durationRequired: "Plan Duration is required",
  durationFormat: "Choose a plan duration: One Month, 3 Months, 6 Months, One Year or 2 Years",
  approvalRequired: "Approval Time is required",
  approvalFormat: "Approval Time must be a whole number of days from 1 to 30",
  statusRequired: "Status is required",
  statusFormat: "Status must be Active or Inactive",
  notFound: "Plan not found",
  fetchError: "Error Fetching plan data",
  noChange: "No Change Detected",
} as const;

/** "This plan is held by 3 service providers: set it Inactive instead" (DELETE /delete-plan's 409). */
export function planHeldMessage(live: number, deleted: number): string {
  if (live > 0) return `This plan is held by ${live} service provider${live === 1 ? "" : "s"}: set it Inactive instead`;
  return `This plan is named in the records of ${deleted} deleted service provider${deleted === 1 ? "" : "s"}: set it Inactive instead`;
}

/** What an HTML form sends for a field left empty counts as not sent. */
const blank = (value: unknown) => (typeof value === "string" && value.trim() === "" ? undefined : value);

const RUPEES = /^(\d{1,12})(?:\.(\d{1,2}))?$/;
const PERCENT = /^(\d{1,3})(?:\.(\d{1,2}))?$/;

/** "0499.5" → "499.50" (digits only, so no float is ever involved). */
function twoDecimals(whole: string, fraction: string | undefined) {
  return `${BigInt(whole)}.${(fraction ?? "").padEnd(2, "0")}`;
}

/** Rupees with at most 2 decimals, as a string; normalised to "1499.50". */
export const PlanCharge = z.preprocess(
  blank,
  z
    .string({ required_error: PLAN_MESSAGES.chargeRequired, invalid_type_error: PLAN_MESSAGES.chargeFormat })
    .trim()
    .regex(RUPEES, PLAN_MESSAGES.chargeFormat)
    .transform((text, ctx) => {
      const paise = inrToPaise(text);
      if (paise > BigInt(MAX_PLAN_CHARGE_PAISE)) {
        ctx.addIssue({ code: "custom", message: PLAN_MESSAGES.chargeTooLarge });
        return z.NEVER;
      }
      return paiseToInr(paise);
    }),
);

/** A percentage 0–100 with at most 2 decimals, as a string; normalised to "12.50". */
export const PlanServiceFee = z.preprocess(
  blank,
  z
    .string({ required_error: PLAN_MESSAGES.feeRequired, invalid_type_error: PLAN_MESSAGES.feeFormat })
    .trim()
    .regex(PERCENT, PLAN_MESSAGES.feeFormat)
    .transform((text, ctx) => {
      const [, whole, fraction] = PERCENT.exec(text)!;
      const normalised = twoDecimals(whole, fraction);
      if (BigInt(normalised.replace(".", "")) > 10_000n) {
        ctx.addIssue({ code: "custom", message: PLAN_MESSAGES.feeFormat });
        return z.NEVER;
      }
      return normalised;
    }),
);

/** A whole number (a JSON number, or digits as a form sends them) from min to max. */
function wholeNumber(required: string, wrong: string, min: number, max: number) {
  return z.preprocess(
    (value) => {
      const v = blank(value);
      return typeof v === "string" && /^\s*\d{1,12}\s*$/.test(v) ? Number(v) : v;
    },
    z.number({ required_error: required, invalid_type_error: wrong }).int(wrong).min(min, wrong).max(max, wrong),
  );
}

export const PlanFields = z.object({
  plan_name: z.preprocess(
    blank,
    z
      .string({ required_error: PLAN_MESSAGES.nameRequired, invalid_type_error: PLAN_MESSAGES.nameRequired })
      .trim()
      .min(1, PLAN_MESSAGES.nameRequired)
      .max(PLAN_NAME_MAX, PLAN_MESSAGES.nameTooLong),
  ),
  charge: PlanCharge,
  service_fee: PlanServiceFee,
  profile_boost: wholeNumber(PLAN_MESSAGES.boostRequired, PLAN_MESSAGES.boostFormat, 0, MAX_PROFILE_BOOST),
  plan_validity: wholeNumber(PLAN_MESSAGES.durationRequired, PLAN_MESSAGES.durationFormat, 1, 24).refine(
    (months) => isOneOf(PLAN_DURATIONS, months),
    PLAN_MESSAGES.durationFormat,
  ) as z.ZodType<PlanDuration, z.ZodTypeDef, unknown>,
  max_approval: wholeNumber(PLAN_MESSAGES.approvalRequired, PLAN_MESSAGES.approvalFormat, 1, MAX_APPROVAL_DAYS),
  status: z.preprocess(
    blank,
    z.enum(PLAN_STATUSES, {
      errorMap: (issue, ctx) => ({
        message: ctx.data === undefined ? PLAN_MESSAGES.statusRequired : PLAN_MESSAGES.statusFormat,
      }),
    }),
  ),
});
export type PlanFields = z.infer<typeof PlanFields>;
export const PLAN_FIELD_NAMES = Object.keys(PlanFields.shape) as (keyof PlanFields)[];

/** POST /create-plan body: every field. */
export const CreatePlanBody = PlanFields;
export type CreatePlanBody = z.infer<typeof CreatePlanBody>;

/**
 * PUT /update-plan body: the fields to change (the admin sends those that differ; all of them is
 * fine too) and the updated_at that was loaded: a newer record answers 409.
 */
export const UpdatePlanBody = PlanFields.partial().extend({
  updated_at: z.string({ required_error: "updated_at is required" }).min(1, "updated_at is required"),
});
export type UpdatePlanBody = z.infer<typeof UpdatePlanBody>;

export const PlanRecord = z.object({
  plan_id: z.number().int(),
  plan_name: z.string(),
  /** rupees, 2 decimals */
  charge: z.string(),
  /** percent, 2 decimals */
  service_fee: z.string(),
  profile_boost: z.number().int(),
  /** months */
  plan_validity: z.number().int(),
  /** days */
  max_approval: z.number().int(),
  status: z.enum(PLAN_STATUSES),
  /** live service providers (not deleted) holding this plan */
  held_by: z.number().int(),
  /** deleted service providers whose records still name the plan (they block its delete too); not in the list */
  held_by_deleted: z.number().int().optional(),
  created_at: z.string(),
  updated_at: z.string(),
  updated_by: z.string().nullable(),
});
export type PlanRecord = z.infer<typeof PlanRecord>;

/** DELETE /delete-plan's 409 when providers hold the plan. */
export const PlanHeldBody = z.object({
  message: z.string(),
  held_by: z.number().int(),
  held_by_deleted: z.number().int(),
});

/** GET /get-all-plan query (ours, optional): sortField with sortOrder (both or neither); cheapest first without. */
export const PlanListQuery = z.object(sorting(PLAN_SORT_FIELDS)).superRefine(sortTogether);
export type PlanListQuery = z.input<typeof PlanListQuery>;
