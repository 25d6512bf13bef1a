/** points: the handlers of the calls points.routes.ts defines. */
import { desc, eq } from "drizzle-orm";
import type { Database } from "../../db/client";
import { boostingPoints } from "../../db/schema";
import { requireActor } from "../../lib/audit";
import { boostingRecord, changeBoosterPoints } from "../../lib/booster-points";
import { assertIds } from "../../lib/http";
import { apiRouter } from "../../lib/openapi";
import { findProvider } from "../../lib/providers";
import { historyRoute, grantRoute } from "./points.routes";

/** total_booster_points is the sum of the provider's history (every change is a row). */
export function pointsRouter(db: Database) {
  const router = apiRouter();

  router.openapi(historyRoute, async (c) => {
    const { serviceProviderId } = c.req.valid("param");
    await findProvider(db, serviceProviderId);
    const rows = await db
      .select()
      .from(boostingPoints)
      .where(eq(boostingPoints.service_provider, serviceProviderId))
      .orderBy(desc(boostingPoints.created_at), desc(boostingPoints.id));
    const total = rows.reduce((sum, row) => sum + row.points, 0);
    return c.json({ booster_points_history: rows.map(boostingRecord), total_booster_points: total }, 200);
  });

  router.openapi(grantRoute, async (c) => {
    const actor = await requireActor(c, db);
    const body = c.req.valid("json");
    assertIds({ service_provider: body.service_provider });
    const { record, total } = await db.transaction((tx) =>
      changeBoosterPoints(
        tx,
        actor,
        { serviceProviderId: body.service_provider, points: body.points, reason: body.reason, kind: body.kind },
        "points",
      ),
    );
    return c.json({ data: record, total_booster_points: total }, 201);
  });

  return router;
}
