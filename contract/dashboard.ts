import { z } from "zod";
import type { AccessName } from "./access";
import { OrderDashboardStats } from "./payments";
import { sectionsParam } from "./sections";

/**
 * The dashboard's figures by the area they come from, and the access each needs: the admin asks
 * the API only for the sections its admin may see, and the API computes only those.
 */
export const DASHBOARD_SECTIONS = {
  categories: "Category",
  bookings: "Bookings",
  payments: "Payment",
  "admin-users": "AdminUsers",
  messages: "ServiceProvider",
} as const satisfies Record<string, AccessName>;
export type DashboardSection = keyof typeof DASHBOARD_SECTIONS;
export const DASHBOARD_SECTION_NAMES = Object.keys(DASHBOARD_SECTIONS) as DashboardSection[];

/** The keys of GET /dashboard-stats each section gives. */
export const DASHBOARD_SECTION_KEYS = {
  categories: ["categories", "subCategories", "faqs"],
  bookings: ["bookingsToday"],
  payments: ["paymentsAwaitingRelease", "revenueThisMonth"],
  "admin-users": ["adminUsers", "activeAdminUsers"],
  messages: ["failedMessages", "waitingMessages"],
} as const satisfies Record<DashboardSection, readonly string[]>;

/** GET /dashboard-stats?sections=categories,payments — a comma-separated list; absent = every section. */
export const DashboardStatsQuery = z.object({ sections: sectionsParam(DASHBOARD_SECTION_NAMES) });

/** GET /dashboard-stats's data: the figures of the sections asked for, no other. */
export const DashboardFigures = z.object({
  categories: z.number().int().optional(),
  subCategories: z.number().int().optional(),
  faqs: z.number().int().optional(),
  adminUsers: z.number().int().optional(),
  activeAdminUsers: z.number().int().optional(),
  /** outbox rows failed for good, and rows still to be sent (queued, sending or waiting to retry) */
  failedMessages: z.number().int().optional(),
  waitingMessages: z.number().int().optional(),
  ...OrderDashboardStats.partial().shape,
});
export type DashboardFigures = z.infer<typeof DashboardFigures>;
