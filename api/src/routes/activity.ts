import { Hono } from "hono";
import { desc, eq } from "drizzle-orm";
import { z } from "zod";
import type { ActivityRecord } from "../../../app/models/service-provider";
import type { Database } from "../db/client";
import { activities, users } from "../db/schema";
import { notFound, parseQuery } from "../lib/http";
import { idParam } from "../lib/openapi";
import { USER_NOT_FOUND } from "../lib/providers";

const Query = z.object({ user_id: idParam("user_id") });

export function activityRouter(db: Database) {
  const router = new Hono();

  router.get("/activity_tracker/user-activities/by_user/", async (c) => {
    const { user_id } = parseQuery(c, Query);
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
    return c.json({ results });
  });

  return router;
}
