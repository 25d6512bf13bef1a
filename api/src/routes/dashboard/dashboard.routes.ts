import {
  DASHBOARD_SECTION_NAMES,
  DASHBOARD_TREND_SECTION_NAMES,
  DashboardFigures,
  DashboardStatsQuery,
  DashboardTrends,
  DashboardTrendsFields,
  MAX_TREND_DAYS,
  trendRange,
} from "~contract/dashboard";
import { chosenByUs, common, createRoute, data, error, json } from "../../lib/openapi";

export const statsRoute = createRoute({
  method: "get",
  path: "/dashboard-stats",
  summary: "Counts for the dashboard",
  ...chosenByUs(
    "Only the sections asked for are computed and answered: categories (categories, subCategories, faqs), bookings (bookingsToday), payments (paymentsAwaitingRelease, releaseRequestsAwaitingApproval — ours: release requests waiting for a second admin —, revenueThisMonth), admin-users (adminUsers, activeAdminUsers), messages (failedMessages: outbox rows failed for good; waitingMessages: rows still to be sent).",
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

export const trendsRoute = createRoute({
  method: "get",
  path: "/dashboard-trends",
  summary: "Trends for the dashboard's charts over a range of days",
  ...chosenByUs(
    `from and to are calendar days in Asia/Kolkata, both included, from ≤ to, at most ${MAX_TREND_DAYS} days. Weeks start on Monday (IST); the first and last weeks are cut to the range (their from/to). Only the sections asked for are computed and answered: bookings (bookingsPerDay: orders created per day; ordersByStatus: every order by its status now), payments (revenuePerWeek: PAYMENT_SUCCESS and WITHDRAWN payments by payment_date, integer paise; paymentsAwaitingRelease: the payments Release can pay out now, count and paise), providers (newProvidersPerWeek: live providers by created_at), users (newUsersPerWeek: live users by joined day), journeys (bookingFunnel: booking journeys started in the range), messages (failedMessages: outbox rows failed for good, by channel).`,
  ),
  request: {
    query: DashboardTrendsFields.extend({
      sections: DashboardTrendsFields.shape.sections.openapi({
        description: `comma-separated: ${DASHBOARD_TREND_SECTION_NAMES.join(", ")}; absent = all; empty = none`,
        example: "bookings,payments",
      }),
    }).superRefine(trendRange),
  },
  responses: {
    200: json(data(DashboardTrends.openapi("DashboardTrends")), "The trends"),
    400: error("Unknown section, or a range that is not from ≤ to within the longest range"),
    ...common,
  },
});
