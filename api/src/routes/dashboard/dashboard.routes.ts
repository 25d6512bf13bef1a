import { DASHBOARD_SECTION_NAMES, DashboardFigures, DashboardStatsQuery } from "~contract/dashboard";
import { chosenByUs, common, createRoute, data, error, json } from "../../lib/openapi";

export const statsRoute = createRoute({
  method: "get",
  path: "/dashboard-stats",
  summary: "Counts for the dashboard",
  ...chosenByUs(
    "Only the sections asked for are computed and answered: categories (categories, subCategories, faqs), bookings (bookingsToday), payments (paymentsAwaitingRelease, revenueThisMonth), admin-users (adminUsers, activeAdminUsers), messages (failedMessages: outbox rows failed for good; waitingMessages: rows still to be sent).",
  ),
  request: {
    query: DashboardStatsQuery.extend({
      sections: DashboardStatsQuery.shape.sections.openapi({
        description: `comma-separated: ${DASHBOARD_SECTION_NAMES.join(", ")}; absent = all; empty = none`,
        example: "categories,bookings",
      }),
    }),
  },
  responses: { 200: json(data(DashboardFigures.openapi("DashboardStats")), "The counts"), 400: error("Unknown section"), ...common },
});
