/** health: the handlers of the calls health.routes.ts defines. */
import { sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { apiRouter } from "../../lib/openapi";
import { metricsAnswer, type MetricsAnswer } from "~shared/observability/metrics";
import { healthRoute, metricsRoute, readyRoute } from "./health.routes";

/**
 * `draining()` says whether the process has begun to stop; `metrics` answers a scrape (unset: 404,
 * metrics are off).
 */
export function healthRouter(
  db: Database,
  draining: () => boolean,
  metrics?: (authorization: string | undefined) => Promise<MetricsAnswer>,
) {
  const router = apiRouter();
  router.openapi(metricsRoute, async (c) => {
    const answer = await (metrics ?? ((authorization) => metricsAnswer(undefined, undefined, authorization)))(
      c.req.header("authorization"),
    );
    return c.body(answer.body, answer.status as 200 | 401 | 404, answer.headers);
  });
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
