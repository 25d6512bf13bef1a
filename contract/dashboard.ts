import { z } from "zod";
import type { AccessName } from "./access";
import { OrderDashboardStats } from "./payments";
import { isoDate } from "./api";
import { ORDER_STATUSES } from "./order-values";
import { OUTBOX_CHANNELS } from "./outbox-labels";
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
  payments: ["paymentsAwaitingRelease", "releaseRequestsAwaitingApproval", "revenueThisMonth"],
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

/**
 * GET /dashboard-trends: the dashboard's charts by the area they come from, and the access each
 * needs (several sections may share one access, as in DASHBOARD_SECTIONS).
 */
export const DASHBOARD_TREND_SECTIONS = {
  bookings: "Bookings",
  payments: "Payment",
  providers: "ServiceProvider",
  users: "User",
  journeys: "TrackBookingJourney",
  messages: "ServiceProvider",
} as const satisfies Record<string, AccessName>;
export type DashboardTrendSection = keyof typeof DASHBOARD_TREND_SECTIONS;
export const DASHBOARD_TREND_SECTION_NAMES = Object.keys(DASHBOARD_TREND_SECTIONS) as DashboardTrendSection[];

/** The longest range the trends take, in days (both ends included). */
export const MAX_TREND_DAYS = 366;
export const TREND_MESSAGES = {
  fromAfterTo: "from must be on or before to",
  tooLong: `The range is at most ${MAX_TREND_DAYS} days`,
} as const;

/** Days between two calendar days "YYYY-MM-DD", both included (1 for the same day). */
export const daysInRange = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;

/** GET /dashboard-trends?sections=…&from=YYYY-MM-DD&to=YYYY-MM-DD — days in Asia/Kolkata, both included (refine with trendRange). */
export const DashboardTrendsFields = z.object({
  sections: sectionsParam(DASHBOARD_TREND_SECTION_NAMES),
  from: isoDate.describe("first day, YYYY-MM-DD (India time)"),
  to: isoDate.describe("last day, YYYY-MM-DD (India time), included"),
});

/** from ≤ to, at most MAX_TREND_DAYS days (the 400 names `to`). */
export function trendRange(query: { from: string; to: string }, ctx: z.RefinementCtx) {
  if (query.from > query.to) ctx.addIssue({ code: "custom", path: ["to"], message: TREND_MESSAGES.fromAfterTo });
  else if (daysInRange(query.from, query.to) > MAX_TREND_DAYS)
    ctx.addIssue({ code: "custom", path: ["to"], message: TREND_MESSAGES.tooLong });
}

export const DashboardTrendsQuery = DashboardTrendsFields.superRefine(trendRange);
export type DashboardTrendsQuery = z.input<typeof DashboardTrendsQuery>;

const Count = z.number().int().min(0);
/** paise */
const Paise = z.number().int();
/** A week of the range: its Monday, and its days inside the range (the first and last weeks may be cut). */
const Week = { week: isoDate, from: isoDate, to: isoDate };

export const DashboardTrends = z.object({
  from: isoDate,
  to: isoDate,
  /** orders created each day of the range (bookings) */
  bookingsPerDay: z.array(z.object({ day: isoDate, count: Count })).optional(),
  /** every order by its status now, in ORDER_STATUSES order (bookings) */
  ordersByStatus: z.array(z.object({ status: z.enum(ORDER_STATUSES), count: Count })).optional(),
  /** successful payments (PAYMENT_SUCCESS, WITHDRAWN) by payment_date, summed per week, integer paise (payments) */
  revenuePerWeek: z.array(z.object({ ...Week, paise: Paise, count: Count })).optional(),
  /** the payments Release can pay out now, and their total in paise (payments) */
  paymentsAwaitingRelease: z.object({ count: Count, paise: Paise }).optional(),
  /** live service providers created per week (providers) */
  newProvidersPerWeek: z.array(z.object({ ...Week, count: Count })).optional(),
  /** live users joined per week (users) */
  newUsersPerWeek: z.array(z.object({ ...Week, count: Count })).optional(),
  /**
   * booking journeys started in the range (journeys): started, how many reached each step (booked
   * ones reached them all), how many stopped at each step without an order, and how many became an order
   */
  bookingFunnel: z
    .object({
      started: Count,
      steps: z.array(z.object({ step: z.number().int(), name: z.string(), reached: Count, stopped: Count })),
      allStepsNoOrder: Count,
      booked: Count,
    })
    .optional(),
  /** outbox messages failed for good, by channel (messages) */
  failedMessages: z.object({ total: Count, byChannel: z.array(z.object({ channel: z.enum(OUTBOX_CHANNELS), count: Count })) }).optional(),
});
export type DashboardTrends = z.infer<typeof DashboardTrends>;
