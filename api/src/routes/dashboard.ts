import { Hono } from "hono";
import { count, eq, isNotNull, isNull } from "drizzle-orm";
import type { DashboardStats } from "../../../app/models/audit";
import type { Database } from "../db/client";
import { adminUsers, categories, faqs } from "../db/schema";
import { orderDashboardStats } from "./payments";

export function dashboardRouter(db: Database) {
  const router = new Hono();
  router.get("/dashboard-stats", async (c) => {
    const total = async (query: Promise<{ n: number }[]>) => Number((await query)[0]?.n ?? 0);
    const [topLevel, subCategories, faqCount, admins, activeAdmins, money] = await Promise.all([
      total(db.select({ n: count() }).from(categories).where(isNull(categories.parentCategoryId))),
      total(db.select({ n: count() }).from(categories).where(isNotNull(categories.parentCategoryId))),
      total(db.select({ n: count() }).from(faqs)),
      total(db.select({ n: count() }).from(adminUsers)),
      total(db.select({ n: count() }).from(adminUsers).where(eq(adminUsers.adminStatus, "Active"))),
      orderDashboardStats(db),
    ]);
    const stats: DashboardStats = {
      categories: topLevel,
      subCategories,
      faqs: faqCount,
      adminUsers: admins,
      activeAdminUsers: activeAdmins,
      ...money,
    };
    return c.json({ data: stats });
  });
  return router;
}
