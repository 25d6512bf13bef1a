import {
  CreatePlanBody,
  PLAN_DURATIONS,
  PLAN_MESSAGES,
  PlanFields,
  PlanHeldBody,
  PlanListQuery,
  PlanRecord,
  UpdatePlanBody,
} from "~contract/subscriptions";
import { ActingAdmin, body, common, conflict, createRoute, data, error, idParam, json, message, mutating, z } from "../../lib/openapi";

export const WIRE =
  'charge is rupees as a decimal string with at most 2 decimals ("1499.50"), stored exactly as whole paise; service_fee is a percentage string 0–100 with at most 2 decimals ("12.50"). Answers give both with 2 decimals. plan_validity is months (1, 3, 6, 12 or 24: One Month, 3 Months, 6 Months, One Year, 2 Years), max_approval days (1–30), profile_boost booster points (0 or more). held_by counts the live (not deleted) service providers holding the plan; one plan\'s answers (not the list) also give held_by_deleted, the deleted providers whose records still name it (they block DELETE /delete-plan too).';

export const Record = PlanRecord.openapi("PlanRecord");

// the documented form of the shared rules: months from the fixed list (the validator is the same)
export const months = PlanFields.shape.plan_validity.openapi({
  type: "integer",
  enum: [...PLAN_DURATIONS],
  description: "months: 1 One Month, 3 Months, 6 Months, 12 One Year, 24 2 Years",
});

export const CreateBody = CreatePlanBody.extend({ plan_validity: months }).openapi("CreatePlanBody");

export const UpdateBody = UpdatePlanBody.extend({ plan_validity: months.optional() }).openapi("UpdatePlanBody");

export const planId = { query: z.object({ plan_id: idParam("plan_id", "the plan's id") }) };

export const unknownPlan = { 404: error(PLAN_MESSAGES.notFound) };

export const listRoute = createRoute({
  method: "get",
  path: "/get-all-plan",
  summary: "Every subscription plan, cheapest first or sorted",
  description: `${WIRE} sortField (plan_name, charge, plan_validity, status) with sortOrder (asc, desc) orders the plans, ties by plan_id (ours; default: cheapest first).`,
  request: { query: PlanListQuery },
  responses: { 200: json(data(z.array(Record)), "The plans"), 400: error("Bad query"), ...common },
});

export const detailRoute = createRoute({
  method: "get",
  path: "/get-plan-by-id",
  summary: "One subscription plan",
  description: WIRE,
  request: planId,
  responses: { 200: json(data(Record), "The plan"), 400: error("Bad id"), ...unknownPlan, ...common },
});

export const createPlanRoute = createRoute({
  method: "post",
  path: "/create-plan",
  summary: "Create a subscription plan (every field required; names unique ignoring case)",
  description: WIRE,
  request: { headers: ActingAdmin, body: body(CreateBody) },
  responses: { 201: json(data(Record), "Created"), ...mutating, ...common },
});

export const updateRoute = createRoute({
  method: "put",
  path: "/update-plan",
  summary: "Change a subscription plan",
  description: `Send the fields to change (any of them, or all) with the updated_at that was loaded: 409 when someone changed the plan meanwhile, 400 "No Change Detected" when nothing differs. ${WIRE}`,
  request: { ...planId, headers: ActingAdmin, body: body(UpdateBody) },
  responses: { 200: json(data(Record), "Updated"), ...mutating, ...unknownPlan, ...conflict, ...common },
});

export const deleteRoute = createRoute({
  method: "delete",
  path: "/delete-plan",
  summary: "Delete a subscription plan that no service provider holds",
  description:
    "409 when service providers hold the plan (it can be set Inactive instead): the message says how many. Live providers (deleted_at IS NULL) are counted in held_by; deleted providers' records keep the plan they had, so they block the delete too (held_by_deleted).",
  request: { ...planId, headers: ActingAdmin },
  responses: {
    200: json(message, "Plan Deleted Successfully"),
    ...mutating,
    ...unknownPlan,
    409: json(PlanHeldBody.openapi("PlanHeldBody"), "Service providers hold the plan"),
    ...common,
  },
});
