import { z } from "zod";
import { ProviderDetail } from "~/models/service-providers";
import { apiRequest, type Caller } from "./client.server";

/** The details page's fetch (spec 1 §7: "reads data.data"). */
export async function getProviderDetail(serviceProviderId: number, caller: Caller) {
  const answer = await apiRequest("/get-serviceProvider-detail", {
    query: { serviceProvider_id: serviceProviderId },
    caller,
    answer: z.object({ data: z.object({ data: ProviderDetail }) }),
  });
  return answer.data.data;
}

/** Sets the provider's booster points, and why (the details page's "Update Points"; the API records the difference). */
export async function updateBoosterPoints(serviceProviderId: number, body: { boosterPoints: number; reason: string }, caller: Caller) {
  const answer = await apiRequest("/update-booster-points", {
    method: "PUT",
    query: { serviceProvider_id: serviceProviderId },
    body,
    caller,
    answer: z.object({ message: z.string(), data: ProviderDetail }),
  });
  return answer;
}
