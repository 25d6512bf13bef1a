/** dashboard: the handlers of the calls dashboard.routes.ts defines. */
import { count, eq, isNotNull, isNull, sql } from "drizzle-orm";
import { DASHBOARD_SECTION_KEYS, DashboardFigures } from "~contract/dashboard";
import type { Database } from "../../db/client";
import { adminUsers, categories, faqs, outbox } from "../../db/schema";
import { apiRouter } from "../../lib/openapi";
import { orderDashboardStats } from "../payments";
import { statsRoute } from "./dashboard.routes";

/**
 * GET /dashboard-stats?sections=…: the figures of the sections asked for (all without the
 * parameter). The admin asks only for what its admin's access covers, so a section not asked for
 * is neither computed (where it has its own queries) nor answered.
 */
export function dashboardRouter(db: Database) {
  const router = apiRouter();
  router.openapi(statsRoute, async (c) => {
    const { sections } = c.req.valid("query");
    const asked = new Set(sections);
    const total = async (query: Promise<{ n: number }[]>) => Number((await query)[0]?.n ?? 0);
    const [catalogue, admins, money, messages] = await Promise.all([
      asked.has("categories")
        ? Promise.all([
            total(db.select({ n: count() }).from(categories).where(isNull(categories.parentCategoryId))),
            total(db.select({ n: count() }).from(categories).where(isNotNull(categories.parentCategoryId))),
            total(db.select({ n: count() }).from(faqs)),
          ])
        : null,
      asked.has("admin-users")
        ? Promise.all([
            total(db.select({ n: count() }).from(adminUsers)),
            total(db.select({ n: count() }).from(adminUsers).where(eq(adminUsers.adminStatus, "Active"))),
          ])
        : null,
      asked.has("bookings") || asked.has("payments") ? orderDashboardStats(db) : null,
      asked.has("messages")
        ? db
            .select({
              failed: sql<number>`count(*) filter (where ${outbox.status} = 'failed')`.mapWith(Number),
              waiting: sql<number>`count(*) filter (where ${outbox.status} = 'queued')`.mapWith(Number),
            })
            .from(outbox)
            .where(sql`${outbox.status} <> 'sent'`)
        : null,
    ]);
    const stats: DashboardFigures = {};
    if (catalogue) [stats.categories, stats.subCategories, stats.faqs] = catalogue;
    if (admins) [stats.adminUsers, stats.activeAdminUsers] = admins;
    if (messages) [{ failed: stats.failedMessages, waiting: stats.waitingMessages }] = messages;
    if (money) {
      // bookings and money come from one helper; only the asked sections' keys leave the API
      for (const section of ["bookings", "payments"] as const) {
        if (!asked.has(section)) continue;
        for (const key of DASHBOARD_SECTION_KEYS[section]) Object.assign(stats, { [key]: money[key] });
      }
    }
    return c.json({ data: stats }, 200);
  });
  return router;
}
