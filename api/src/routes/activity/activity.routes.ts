import { ActivityRecord } from "~contract/service-providers";
import { common, createRoute, error, idParam, json, z } from "../../lib/openapi";

export const activitiesRoute = createRoute({
  method: "get",
  path: "/activity_tracker/user-activities/by_user/",
  summary: "A user's profile-edit activities, newest first (details is JSON text, or unparseable legacy text)",
  request: { query: z.object({ user_id: idParam("user_id", "the user's id") }) },
  responses: {
    200: json(z.object({ results: z.array(ActivityRecord.openapi("ActivityRecord")) }), "The activities"),
    400: error("Bad id"),
    404: error("Unknown user"),
    ...common,
  },
});
