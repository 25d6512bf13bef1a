import { desc } from "drizzle-orm";
import { AuditEntry } from "../../../app/models/audit";
import type { Database } from "../db/client";
import { auditLog } from "../db/schema";
import { apiRouter, chosenByUs, common, createRoute, data, error, json, z } from "../lib/openapi";
import { auditEntry } from "../lib/serialize";

export const AuditQuery = z.object({
  limit: z.coerce
    .number({ invalid_type_error: "limit must be a number" })
    .int("limit must be a whole number")
    .min(1, "limit must be between 1 and 100")
    .max(100, "limit must be between 1 and 100")
    .default(10),
});

const auditRoute = createRoute({
  method: "get",
  path: "/audit-log",
  summary: "Latest audit entries, newest first (header notifications)",
  ...chosenByUs(),
  request: { query: AuditQuery },
  responses: { 200: json(data(z.array(AuditEntry.openapi("AuditEntry"))), "The entries"), 400: error("Bad limit"), ...common },
});

export function auditRouter(db: Database) {
  const router = apiRouter();
  router.openapi(auditRoute, async (c) => {
    const { limit } = c.req.valid("query");
    const rows = await db.select().from(auditLog).orderBy(desc(auditLog.created_at), desc(auditLog.id)).limit(limit);
    return c.json({ data: rows.map(auditEntry) }, 200);
  });
  return router;
}
