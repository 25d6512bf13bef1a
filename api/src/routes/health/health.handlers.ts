/** health: the handlers of the calls health.routes.ts defines. */
import { sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { apiRouter } from "../../lib/openapi";
import { healthRoute, readyRoute } from "./health.routes";

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
