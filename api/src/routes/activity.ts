import { desc, eq } from "drizzle-orm";
import { ActivityRecord } from "~contract/service-providers";
import type { Database } from "../db/client";
import { activities, users } from "../db/schema";
import { notFound } from "../lib/http";
import { apiRouter, common, createRoute, error, idParam, json, z } from "../lib/openapi";
import { USER_NOT_FOUND } from "../lib/providers";

const activitiesRoute = createRoute({
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

export function activityRouter(db: Database) {
  const router = apiRouter();

  router.openapi(activitiesRoute, async (c) => {
    const { user_id } = c.req.valid("query");
    const [user] = await db.select({ id: users.id }).from(users).where(eq(users.id, user_id));
    if (!user) throw notFound(USER_NOT_FOUND);
    const rows = await db
      .select()
      .from(activities)
      .where(eq(activities.user_id, user_id))
      .orderBy(desc(activities.activity_timestamp), desc(activities.id));
    const results: ActivityRecord[] = rows.map((r) => ({
      id: r.id,
      activity_timestamp: r.activity_timestamp.toISOString(),
      activity_category: r.activity_category,
      details: r.details,
    }));
    return c.json({ results }, 200);
  });

  return router;
}
