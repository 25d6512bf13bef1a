import { DateTime } from "luxon";
import type { DashboardTrends } from "~contract/dashboard";
import { formatDate } from "~/utils/dates";
import { ADMIN_ZONE } from "~shared/time-zone";
import { expect, test } from "./fixtures";

test.beforeEach(async ({ loginAs }) => {
  await loginAs("admin");
});

test("the Last 7 days link shows a week of bookings per day, each day's figure as the API counts it", async ({ page, apiCall }) => {
  await page.goto("/admin");
  const trends = page.getByRole("region", { name: "Trends" });
  await expect(trends.getByText(/^Showing Last 30 days: /)).toBeVisible();
  await trends.getByRole("navigation", { name: "Range of the charts" }).getByRole("link", { name: "Last 7 days" }).click();
  await expect(page).toHaveURL(/\/admin\?range=7$/);
  const today = DateTime.now().setZone(ADMIN_ZONE);
  const from = today.minus({ days: 6 });
  await expect(trends.getByText(`Showing Last 7 days: ${formatDate(from.toISODate())} to ${formatDate(today.toISODate())}`)).toBeVisible();
  await expect(trends.getByRole("link", { name: "Last 7 days" })).toHaveAttribute("aria-current", "page");

  const chart = page.getByRole("region", { name: "Bookings per day" });
  await expect(chart.getByRole("img", { name: "Bookings per day" })).toBeVisible();
  await chart.getByText("Figures of bookings per day").click();
  const rows = chart.getByRole("table").locator("tbody tr");
  await expect(rows).toHaveCount(7);
  // no test makes an order dated today or this week (copies keep the demo order's date): the figures hold still
  const { data } = await apiCall<{ data: DashboardTrends }>(
    `/dashboard-trends?sections=bookings&from=${from.toISODate()}&to=${today.toISODate()}`,
  );
  for (const [i, day] of data.bookingsPerDay!.entries()) {
    await expect(rows.nth(i).getByRole("rowheader")).toHaveText(formatDate(day.day));
    await expect(rows.nth(i).getByRole("cell").first()).toHaveText(day.count.toLocaleString("en-IN"));
  }
});

test("a week's new users figure opens the Users list of the users who joined that week", async ({ page, apiCall }, testInfo) => {
  // a week of this project's and attempt's own, far ahead, where nothing else joins
  const monday = DateTime.fromISO("2033-01-03", { zone: ADMIN_ZONE }).plus({
    weeks: (testInfo.project.name === "no-js" ? 20 : 0) + testInfo.retry * 2,
  });
  const { data: user } = await apiCall<{ data: { username: string } }>("/test-fixtures/users", {
    method: "POST",
    body: { created_at: monday.plus({ days: 2, hours: 11 }).toISO() },
  });
  await page.goto("/admin");
  const trends = page.getByRole("region", { name: "Trends" });
  await trends.getByLabel("From", { exact: true }).fill(monday.toISODate()!);
  await trends.getByLabel("To", { exact: true }).fill(monday.plus({ days: 13 }).toISODate()!);
  await trends.getByRole("button", { name: "Show" }).click();
  await expect(page).toHaveURL(new RegExp(`/admin\\?from=${monday.toISODate()}&to=${monday.plus({ days: 13 }).toISODate()}$`));

  const chart = page.getByRole("region", { name: "New users per week" });
  // the chart's sentence (the picture's <desc> says the same)
  await expect(chart.locator("p").first()).toHaveText(/^1 new user from /);
  await chart.getByText("Figures of new users per week").click();
  const week = `${formatDate(monday.toISODate())} – ${formatDate(monday.plus({ days: 6 }).toISODate())}`;
  const figure = chart.getByRole("link", { name: `${week}: 1 new user` });
  await expect(figure).toHaveText("1");
  await figure.click();
  await expect(page).toHaveURL(
    new RegExp(`/admin/user\\?start_date=${monday.toISODate()}&end_date=${monday.plus({ days: 6 }).toISODate()}$`),
  );
  await expect(page.getByRole("heading", { name: "Users", level: 1 })).toBeVisible();
  await expect(page.locator("table.data-table tbody tr")).toHaveCount(1);
  await expect(page.locator("table.data-table tbody tr")).toContainText(user.username);
});

test("an admin without the areas' access sees no trends; a range that cannot be read is said, not a crash", async ({ page, loginAs }) => {
  await page.goto("/admin?from=2033-02-10&to=2033-02-01");
  await expect(page.getByRole("alert").filter({ hasText: "From must be on or before To." })).toBeVisible();
  await expect(page.getByRole("region", { name: "Trends" }).getByText(/^Showing Last 30 days: /)).toBeVisible();

  await loginAs("catalog");
  await page.goto("/admin?range=7");
  await expect(page.getByRole("heading", { name: "Welcome, catalog" })).toBeVisible();
  await expect(page.getByRole("region", { name: "Trends" })).toHaveCount(0);
});
