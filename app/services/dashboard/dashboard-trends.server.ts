import { DateTime } from "luxon";
import { hasAccess } from "~contract/access";
import type { AdminUser } from "~contract/admin-users";
import {
  DASHBOARD_TREND_SECTION_NAMES,
  DASHBOARD_TREND_SECTIONS,
  daysInRange,
  MAX_TREND_DAYS,
  type DashboardTrends,
  type DashboardTrendSection,
} from "~contract/dashboard";
import { BOOKING_TABS, orderStatusLabel } from "~contract/order-labels";
import { OUTBOX_CHANNEL_LABELS } from "~contract/outbox-labels";
import { openEntryPath } from "~/models/access";
import {
  DEFAULT_TREND_DAYS,
  TREND_PRESETS,
  type TrendBar,
  type TrendChart,
  type TrendFigure,
  type TrendPreset,
  type TrendRangeView,
  type TrendsView,
} from "~/models/dashboard";
import { MarketplaceError } from "~/services/marketplace/client.server";
import type { Marketplace } from "~/services/marketplace/index.server";
import { formatDate, readDateRange } from "~/utils/dates";
import { formatPaise } from "~shared/money";
import { ADMIN_ZONE } from "~shared/time-zone";

/** The trend sections whose charts this admin may see: each needs the access of the area it comes from. */
export function trendSectionsFor(admin: AdminUser): DashboardTrendSection[] {
  return DASHBOARD_TREND_SECTION_NAMES.filter((section) => hasAccess(admin.adminAccessRoleSettings, DASHBOARD_TREND_SECTIONS[section]));
}

const presetLabel = (days: TrendPreset) => `Last ${days} days`;
const count = (n: number) => n.toLocaleString("en-IN");
const plural = (n: number, one: string, many = `${one}s`) => `${count(n)} ${n === 1 ? one : many}`;

/**
 * The range the URL asks for: `from` and `to` (YYYY-MM-DD, India time, both included, at most
 * MAX_TREND_DAYS days), else `range=7|30|90` (the last days, today included), else the last 30
 * days. A range that cannot be read is said in `errors` and the default is shown.
 */
export function readTrendRange(params: URLSearchParams, today = DateTime.now().setZone(ADMIN_ZONE).toISODate()!) {
  const errors: string[] = [];
  const last = (days: TrendPreset) => ({
    preset: days,
    from: DateTime.fromISO(today, { zone: ADMIN_ZONE })
      .minus({ days: days - 1 })
      .toISODate()!,
    to: today,
  });
  let chosen: { preset: TrendPreset | null; from: string; to: string } | null = null;
  const typedFrom = params.get("from")?.trim() ?? "";
  const typedTo = params.get("to")?.trim() ?? "";
  if (typedFrom || typedTo) {
    const dates = readDateRange({ start_date: typedFrom, end_date: typedTo }, { from: "From", to: "To" });
    errors.push(...dates.errors);
    if (dates.errors.length === 0) {
      if (!dates.start_date || !dates.end_date) errors.push("Choose both days of the range: From and To.");
      else if (daysInRange(dates.start_date, dates.end_date) > MAX_TREND_DAYS) errors.push(`The range is at most ${MAX_TREND_DAYS} days.`);
      else chosen = { preset: null, from: dates.start_date, to: dates.end_date };
    }
  } else {
    const range = params.get("range")?.trim();
    const preset = TREND_PRESETS.find((days) => String(days) === range);
    if (range && !preset) errors.push(`Range "${range.slice(0, 20)}": choose ${TREND_PRESETS.join(", ")} days, or the From and To days.`);
    if (preset) chosen = last(preset);
  }
  const { preset, from, to } = chosen ?? last(DEFAULT_TREND_DAYS);
  const view: TrendRangeView = {
    preset,
    from,
    to,
    label: `${preset ? `${presetLabel(preset)}: ` : ""}${formatDate(from)} to ${formatDate(to)}`,
    presets: TREND_PRESETS.map((days) => ({ days, label: presetLabel(days), href: `/admin?range=${days}`, current: days === preset })),
  };
  return { range: view, errors };
}

/** A list's URL with these filters (the lists read the same keys). */
const withQuery = (path: string | null, query: Record<string, string | number>) =>
  path === null ? null : `${path}?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]))}`;

/**
 * The dashboard's charts for this admin over the range: only the sections of the areas it may open
 * are asked for (null, and no call, without any); a figure links to the list of its rows only where such
 * a list exists and the admin may open it.
 */
export async function dashboardTrends(admin: AdminUser, api: Marketplace, params: URLSearchParams): Promise<TrendsView | null> {
  const sections = trendSectionsFor(admin);
  if (sections.length === 0) return null;
  const { range, errors } = readTrendRange(params);
  let trends: DashboardTrends;
  try {
    trends = await api.raw.getDashboardTrends(sections, { from: range.from, to: range.to });
  } catch (failure) {
    if (!(failure instanceof MarketplaceError)) throw failure;
    return { range, charts: [], figures: [], errors: [...errors, failure.message] };
  }
  const access = admin.adminAccessRoleSettings;
  const open = (to: string) => openEntryPath(access, to);
  const between = `from ${formatDate(range.from)} to ${formatDate(range.to)}`;
  const charts: TrendChart[] = [];
  const figures: TrendFigure[] = [];
  const weekLabel = (w: { from: string; to: string }) =>
    w.from === w.to ? formatDate(w.from) : `${formatDate(w.from)} – ${formatDate(w.to)}`;
  const busiest = (bars: TrendBar[], what: string) => {
    const top = bars.reduce<TrendBar | null>((best, bar) => (bar.value > (best?.value ?? 0) ? bar : best), null);
    return top ? ` The most: ${top.text} (${what} ${top.label}).` : "";
  };

  if (trends.bookingsPerDay) {
    // the Order Payment Status report lists the orders created on the days it is given
    const report = open("/admin/order-payment-status");
    const bars = trends.bookingsPerDay.map(({ day, count: n }) => ({
      label: formatDate(day),
      value: n,
      text: count(n),
      title: `${formatDate(day)}: ${plural(n, "booking")}`,
      href: withQuery(report, { start_date: day, end_date: day }),
    }));
    const total = bars.reduce((sum, b) => sum + b.value, 0);
    const list = open("/admin/bookings");
    charts.push({
      id: "bookings-per-day",
      kind: "columns",
      title: "Bookings per day",
      description: `${plural(total, "booking")} ${between}.${busiest(bars, "on")}`,
      headers: ["Day", "Bookings"],
      bars,
      list: list ? { href: list, name: "Booking List" } : null,
    });
  }
  if (trends.revenuePerWeek) {
    const paymentsList = open("/admin/payments");
    const bars = trends.revenuePerWeek.map((w) => ({
      label: weekLabel(w),
      value: w.paise,
      text: formatPaise(w.paise),
      title: `${weekLabel(w)}: ${formatPaise(w.paise)} from ${plural(w.count, "successful payment")}`,
      href: withQuery(paymentsList, { start_date: w.from, end_date: w.to }),
    }));
    const total = trends.revenuePerWeek.reduce((sum, w) => sum + w.paise, 0);
    const paid = trends.revenuePerWeek.reduce((sum, w) => sum + w.count, 0);
    charts.push({
      id: "revenue-per-week",
      kind: "columns",
      title: "Revenue per week",
      description: `${formatPaise(total)} from ${plural(paid, "successful payment")} ${between} (weeks start on Monday).${busiest(bars, "the week of")}`,
      headers: ["Week", "Revenue"],
      bars,
      list: paymentsList ? { href: withQuery(paymentsList, { start_date: range.from, end_date: range.to })!, name: "Payments" } : null,
    });
  }
  const weekly = (
    id: string,
    title: string,
    noun: string,
    series: { from: string; to: string; count: number }[] | undefined,
    to: string,
    name: string,
  ) => {
    if (!series) return;
    const list = open(to);
    const bars = series.map((w) => ({
      label: weekLabel(w),
      value: w.count,
      text: count(w.count),
      title: `${weekLabel(w)}: ${plural(w.count, noun)}`,
      href: withQuery(list, { start_date: w.from, end_date: w.to }),
    }));
    const total = series.reduce((sum, w) => sum + w.count, 0);
    charts.push({
      id,
      kind: "columns",
      title,
      description: `${plural(total, noun)} ${between} (weeks start on Monday).${busiest(bars, "the week of")}`,
      headers: ["Week", title.replace(/ per week$/, "")],
      bars,
      list: list ? { href: withQuery(list, { start_date: range.from, end_date: range.to })!, name } : null,
    });
  };
  weekly(
    "new-providers-per-week",
    "New providers per week",
    "new provider",
    trends.newProvidersPerWeek,
    "/admin/service-provider",
    "Service Providers",
  );
  weekly("new-users-per-week", "New users per week", "new user", trends.newUsersPerWeek, "/admin/user", "User");

  if (trends.ordersByStatus) {
    const list = open("/admin/bookings");
    const bars = trends.ordersByStatus.map(({ status, count: n }) => {
      const tab = BOOKING_TABS.find((t) => t.status === status);
      return {
        label: orderStatusLabel(status),
        value: n,
        text: count(n),
        title: `${orderStatusLabel(status)}: ${plural(n, "order")}`,
        href: tab ? withQuery(list, { tab: tab.key }) : null,
      };
    });
    const total = bars.reduce((sum, b) => sum + b.value, 0);
    charts.push({
      id: "orders-by-status",
      kind: "rows",
      title: "Orders by status",
      description: `All ${plural(total, "order")} by their status now, whenever booked.`,
      headers: ["Status", "Orders"],
      bars,
      list: list ? { href: list, name: "Booking List" } : null,
    });
  }
  if (trends.bookingFunnel) {
    const funnel = trends.bookingFunnel;
    const journeys = open("/admin/track-booking-journey");
    const stoppedAt = (step: number) => withQuery(journeys, { step, start_date: range.from, end_date: range.to });
    const share = (n: number) => (funnel.started === 0 ? "" : ` (${Math.round((n / funnel.started) * 100)} %)`);
    const bars: TrendBar[] = [
      ...funnel.steps.map((s) => ({
        label: `${s.step}. ${s.name}`,
        value: s.reached,
        text: count(s.reached),
        title: `${s.name}: reached by ${plural(s.reached, "journey")}${share(s.reached)}; ${count(s.stopped)} stopped here`,
        href: null,
      })),
      {
        label: "Completed all steps",
        value: funnel.allStepsNoOrder + funnel.booked,
        text: count(funnel.allStepsNoOrder + funnel.booked),
        title: `Completed all steps: ${plural(funnel.allStepsNoOrder + funnel.booked, "journey")}${share(funnel.allStepsNoOrder + funnel.booked)}; ${count(funnel.allStepsNoOrder)} without an order`,
        href: null,
      },
      {
        label: "Became an order",
        value: funnel.booked,
        text: count(funnel.booked),
        title: `Became an order: ${plural(funnel.booked, "journey")}${share(funnel.booked)}`,
        href: null,
      },
    ];
    charts.push({
      id: "booking-funnel",
      kind: "rows",
      title: "Booking funnel",
      description: `${plural(funnel.started, "booking journey")} started ${between}; ${count(funnel.booked)} became an order${share(funnel.booked)}. Each step: how many reached it.`,
      headers: ["Step", "Reached"],
      bars,
      // the journeys that stopped at each step (not an order) are what the Booking Journey list shows
      stopped: {
        header: "Stopped here",
        cells: [
          ...funnel.steps.map((s) => ({
            text: count(s.stopped),
            href: stoppedAt(s.step),
            name: `${count(s.stopped)} stopped at ${s.name}`,
          })),
          {
            text: count(funnel.allStepsNoOrder),
            href: stoppedAt(6),
            name: `${count(funnel.allStepsNoOrder)} completed all steps without an order`,
          },
          { text: "—", href: null, name: "" },
        ],
      },
      list: journeys ? { href: withQuery(journeys, { start_date: range.from, end_date: range.to })!, name: "Booking Journey" } : null,
    });
  }
  if (trends.paymentsAwaitingRelease) {
    const { count: n, paise } = trends.paymentsAwaitingRelease;
    figures.push({
      label: "Total awaiting release",
      value: formatPaise(paise),
      note: plural(n, "payment"),
      // the Payments filter that lists exactly the payments this total adds up
      href: openEntryPath(access, "/admin/payments", "/admin/payments?releasable=yes"),
    });
  }
  if (trends.failedMessages) {
    const messages = openEntryPath(access, "/admin/service-provider", "/admin/service-provider/messages");
    const bars = trends.failedMessages.byChannel.map(({ channel, count: n }) => ({
      label: OUTBOX_CHANNEL_LABELS[channel],
      value: n,
      text: count(n),
      title: `${OUTBOX_CHANNEL_LABELS[channel]}: ${plural(n, "failed message")}`,
      href: withQuery(messages, { status: "failed", channel }),
    }));
    charts.push({
      id: "failed-messages",
      kind: "rows",
      title: "Failed messages",
      description: `${plural(trends.failedMessages.total, "message")} failed for good and not sent again, whenever queued.`,
      headers: ["Channel", "Failed"],
      bars,
      list: messages ? { href: withQuery(messages, { status: "failed" })!, name: "Sent Messages" } : null,
    });
  }
  return { range, charts, figures, errors };
}
