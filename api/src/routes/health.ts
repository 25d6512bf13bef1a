/**
 * Health and readiness for a load balancer (ours): both answer without the secret (a balancer's
 * probe carries none) and tell nothing about the data. GET /healthz: the process is up. GET
 * /readyz: it should get traffic — the database answers and the process is not stopping (after
 * SIGTERM it answers 503 "draining" while in-flight requests finish, so new ones go elsewhere).
 */
import { sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { apiRouter, chosenByUs, createRoute, json, z } from "../lib/openapi";

const Status = z.object({ status: z.enum(["ok", "ready", "draining", "not ready"]), reason: z.string().optional() });

const healthRoute = createRoute({
  method: "get",
  path: "/healthz",
  summary: "Liveness: the process is up (no secret needed)",
  ...chosenByUs("For a load balancer or supervisor: 200 while the process runs; reads nothing."),
  security: [],
  responses: { 200: json(Status.openapi("HealthStatus"), "Up") },
});
const readyRoute = createRoute({
  method: "get",
  path: "/readyz",
  summary: "Readiness: the database answers and the process is not stopping (no secret needed)",
  ...chosenByUs(
    "For a load balancer: 200 when this process should get requests; 503 with the reason (the database not answering, or draining after SIGTERM).",
  ),
  security: [],
  responses: { 200: json(Status, "Ready"), 503: json(Status, "Not ready: the reason") },
});

/** `draining()` says whether the process has begun to stop. */
export function healthRouter(db: Database, draining: () => boolean) {
  const router = apiRouter();
  router.openapi(healthRoute, (c) => c.json({ status: "ok" as const }, 200));
  router.openapi(readyRoute, async (c) => {
    if (draining()) return c.json({ status: "draining" as const, reason: "This process is stopping" }, 503);
    try {
      await db.execute(sql`select 1`);
    } catch {
      return c.json({ status: "not ready" as const, reason: "The database is not answering" }, 503);
    }
    return c.json({ status: "ready" as const }, 200);
  });
  return router;
}
