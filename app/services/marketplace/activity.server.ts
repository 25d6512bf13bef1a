import { z } from "zod";
import { ActivityRecord } from "~contract/service-providers";
import { apiRequest, type Caller } from "./client.server";

/** A user's profile-edit activities, newest first. */
export async function listUserActivities(caller: Caller, userId: number) {
  const answer = await apiRequest("/activity_tracker/user-activities/by_user/", {
    query: { user_id: userId },
    caller,
    answer: z.object({ results: z.array(ActivityRecord) }),
  });
  return answer.results;
}
