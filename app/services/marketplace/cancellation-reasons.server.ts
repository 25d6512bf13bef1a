import { z } from "zod";
import { CancellationReason, type CancellationReasonBody, type Party, type UpdateCancellationReasonBody } from "~contract/orders";
import { apiRequest, type Caller } from "./client.server";

/** One party's whole list (the Cancellation Settings tab's table), in its stored order. */
export async function listPartyReasons(caller: Caller, userType: Party): Promise<CancellationReason[]> {
  const answer = await apiRequest("/cancellation-reason/", {
    query: { userType },
    caller,
    answer: z.object({ results: z.array(CancellationReason) }),
  });
  return answer.results;
}

export async function getReason(caller: Caller, id: number): Promise<CancellationReason> {
  return (await apiRequest(`/cancellation-reason/${id}/`, { caller, answer: z.object({ data: CancellationReason }) })).data;
}

export async function createReason(caller: Caller, body: Omit<CancellationReasonBody, "order">): Promise<CancellationReason> {
  return apiRequest("/cancellation-reason/", { method: "POST", body, caller, answer: CancellationReason });
}

export async function updateReason(caller: Caller, id: number, body: UpdateCancellationReasonBody): Promise<CancellationReason> {
  return apiRequest(`/cancellation-reason/${id}/`, { method: "PUT", body, caller, answer: CancellationReason });
}

export async function deleteReason(caller: Caller, id: number) {
  await apiRequest(`/cancellation-reason/${id}/`, { method: "DELETE", caller });
}

/** Saves the whole new order of one party's list. */
/** POST /update-order-cancellation-reason; with `expectedIds`, a conflict when the list was reordered since it was read. */
export async function reorderReasons(caller: Caller, orderedIds: number[], expectedIds?: number[]) {
  await apiRequest("/update-order-cancellation-reason", {
    method: "POST",
    body: { ordered_ids: orderedIds, expected_ids: expectedIds },
    caller,
  });
}
