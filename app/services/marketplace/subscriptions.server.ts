import type { PlanSortField } from "~contract/plan-sort";
import { z } from "zod";
import { PlanRecord, type CreatePlanBody, type UpdatePlanBody } from "~contract/subscriptions";
import { apiRequest, type Caller } from "./client.server";

const DataOf = <T extends z.ZodTypeAny>(schema: T) => z.object({ data: schema });

/** Every plan, cheapest first (GET /get-all-plan). */
export async function listPlans(caller: Caller, sort?: { field: PlanSortField; order: "asc" | "desc" } | null): Promise<PlanRecord[]> {
  const query = sort ? { sortField: sort.field, sortOrder: sort.order } : undefined;
  const answer = await apiRequest("/get-all-plan", { query, caller, answer: DataOf(z.array(PlanRecord)) });
  return answer.data;
}

export async function getPlan(caller: Caller, planId: number): Promise<PlanRecord> {
  const answer = await apiRequest("/get-plan-by-id", { query: { plan_id: planId }, caller, answer: DataOf(PlanRecord) });
  return answer.data;
}

export async function createPlan(caller: Caller, body: CreatePlanBody): Promise<PlanRecord> {
  const answer = await apiRequest("/create-plan", { method: "POST", body, caller, answer: DataOf(PlanRecord) });
  return answer.data;
}

export async function updatePlan(caller: Caller, planId: number, body: UpdatePlanBody): Promise<PlanRecord> {
  const answer = await apiRequest("/update-plan", { method: "PUT", query: { plan_id: planId }, body, caller, answer: DataOf(PlanRecord) });
  return answer.data;
}

export async function deletePlan(caller: Caller, planId: number): Promise<void> {
  await apiRequest("/delete-plan", { method: "DELETE", query: { plan_id: planId }, caller });
}
