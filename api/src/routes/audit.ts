import { Hono } from "hono";
import { desc } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "../db/client";
import { auditLog } from "../db/schema";
import { parseQuery } from "../lib/http";
import { auditEntry } from "../lib/serialize";

export const AuditQuery = z.object({
  limit: z.coerce
    .number({ invalid_type_error: "limit must be a number" })
    .int("limit must be a whole number")
    .min(1, "limit must be between 1 and 100")
    .max(100, "limit must be between 1 and 100")
    .default(10),
});

export function auditRouter(db: Database) {
  const router = new Hono();
  router.get("/audit-log", async (c) => {
    const { limit } = parseQuery(c, AuditQuery);
    const rows = await db.select().from(auditLog).orderBy(desc(auditLog.created_at), desc(auditLog.id)).limit(limit);
    return c.json({ data: rows.map(auditEntry) });
  });
  return router;
}
