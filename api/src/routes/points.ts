import { Hono } from "hono";
import { desc, eq } from "drizzle-orm";
import { z } from "zod";
import { BoostingPointBody } from "../../../app/models/service-provider";
import type { Database } from "../db/client";
import { boostingPoints } from "../db/schema";
import { requireActor } from "../lib/audit";
import { boostingRecord, changeBoosterPoints } from "../lib/booster-points";
import { assertIds, parseBody, parseWith } from "../lib/http";
import { idParam } from "../lib/openapi";
import { findProvider } from "../lib/providers";

const PathParams = z.object({ serviceProviderId: idParam("serviceProviderId") });

/** total_booster_points is the sum of the provider's history (every change is a row). */
export function pointsRouter(db: Database) {
  const router = new Hono();

  router.get("/points/get-boosting-point-history/:serviceProviderId", async (c) => {
    const { serviceProviderId } = parseWith(PathParams, c.req.param());
    await findProvider(db, serviceProviderId);
    const rows = await db
      .select()
      .from(boostingPoints)
      .where(eq(boostingPoints.service_provider, serviceProviderId))
      .orderBy(desc(boostingPoints.created_at), desc(boostingPoints.id));
    const total = rows.reduce((sum, row) => sum + row.points, 0);
    return c.json({ booster_points_history: rows.map(boostingRecord), total_booster_points: total });
  });

  router.post("/points/create-boosting-point", async (c) => {
    const actor = await requireActor(c, db);
    const body = await parseBody(c, BoostingPointBody);
    assertIds({ service_provider: body.service_provider });
    const { record, total } = await db.transaction((tx) =>
      changeBoosterPoints(tx, actor, { serviceProviderId: body.service_provider, points: body.points, reason: body.reason, kind: body.kind }, "points"),
    );
    return c.json({ data: record, total_booster_points: total }, 201);
  });

  return router;
}
