import { BoostingHistory } from "~contract/service-providers";
import { BoostingPointResult } from "~/models/service-providers";
import { apiRequest, type Caller } from "./client.server";

export async function getBoostingHistory(caller: Caller, serviceProviderId: number) {
  return apiRequest(`/points/get-boosting-point-history/${serviceProviderId}`, { caller, answer: BoostingHistory });
}

export async function createBoostingPoint(caller: Caller, body: { service_provider: number; points: number; reason: string }) {
  return apiRequest("/points/create-boosting-point", { method: "POST", body, caller, answer: BoostingPointResult });
}
