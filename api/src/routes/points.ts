import { desc, eq } from "drizzle-orm";
import { BoostingHistory, BoostingPointBody, BoostingPointRecord } from "~contract/service-providers";
import type { Database } from "../db/client";
import { boostingPoints } from "../db/schema";
import { requireActor } from "../lib/audit";
import { boostingRecord, changeBoosterPoints } from "../lib/booster-points";
import { assertIds } from "../lib/http";
import { ActingAdmin, apiRouter, body, common, createRoute, error, idParam, json, mutating, z } from "../lib/openapi";
import { findProvider } from "../lib/providers";

const unknownProvider = { 404: error("Unknown or deleted provider") };
const historyRoute = createRoute({
  method: "get",
  path: "/points/get-boosting-point-history/{serviceProviderId}",
  summary: "A provider's booster point changes, newest first, and the provider's total (their sum)",
  request: { params: z.object({ serviceProviderId: idParam("serviceProviderId", "the provider's id") }) },
  responses: { 200: json(BoostingHistory.openapi("BoostingHistory"), "The history"), 400: error("Bad id"), ...unknownProvider, ...common },
});
const grantRoute = createRoute({
  method: "post",
  path: "/points/create-boosting-point",
  summary: "Record a change of booster points (grant, correction or opening balance); the provider's total changes in the same transaction",
  request: { headers: ActingAdmin, body: body(BoostingPointBody.openapi("BoostingPointBody")) },
  responses: {
    201: json(
      z.object({ data: BoostingPointRecord.openapi("BoostingPointRecord"), total_booster_points: z.number().int() }),
      "The new row",
    ),
    ...mutating,
    ...unknownProvider,
    ...common,
  },
});

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
