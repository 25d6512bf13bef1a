import { Hono } from "hono";
import { desc, eq } from "drizzle-orm";
import { z } from "zod";
import { BoostingPointBody } from "../../../app/models/service-provider";
import type { Database } from "../db/client";
import { boostingPoints, serviceProviders, type BoostingPointRow } from "../db/schema";
import { recordAudit, requireActor } from "../lib/audit";
import { assertIds, badRequest, idParam, INVALID_INPUT_MESSAGE, parseBody, parseWith } from "../lib/http";
import { findProvider, lockProvider } from "../lib/providers";

const PathParams = z.object({ serviceProviderId: idParam("serviceProviderId") });

const record = (row: BoostingPointRow) => ({
  id: row.id,
  service_provider: row.service_provider,
  points: row.points,
  reason: row.reason,
  created_at: row.created_at.toISOString(),
});

/** total_booster_points is the provider's current boosterPoints (grants add to it; the details page can set it). */
export function pointsRouter(db: Database) {
  const router = new Hono();

  router.get("/points/get-boosting-point-history/:serviceProviderId", async (c) => {
    const { serviceProviderId } = parseWith(PathParams, c.req.param());
    const provider = await findProvider(db, serviceProviderId);
    const rows = await db
      .select()
      .from(boostingPoints)
      .where(eq(boostingPoints.service_provider, serviceProviderId))
      .orderBy(desc(boostingPoints.created_at), desc(boostingPoints.id));
    return c.json({ booster_points_history: rows.map(record), total_booster_points: provider.sp.boosterPoints });
  });

  router.post("/points/create-boosting-point", async (c) => {
    const actor = await requireActor(c, db);
    const body = await parseBody(c, BoostingPointBody);
    assertIds({ service_provider: body.service_provider });
    const result = await db.transaction(async (tx) => {
      const current = await lockProvider(tx, body.service_provider);
      const total = current.boosterPoints + body.points;
      if (total < 0) throw badRequest(INVALID_INPUT_MESSAGE, { points: "The total booster points cannot go below 0" });
      if (total > 2_000_000_000) throw badRequest(INVALID_INPUT_MESSAGE, { points: "Points are out of range" });
      const [row] = await tx
        .insert(boostingPoints)
        .values({ service_provider: body.service_provider, points: body.points, reason: body.reason, created_by: actor.adminUsername })
        .returning();
      await tx.update(serviceProviders).set({ boosterPoints: total }).where(eq(serviceProviders.serviceProvider_id, body.service_provider));
      await recordAudit(tx, actor, {
        action: "create",
        entity: "boosting_point",
        entityId: row.id,
        before: { boosterPoints: current.boosterPoints },
        after: { ...record(row), boosterPoints: total },
      });
      return { data: record(row), total_booster_points: total };
    });
    return c.json(result, 201);
  });

  return router;
}
