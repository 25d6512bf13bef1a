import { DateTime } from "luxon";
import type { Page } from "@playwright/test";
import { expect, sortByHeader, test } from "./fixtures";
import type { RatingRecord } from "~contract/ratings";

test.beforeEach(async ({ loginAs }) => {
  await loginAs("admin");
});

/** An order of this test's own (a copy of a demo Completed order), rated by its customer through the API. */
async function ratedOrder(apiCall: typeof import("./fixtures").apiCall, serviceType: string, type: string, comment: string) {
  const { data: order } = await apiCall<{ data: { order_id: number; short_id: string } }>("/test-fixtures/orders", {
    method: "POST",
    body: { serviceType, status: "Completed" },
  });
  const { data: rating } = await apiCall<{ data: RatingRecord }>("/create-rating", {
    method: "POST",
    body: { order_id: order.order_id, type, comment },
  });
  return rating;
}

async function filter(page: Page, values: { service?: string; type?: string; from?: string; to?: string }) {
  const panel = page.locator("details.filter-panel");
  if (!(await panel.evaluate((d) => (d as HTMLDetailsElement).open))) await page.getByText("Filter", { exact: true }).click();
  await page.getByLabel("Service").selectOption(values.service ?? "");
  await page.getByLabel("Type").selectOption(values.type ?? "");
  await page.getByLabel("From Date").fill(values.from ?? "");
  await page.getByLabel("To Date").fill(values.to ?? "");
  await page.getByRole("button", { name: "Submit" }).click();
}

test("the Service, Type and date filters narrow the list to this test's ratings, all in the URL", async ({ page, apiCall }) => {
  const consultation = await ratedOrder(apiCall, "Consultation", "Excellent", "Clear advice, on time.");
  const service = await ratedOrder(apiCall, "Service", "Poor", "Delivered late.");
  const today = DateTime.now().setZone("Asia/Kolkata").toISODate()!;
  const yesterday = DateTime.now().setZone("Asia/Kolkata").minus({ days: 1 }).toISODate()!;
  const orderLink = (r: RatingRecord) => page.getByRole("link", { name: `Open order ${r.short_id}` });

  await page.goto("/admin/rating?page_size=100");
  await expect(page.getByRole("heading", { name: "Ratings", level: 1 })).toBeVisible();
  await expect(orderLink(consultation)).toBeVisible();
  await expect(orderLink(service)).toBeVisible();

  await filter(page, { service: "Consultation", type: "Excellent", from: today, to: today });
  await expect(page).toHaveURL(new RegExp(`serviceType=Consultation&type=Excellent&start_date=${today}&end_date=${today}`));
  await expect(page).toHaveURL(/page_size=100/);
  await expect(orderLink(consultation)).toBeVisible();
  await expect(orderLink(service)).toHaveCount(0);
  const row = page.locator("tr", { has: orderLink(consultation) });
  for (const text of [
    consultation.userUsername,
    consultation.serviceProviderUsername,
    "Consultation",
    "Excellent",
    "Clear advice, on time.",
  ]) {
    await expect(row).toContainText(text);
  }
  const types = await page
    .locator("table.data-table tbody [data-type]")
    .evaluateAll((badges) => badges.map((b) => b.getAttribute("data-type")));
  expect(new Set(types)).toEqual(new Set(["Excellent"]));
  await page.screenshot({ path: `test-results/shots/ratings-filtered-${test.info().project.name}.png`, fullPage: true });

  await filter(page, { service: "Service", type: "Poor", from: today });
  await expect(page).toHaveURL(/serviceType=Service&type=Poor/);
  await expect(orderLink(service)).toBeVisible();
  await expect(page.locator("tr", { has: orderLink(service) })).toContainText("Delivered late.");
  await expect(orderLink(consultation)).toHaveCount(0);

  // only the Service filter: the Consultation one goes, whatever the type
  await filter(page, { service: "Consultation" });
  await expect(orderLink(consultation)).toBeVisible();
  await expect(orderLink(service)).toHaveCount(0);

  // days before today hold neither
  await filter(page, { to: yesterday });
  await expect(page).toHaveURL(new RegExp(`end_date=${yesterday}`));
  await expect(page.getByRole("status").filter({ hasText: /Showing \d+ to \d+ of \d+ entries/ })).toBeVisible();
  await expect(orderLink(consultation)).toHaveCount(0);
  await expect(orderLink(service)).toHaveCount(0);

  // a backwards range is told and not applied
  await filter(page, { from: today, to: yesterday });
  await expect(page.getByRole("alert")).toContainText("From Date must be on or before To Date.");
  await expect(orderLink(consultation)).toBeVisible();

  await page.getByRole("link", { name: "Reset" }).click();
  await expect(page).toHaveURL(/\/admin\/rating\?page_size=100$/);
});

test("the order id opens the order's detail page", async ({ page, apiCall }) => {
  const rating = await ratedOrder(apiCall, "Retainership", "Very Good", "Kept our books in order.");
  await page.goto(`/admin/rating?serviceType=Retainership&type=Very+Good&page_size=100`);
  await expect(page.getByLabel("Service")).toHaveValue("Retainership");
  await expect(page.getByLabel("Type")).toHaveValue("Very Good");
  await page.getByRole("link", { name: `Open order ${rating.short_id}` }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/bookings/${rating.order_id}$`));
  await expect(page.getByRole("heading", { name: `Booking ${rating.short_id}` })).toBeVisible();
});

test("an admin without Ratings access cannot open the list", async ({ page, loginAs }) => {
  await loginAs("support");
  const response = await page.goto("/admin/rating");
  expect(response?.status()).toBe(403);
});

test("sort by Type and Date: a header click orders the rows, a second click reverses them; the filter keeps the sort", async ({
  page,
  apiCall,
}) => {
  // three ratings of this test's own, rated one after the other (so their dates run good, poor, excellent)
  const good = await ratedOrder(apiCall, "Consultation", "Good", "Sort test: good.");
  const poor = await ratedOrder(apiCall, "Consultation", "Poor", "Sort test: poor.");
  const excellent = await ratedOrder(apiCall, "Consultation", "Excellent", "Sort test: excellent.");
  const mine = [good, poor, excellent].map((r) => r.short_id);
  // the order ids of this test's rows, top to bottom
  const order = async () =>
    (await page.locator("tbody tr td:first-child").allTextContents()).map((t) => t.trim()).filter((t) => mine.includes(t));
  const expectOrder = (...ratings: RatingRecord[]) => expect.poll(order).toEqual(ratings.map((r) => r.short_id));

  await page.goto("/admin/rating?page_size=100&serviceType=Consultation");
  await expectOrder(excellent, poor, good);

  await sortByHeader(page, "Type", "ascending");
  await expect(page).toHaveURL(/sortField=type&sortOrder=asc/);
  await expectOrder(poor, good, excellent);
  await sortByHeader(page, "Type", "descending");
  await expect(page).toHaveURL(/sortField=type&sortOrder=desc/);
  await expectOrder(excellent, good, poor);

  await sortByHeader(page, "Date", "ascending");
  await expect(page).toHaveURL(/sortField=created_at&sortOrder=asc/);
  await expectOrder(good, poor, excellent);
  await sortByHeader(page, "Date", "descending");
  await expectOrder(excellent, poor, good);

  // a filter keeps the sort
  await filter(page, { service: "Consultation", type: "Poor" });
  await expect(page).toHaveURL(/sortField=created_at&sortOrder=desc/);
  await expectOrder(poor);
});
