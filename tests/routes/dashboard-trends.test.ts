import { DateTime } from "luxon";
import { createElement as h } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { DashboardTrends } from "~contract/dashboard";
import { TrendChartPanel } from "~/components/dashboard/trend-chart";
import { ServerHtml, ServerHtmlContext } from "~/components/server-html";
import type { TrendChart, TrendsView } from "~/models/dashboard";
import type { UsersPageData } from "~/models/users";
import * as dashboard from "~/routes/admin._index";
import { requireAdmin } from "~/services/auth.server";
import { dashboardTrends } from "~/services/dashboard/dashboard-trends.server";
import * as usersRoute from "~/routes/admin.user";
import { formatDate } from "~/utils/dates";
import { ADMIN_ZONE } from "~shared/time-zone";
import { apiCall, callRoute, requestAs, type DemoAdminName } from "../support/routes";

type Page = { cards: { label: string }[]; trends?: TrendsView };
/** the page's cards (the loader) and its trends as the server draws them (the service the loader calls) */
const load = async (who: DemoAdminName, path = "/admin"): Promise<Page> => {
  const { cards } = (await callRoute(dashboard, await requestAs(who, path))) as Page;
  const request = await requestAs(who, path);
  const { admin, api } = await requireAdmin(request, "always");
  return { cards, trends: (await dashboardTrends(admin, api, new URL(request.url).searchParams)) ?? undefined };
};
/** the loader's answer as the page gets it */
const loaderData = async (who: DemoAdminName, path = "/admin", context: Record<string, unknown> = {}) =>
  (await callRoute(dashboard, await requestAs(who, path), {}, Object.assign(context, { clientAddress: "127.0.0.1", cspNonce: "n" }))) as {
    cards: unknown[];
    trends?: string | null;
  };
const chart = (page: Page, id: string): TrendChart => {
  const found = page.trends!.charts.find((c) => c.id === id);
  if (!found) throw new Error(`no chart ${id}`);
  return found;
};
const today = () => DateTime.now().setZone(ADMIN_ZONE);
/** days in 2032 no other test writes to: this file's own users join then */
const RANGE = { from: "2032-06-07", to: "2032-06-20" };

describe("dashboard trends (/admin)", () => {
  it("shows the last 30 days by default, or the 7 / 30 / 90 days the URL names, with links for each", async () => {
    const standard = (await load("admin")).trends!;
    expect(standard.range).toMatchObject({ preset: 30, to: today().toISODate(), from: today().minus({ days: 29 }).toISODate() });
    expect(standard.range.label).toBe(`Last 30 days: ${formatDate(standard.range.from)} to ${formatDate(standard.range.to)}`);
    expect(standard.range.presets.map((p) => [p.label, p.href, p.current])).toEqual([
      ["Last 7 days", "/admin?range=7", false],
      ["Last 30 days", "/admin?range=30", true],
      ["Last 90 days", "/admin?range=90", false],
    ]);
    const week = (await load("admin", "/admin?range=7")).trends!;
    expect(week.errors).toEqual([]);
    expect(week.range).toMatchObject({ preset: 7, from: today().minus({ days: 6 }).toISODate() });
    expect(chart({ cards: [], trends: week }, "bookings-per-day").bars).toHaveLength(7);
    const quarter = (await load("admin", "/admin?range=90")).trends!;
    expect(chart({ cards: [], trends: quarter }, "bookings-per-day").bars).toHaveLength(90);
  });

  it("shows every chart to an admin with every access, each figure from GET /dashboard-trends, linking to its list", async () => {
    const page = await load("admin", `/admin?from=${RANGE.from}&to=${RANGE.to}`);
    expect(page.trends!.range).toMatchObject({ preset: null, ...RANGE, label: "07-Jun-2032 to 20-Jun-2032" });
    expect(page.trends!.charts.map((c) => c.id)).toEqual([
      "bookings-per-day",
      "revenue-per-week",
      "new-providers-per-week",
      "new-users-per-week",
      "orders-by-status",
      "booking-funnel",
      "failed-messages",
    ]);
    const { data } = await apiCall<{ data: DashboardTrends }>(`/dashboard-trends?${new URLSearchParams(RANGE)}`);
    const perDay = chart(page, "bookings-per-day");
    expect(perDay.bars.map((b) => b.value)).toEqual(data.bookingsPerDay!.map((d) => d.count));
    // a day's bookings are the Order Payment Status report of that day
    expect(perDay.bars[0]).toMatchObject({
      label: "07-Jun-2032",
      href: "/admin/order-payment-status?start_date=2032-06-07&end_date=2032-06-07",
    });
    const revenue = chart(page, "revenue-per-week");
    expect(revenue.bars.map((b) => b.label)).toEqual(["07-Jun-2032 – 13-Jun-2032", "14-Jun-2032 – 20-Jun-2032"]);
    expect(revenue.bars.map((b) => b.value)).toEqual(data.revenuePerWeek!.map((w) => w.paise));
    expect(revenue.bars[0].href).toBe("/admin/payments?start_date=2032-06-07&end_date=2032-06-13");
    expect(revenue.bars[0].text).toBe("₹0.00");
    const statuses = chart(page, "orders-by-status");
    expect(statuses.bars.map((b) => [b.label, b.value])).toEqual(data.ordersByStatus!.map((s) => [expect.any(String), s.count]));
    expect(statuses.bars.find((b) => b.label === "Completed")!.href).toBe("/admin/bookings?tab=completed");
    const funnel = chart(page, "booking-funnel");
    expect(funnel.stopped!.cells[0].href).toBe("/admin/track-booking-journey?step=1&start_date=2032-06-07&end_date=2032-06-20");
    expect(chart(page, "failed-messages").bars.map((b) => b.href)).toEqual([
      "/admin/service-provider/messages?status=failed&channel=email",
      "/admin/service-provider/messages?status=failed&channel=whatsapp",
    ]);
    expect(page.trends!.figures).toEqual([
      {
        label: "Total awaiting release",
        value: expect.stringMatching(/^₹/),
        note: expect.stringMatching(/payments?$/),
        href: "/admin/payments?releasable=yes",
      },
    ]);
    // the existing cards stay as they were
    expect(page.cards.map((c) => c.label)).toContain("Payments awaiting release");
  });

  it("counts the users who joined each week, and a week's figure opens the Users list of exactly those users", async () => {
    for (const day of ["2032-06-08", "2032-06-13", "2032-06-15"]) {
      await apiCall("/test-fixtures/users", { method: "POST", body: { created_at: `${day}T12:00:00+05:30` } });
    }
    const page = await load("admin", `/admin?from=${RANGE.from}&to=${RANGE.to}`);
    const users = chart(page, "new-users-per-week");
    expect(users.bars.map((b) => [b.label, b.value, b.title])).toEqual([
      ["07-Jun-2032 – 13-Jun-2032", 2, "07-Jun-2032 – 13-Jun-2032: 2 new users"],
      ["14-Jun-2032 – 20-Jun-2032", 1, "14-Jun-2032 – 20-Jun-2032: 1 new user"],
    ]);
    expect(users.description).toBe(
      "3 new users from 07-Jun-2032 to 20-Jun-2032 (weeks start on Monday). The most: 2 (the week of 07-Jun-2032 – 13-Jun-2032).",
    );
    const answer = (await callRoute(usersRoute, await requestAs("admin", users.bars[0].href!))) as { data?: UsersPageData } & UsersPageData;
    const list = answer.data ?? answer;
    expect(list.total).toBe(2);
    expect(list.rows).toHaveLength(2);
    expect(users.list).toEqual({ href: `/admin/user?start_date=${RANGE.from}&end_date=${RANGE.to}`, name: "User" });
  });

  it("shows only the charts of the areas the admin may open, and links only to pages it may open", async () => {
    // support: Bookings, Service Providers, Users (no Payment, no Booking Journey)
    const support = await load("support", `/admin?from=${RANGE.from}&to=${RANGE.to}`);
    expect(support.trends!.charts.map((c) => c.id)).toEqual([
      "bookings-per-day",
      "new-providers-per-week",
      "new-users-per-week",
      "orders-by-status",
      "failed-messages",
    ]);
    expect(support.trends!.figures).toEqual([]);
    // the Order Payment Status report needs Payment: the days' figures link nowhere
    expect(chart(support, "bookings-per-day").bars.every((b) => b.href === null)).toBe(true);
    expect(JSON.stringify(support.trends)).not.toMatch(/₹|Revenue|awaiting release|order-payment-status|\/admin\/payments/);
    // catalog and viewer see no trends at all
    for (const who of ["catalog", "viewer"] as const) expect((await load(who)).trends, who).toBeUndefined();
  });

  it("says what is wrong with a range it cannot read and shows the last 30 days instead", async () => {
    const cases: [string, string][] = [
      ["/admin?from=2032-06-20&to=2032-06-07", "From must be on or before To."],
      ["/admin?from=2030-01-01&to=2032-01-01", "The range is at most 366 days."],
      ["/admin?from=2032-13-01&to=2032-06-07", 'From "2032-13-01" is not a date (use YYYY-MM-DD).'],
      ["/admin?from=2032-06-01", "Choose both days of the range: From and To."],
      ["/admin?range=365", 'Range "365": choose 7, 30, 90 days, or the From and To days.'],
    ];
    for (const [path, message] of cases) {
      const page = await load("admin", path);
      expect(page.trends!.errors, path).toEqual([message]);
      expect(page.trends!.range, path).toMatchObject({ preset: 30, to: today().toISODate() });
      expect(page.trends!.charts.length, path).toBe(7);
    }
  });
});

describe("a trend chart's markup", () => {
  it("is one SVG picture named and described, a tooltip per bar, no link inside the picture, and a table with the figures and their links", async () => {
    const page = await load("admin", `/admin?from=${RANGE.from}&to=${RANGE.to}`);
    const render = (c: TrendChart) => renderToStaticMarkup(h(TrendChartPanel, { chart: c }));
    const users = chart(page, "new-users-per-week");
    const html = render(users);
    const svg = html.match(/<svg role="img"[^>]*>.*?<\/svg>/s)![0];
    expect(svg).toContain('aria-labelledby="new-users-per-week-svg-title new-users-per-week-svg-desc"');
    expect(svg).toContain(`<title id="new-users-per-week-svg-title">New users per week</title>`);
    expect(svg).toContain(`<desc id="new-users-per-week-svg-desc">${users.description}</desc>`);
    for (const bar of users.bars) expect(svg).toContain(`<title>${bar.title}</title>`);
    expect(svg).not.toMatch(/<a\b/);
    // colours come from the theme's tokens (dark mode), never fixed in the markup
    expect(svg).not.toMatch(/fill="#|stroke="#/);
    // the links over the bars are for the mouse only; the table's are for everyone
    expect(html).toMatch(
      /<div class="trend-hits" aria-hidden="true"[^>]*><a href="\/admin\/user\?start_date=2032-06-07&amp;end_date=2032-06-13" tabindex="-1" title="[^"]+"><\/a>/,
    );
    const table = html.match(/<table class="trend-table".*?<\/table>/s)![0];
    expect(table).toContain('<th scope="col">Week</th><th scope="col">New users</th>');
    expect(table).toContain(
      `<a href="/admin/user?start_date=2032-06-07&amp;end_date=2032-06-13" aria-label="${users.bars[0].title}">${users.bars[0].text}</a>`,
    );
    // a chart of kinds is the table itself, each row with its bar (hidden from screen readers)
    const statuses = render(chart(page, "orders-by-status"));
    expect(statuses).toMatch(/<table class="trend-table" aria-describedby="orders-by-status-desc">/);
    expect(statuses).toMatch(/<td class="trend-row-bar" aria-hidden="true"><svg/);
  });
});

describe("the dashboard's loader", () => {
  it("draws the trends on the server: the markup, or on a page request none (it goes to the render by the load context)", async () => {
    const data = await loaderData("admin", "/admin?range=7");
    expect(data.trends).toMatch(/^<section aria-labelledby="trends-title" class="trends">/);
    expect(data.trends).toContain('<a href="/admin?range=7" aria-current="page">Last 7 days</a>');
    expect(data.trends).toContain('data-chart="bookings-per-day"');
    const context: Record<string, unknown> = { documentRequest: true };
    const page = await loaderData("admin", "/admin?range=7", context);
    expect(page.trends).toBeNull();
    expect((context.serverHtml as Record<string, string>)["dashboard-trends"]).toBe(data.trends);
    // nothing for an admin who may see no trends
    for (const who of ["catalog", "viewer"] as const) expect("trends" in (await loaderData(who)), who).toBe(false);
  });

  it("shows a range it cannot read as an alert, not a failure", async () => {
    const data = await loaderData("admin", "/admin?from=2032-06-20&to=2032-06-07");
    expect(data.trends).toContain('<div role="alert" class="form-error">From must be on or before To.</div>');
    expect(data.trends).toContain("Showing Last 30 days: ");
  });
});

describe("a server-drawn island (components/server-html.tsx)", () => {
  it("renders the load context's markup on a document, the data's after a client navigation", () => {
    const markup = '<section class="trends"><h2>Trends</h2></section>';
    const onDocument = renderToStaticMarkup(
      h(ServerHtmlContext.Provider, { value: { "dashboard-trends": markup } }, h(ServerHtml, { id: "dashboard-trends", html: null })),
    );
    expect(onDocument).toBe(`<div id="dashboard-trends">${markup}</div>`);
    expect(renderToStaticMarkup(h(ServerHtml, { id: "dashboard-trends", html: markup }))).toBe(
      `<div id="dashboard-trends">${markup}</div>`,
    );
  });
});
