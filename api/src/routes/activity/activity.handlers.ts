/** activity: the handlers of the calls activity.routes.ts defines. */
import { desc, eq } from "drizzle-orm";
import { ActivityRecord } from "~contract/service-providers";
import type { Database } from "../../db/client";
import { activities, users } from "../../db/schema";
import { notFound } from "../../lib/http";
import { apiRouter } from "../../lib/openapi";
import { USER_NOT_FOUND } from "../../lib/providers";
import { activitiesRoute } from "./activity.routes";

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
