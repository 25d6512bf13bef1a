import type { Page } from "@playwright/test";
import { expect, sortByHeader, test } from "./fixtures";

const TABS: [string, string, string | null][] = [
  ["All Booking", "all", null],
  ["Pending", "pending", "Pending"],
  ["In Progress", "in-progress", "In Progress"],
  ["Scheduled Consultations", "scheduled", "Scheduled"],
  ["Partially Completed", "partially-completed", "Partially Completed"],
  ["Completed", "completed", "Completed"],
  ["Canceled", "canceled", "Cancelled"],
  ["Tickets", "tickets", "Tickets"],
];

test.beforeEach(async ({ loginAs }) => {
  await loginAs("admin");
});

/** sortByHeader for a header whose name is part of another's ("Date" / "Release date", "Status" / "Payment Status"). */
async function sortByExactHeader(page: Page, header: string, order: "ascending" | "descending") {
  const th = page.getByRole("columnheader", { name: header, exact: true });
  await th.getByRole("link").click();
  await expect(th).toHaveAttribute("aria-sort", order);
}

test("each tab is a link that filters the list by status", async ({ page }) => {
  await page.goto("/admin/bookings");
  await expect(page.getByRole("heading", { name: "Booking List" })).toBeVisible();
  const tabs = page.getByRole("navigation", { name: "Booking status" });
  await expect(tabs.getByRole("link", { name: "All Booking" })).toHaveAttribute("aria-current", "page");
  for (const [label, key, badge] of TABS.slice(1)) {
    await tabs.getByRole("link", { name: label, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`[?&]tab=${key}(&|$)`));
    await expect(tabs.getByRole("link", { name: label, exact: true })).toHaveAttribute("aria-current", "page");
    const badges = page.locator("table.data-table tbody .rt-Badge");
    await expect(badges.first()).toBeVisible();
    const texts = await badges.allTextContents();
    expect(new Set(texts), label).toEqual(new Set([badge]));
  }
});

test("search and paging live in the URL", async ({ page, apiCall }) => {
  const { data } = await apiCall("/get-bookings?page_size=1");
  const shortId: string = data[0].short_id;
  await page.goto("/admin/bookings?tab=all");
  await expect(page.getByRole("status").filter({ hasText: "Showing 1 to 10 of" })).toBeVisible();
  await page.getByRole("link", { name: "Page 2" }).click();
  await expect(page).toHaveURL(/page=2/);
  await expect(page.getByText(/Showing 11 to 20 of \d+ entries/)).toBeVisible();

  await page.getByLabel("Search bookings").fill(shortId);
  await page.getByRole("main").getByRole("button", { name: "Search", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`search=${shortId}`));
  await expect(page.getByText("Showing 1 to 1 of 1 entries")).toBeVisible();
  await page.getByRole("link", { name: `Open booking ${shortId}` }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/bookings/${data[0].order_id}$`));
  await expect(page.getByRole("heading", { name: `Booking ${shortId}` })).toBeVisible();
});

test("the payment-details dialog shows the gateway answer", async ({ page, apiCall }) => {
  const { data } = await apiCall("/get-bookings?status=Completed&page_size=1");
  const row = data[0];
  await page.goto("/admin/bookings?tab=completed");
  await page.screenshot({ path: `test-results/shots/bookings-list-${test.info().project.name}.png`, fullPage: true });
  await page.getByRole("link", { name: `Payment details of ${row.short_id}` }).click();
  await expect(page).toHaveURL(new RegExp(`payment=${row.order_id}`));
  const dialog = page.getByRole("dialog", { name: `Payment details — ${row.short_id}` });
  await expect(dialog).toBeVisible();
  await expect(dialog.locator("pre")).toContainText(`"merchantTransactionId"`);
  await expect(dialog.locator("dl")).toContainText(row.phonepe_response.data.transactionId);
  await page.screenshot({ path: `test-results/shots/bookings-payment-${test.info().project.name}.png`, fullPage: false });
  await dialog.getByRole("link", { name: "Close" }).click();
  await expect(page).not.toHaveURL(/payment=/);
  await expect(page.getByRole("dialog")).toHaveCount(0);
});

test("payment details open from a URL for a booking on another page or tab; an unknown id is told", async ({ page, apiCall }) => {
  const firstPage = new Set((await apiCall("/get-bookings?page_size=10")).data.map((r: { order_id: number }) => r.order_id));
  const { data } = await apiCall("/get-bookings?status=Completed&page_size=100");
  const row = data.find((r: { order_id: number; phonepe_response: unknown }) => !firstPage.has(r.order_id) && r.phonepe_response);
  // the Pending tab does not hold this Completed booking
  await page.goto(`/admin/bookings?tab=pending&payment=${row.order_id}`);
  await expect(page.getByRole("link", { name: `Payment details of ${row.short_id}` })).toHaveCount(0);
  const dialog = page.getByRole("dialog", { name: `Payment details — ${row.short_id}` });
  await expect(dialog).toBeVisible();
  await expect(dialog.locator("dl")).toContainText(row.phonepe_response.data.transactionId);
  await expect(dialog.locator("pre")).toContainText(`"merchantTransactionId"`);
  await dialog.getByRole("link", { name: "Close" }).click();
  await expect(page).not.toHaveURL(/payment=/);
  await expect(page).toHaveURL(/tab=pending/);
  await expect(page.getByRole("dialog")).toHaveCount(0);

  await page.goto("/admin/bookings?page=2&payment=999999999");
  const notice = page.getByRole("dialog", { name: "Order not found" });
  await expect(notice).toBeVisible();
  await expect(notice).toContainText("No booking has the id 999999999");
  await notice.getByRole("link", { name: "Close" }).click();
  await expect(page).toHaveURL(/page=2$/);
  await expect(page.getByRole("dialog")).toHaveCount(0);
});

test("service types read in words in the list (Add-On Service, never AddOnService)", async ({ page, apiCall }) => {
  const [addOn] = (await apiCall("/get-bookings?serviceType=AddOnService&status=PartialyCompleted&page_size=1")).data;
  await page.goto(`/admin/bookings?search=${addOn.short_id}`);
  const row = page.locator("table.data-table tbody tr").filter({ hasText: addOn.short_id });
  await expect(row).toContainText("Add-On Service");
  await expect(row.locator(".rt-Badge")).toHaveText("Partially Completed");
  await page.goto("/admin/bookings?page_size=100");
  await expect(page.locator("table.data-table tbody tr").first()).toBeVisible();
  expect(await page.locator("table.data-table").innerText()).not.toMatch(/AddOnService|PartialyCompleted|InProgress/);
});

test("sort by Charges, Created At and Status: a header click orders the rows, a second click reverses them; tabs and search keep the sort", async ({
  page,
  apiCall,
}) => {
  // this test's own bookings: copies of three demo Completed orders (their charges and dates)
  const mine: string[] = [];
  for (const [serviceType, variant] of [
    ["Consultation", 0],
    ["Service", 0],
    ["Service", 1],
  ] as const) {
    const { data } = await apiCall<{ data: { short_id: string } }>("/test-fixtures/orders", {
      method: "POST",
      body: { serviceType, status: "Completed", variant },
    });
    mine.push(data.short_id);
  }
  const rowsOf = page.locator("table.data-table tbody tr");
  const column = async (n: number) => (await rowsOf.locator(`td:nth-child(${n})`).allTextContents()).map((t) => t.trim());
  const charges = async () => (await column(6)).map((t) => Number(t.replace(/[^\d.]/g, "")));
  // "dd-mm-yyyy hh:mm" as "yyyy-mm-dd hh:mm", so the text sorts as the time
  const times = async () =>
    (await column(2)).map((t) => {
      const [day, time] = t.split(" ");
      return `${day.split("-").reverse().join("-")} ${time}`;
    });
  const ascending = <T>(values: T[]) => [...values].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const link = (shortId: string) => page.getByRole("link", { name: `Open booking ${shortId}` });

  await page.goto("/admin/bookings?tab=completed&page_size=100");
  for (const shortId of mine) await expect(link(shortId)).toBeVisible();

  await sortByHeader(page, "Charges", "ascending");
  await expect(page).toHaveURL(/sortField=charges&sortOrder=asc/);
  await expect(page).toHaveURL(/tab=completed/);
  expect(await charges()).toEqual(ascending(await charges()));
  for (const shortId of mine) await expect(link(shortId)).toBeVisible();
  await sortByHeader(page, "Charges", "descending");
  expect(await charges()).toEqual(ascending(await charges()).reverse());

  await sortByHeader(page, "Created At", "ascending");
  await expect(page).toHaveURL(/sortField=created_at&sortOrder=asc/);
  expect(await times()).toEqual(ascending(await times()));
  await sortByHeader(page, "Created At", "descending");
  expect(await times()).toEqual(ascending(await times()).reverse());

  // another tab keeps the sort; Status sorts All Booking (A–Z by status, each by date the same way)
  await page.getByRole("navigation", { name: "Booking status" }).getByRole("link", { name: "All Booking" }).click();
  await expect(page).toHaveURL(/sortField=created_at&sortOrder=desc/);
  await sortByExactHeader(page, "Status", "ascending");
  await sortByExactHeader(page, "Status", "descending");
  await expect(page).toHaveURL(/sortField=status&sortOrder=desc/);
  await expect(rowsOf.first()).toBeVisible();

  // a search keeps the sort
  await page.getByRole("searchbox", { name: "Search bookings" }).fill(mine[0]);
  await page.getByRole("button", { name: "Search", exact: true }).click();
  await expect(page).toHaveURL(/sortField=status&sortOrder=desc/);
  await expect(link(mine[0])).toBeVisible();
});
