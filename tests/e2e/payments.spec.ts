import type { Page } from "@playwright/test";
import { expect, sortByHeader, test } from "./fixtures";
import type { PaymentRecord } from "~contract/payments";
import { formatInr } from "~shared/money";

const toasts = (page: Page) => page.locator(".toasts");

test.beforeEach(async ({ loginAs }) => {
  await loginAs("admin");
});

/** sortByHeader for a header whose name is part of another's ("Date" / "Release date", "Status" / "Payment Status"). */
async function sortByExactHeader(page: Page, header: string, order: "ascending" | "descending") {
  const th = page.getByRole("columnheader", { name: header, exact: true });
  await th.getByRole("link").click();
  await expect(th).toHaveAttribute("aria-sort", order);
}

test("the status filter lives in the URL; released payments have no Release button", async ({ page }) => {
  await page.goto("/admin/payments");
  await expect(page.getByRole("heading", { name: "Payments", level: 1 })).toBeVisible();
  await expect(page.getByText(/Showing 1 to 10 of \d+ entries/)).toBeVisible();
  await page.getByText("Filter", { exact: true }).click();
  await page.getByLabel("Status").selectOption("WITHDRAWN");
  await page.getByRole("button", { name: "Submit" }).click();
  await expect(page).toHaveURL(/status=WITHDRAWN/);
  const rows = page.locator("table.data-table tbody tr");
  await expect(rows.first()).toContainText("Released");
  await expect(page.getByRole("link", { name: /^Release ORD/ })).toHaveCount(0);
  await expect(page.getByRole("link", { name: /^View ORD/ }).first()).toBeVisible();
});

/**
 * A payment of this test's own that the payout rule lets go: the successful payment of a completed
 * order copied from the demo data through the e2e API's test fixture (no other test, project or
 * retry releases it). Copies keep their template's dates, so they sit among the older payments.
 */
async function releasablePayment(apiCall: typeof import("./fixtures").apiCall) {
  const { data: order } = await apiCall<{ data: { payments: { payment_id: number; payment_status: string }[] } }>("/test-fixtures/orders", {
    method: "POST",
    body: { serviceType: "Service", status: "Completed", variant: 1 },
  });
  const paid = order.payments.find((p) => p.payment_status === "PAYMENT_SUCCESS")!;
  const { data: payment } = await apiCall<{ data: PaymentRecord }>(`/payments/${paid.payment_id}`);
  expect(payment.releasable).toBe(true);
  return payment;
}

test("release a payment after confirming what the provider receives", async ({ page, apiCall }) => {
  const payment = await releasablePayment(apiCall);
  const sp = payment.invoice.service_provider;
  const listUrl = `/admin/payments?provider=${payment.serviceProvider_id}&status=PAYMENT_SUCCESS&page_size=100`;
  await page.goto(listUrl);
  await page.getByRole("link", { name: `Release ${payment.short_id}` }).click();
  await expect(page).toHaveURL(/dialog=release/);
  const dialog = page.getByRole("dialog", { name: "Release this payment?" });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(
    `Release ${formatInr(sp.payable)} to ${payment.serviceProviderUsername} for order ${payment.short_id}?`,
  );
  const breakdown = dialog.getByRole("table", { name: "What the provider receives" });
  await expect(breakdown.getByRole("row", { name: /Amount paid by the user/ })).toContainText(formatInr(sp.amount));
  await expect(breakdown.getByRole("row", { name: /Service charge/ })).toContainText(`- ${formatInr(sp.service_charge)}`);
  await expect(breakdown.getByRole("row", { name: /GST \(18% on service charge\)/ })).toContainText(`- ${formatInr(sp.gst)}`);
  await expect(breakdown.getByRole("row", { name: /Provider receives/ })).toContainText(formatInr(sp.payable));
  await dialog.getByRole("button", { name: "Confirm" }).click();
  await expect(toasts(page)).toContainText("Payment Status Updated Successfully");
  await expect(page).not.toHaveURL(/dialog=/);
  await expect(page).toHaveURL(/status=PAYMENT_SUCCESS/);
  await expect(page.getByRole("link", { name: `Release ${payment.short_id}` })).toHaveCount(0);
  const after = await apiCall<{ data: PaymentRecord }>(`/payments/${payment.payment_id}`);
  expect(after.data).toMatchObject({ payment_status: "WITHDRAWN", paid_to_provider: sp.payable });
});

test("no Release where it cannot succeed: a successful payment of a cancelled order says why, and its release URL explains", async ({
  page,
  apiCall,
}) => {
  const { data } = await apiCall<{ data: PaymentRecord[] }>("/payments?status=PAYMENT_SUCCESS&page_size=200");
  const cancelled = data.find((p) => p.order_status === "Cancelled")!;
  await page.goto(`/admin/payments?provider=${cancelled.serviceProvider_id}&page_size=100`);
  const row = page.getByRole("row").filter({ has: page.getByRole("link", { name: `View ${cancelled.short_id}` }) });
  await expect(row).toContainText("Order Cancelled");
  await expect(page.getByRole("link", { name: `Release ${cancelled.short_id}` })).toHaveCount(0);
  // nor for payments that did not succeed
  await page.goto("/admin/payments?status=PAYMENT_FAILED&page_size=100");
  await expect(page.locator("table.data-table tbody tr").first()).toContainText("Payment Failed");
  await expect(page.getByRole("link", { name: /^Release ORD/ })).toHaveCount(0);

  await page.goto(`/admin/payments?dialog=release&id=${cancelled.payment_id}`);
  const notice = page.getByRole("dialog", { name: "This payment cannot be released" });
  await expect(notice).toContainText(`Order ${cancelled.short_id} is Cancelled: only a completed order's payment can be released`);
  await expect(notice.getByRole("button", { name: "Confirm" })).toHaveCount(0);
});

test("View opens the payment's detail at /admin/payments/{short_id}; the numeric form redirects there", async ({ page, apiCall }) => {
  const { data } = await apiCall<{ data: PaymentRecord[] }>("/payments?page_size=10");
  const payment = data[Math.floor(Math.random() * data.length)];
  await page.goto("/admin/payments");
  await page
    .getByRole("link", { name: `View ${payment.short_id}` })
    .first()
    .click();
  await expect(page).toHaveURL(new RegExp(`/admin/payments/${payment.short_id}$`));
  await expect(page.getByRole("heading", { name: `Booking ${payment.short_id}`, level: 1 })).toBeVisible();
  const response = await page.goto(`/admin/payments/${payment.order_id}`);
  expect(response?.status()).toBe(200);
  await expect(page).toHaveURL(new RegExp(`/admin/payments/${payment.short_id}$`));
  await expect(page.getByRole("heading", { name: `Booking ${payment.short_id}`, level: 1 })).toBeVisible();
  expect((await page.goto("/admin/payments/ORD999999"))?.status()).toBe(404);
});

test("Print only for paid payments; a retried order's rows say which attempt each is", async ({ page, apiCall }) => {
  const { data } = await apiCall<{ data: PaymentRecord[] }>("/payments?page_size=200");
  const retried = data.find((p) => p.attempts > 1 && !p.has_invoice)!;
  await page.goto(`/admin/payments?provider=${retried.serviceProvider_id}&page_size=100`);
  const rows = page.locator("table.data-table tbody tr").filter({ hasText: retried.short_id });
  await expect(rows).toHaveCount(retried.attempts);
  for (let attempt = 1; attempt <= retried.attempts; attempt++) {
    await expect(rows.filter({ hasText: `Attempt ${attempt} of ${retried.attempts}` })).toHaveCount(1);
  }
  const unpaidRow = rows.filter({ hasText: `Attempt ${retried.attempt} of ${retried.attempts}` });
  await expect(unpaidRow).toContainText("No invoice");
  await expect(unpaidRow.getByRole("link", { name: /^Print/ })).toHaveCount(0);
  const paid = data.filter((p) => p.order_id === retried.order_id && p.has_invoice);
  await expect(page.getByRole("link", { name: `Print user invoice ${retried.short_id}` })).toHaveCount(paid.length);
});

test("Cancel closes the release dialog without releasing", async ({ page, apiCall }) => {
  const payment = await releasablePayment(apiCall);
  await page.goto(`/admin/payments?status=PAYMENT_SUCCESS&dialog=release&id=${payment.payment_id}`);
  const dialog = page.getByRole("dialog", { name: "Release this payment?" });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("link", { name: "Cancel" }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page).toHaveURL(/status=PAYMENT_SUCCESS$/);
});

test("a release URL for a payment on another page opens its dialog and releases it; the same URL then says it is released", async ({
  page,
  apiCall,
}, testInfo) => {
  // (by order: another payment attempt of the same order could be on page 1)
  const firstPage = new Set((await apiCall<{ data: PaymentRecord[] }>("/payments?page_size=10")).data.map((p) => p.short_id));
  const payment = await releasablePayment(apiCall);
  expect(firstPage.has(payment.short_id)).toBe(false);
  const url = `/admin/payments?page=1&page_size=10&dialog=release&id=${payment.payment_id}`;
  await page.goto(url);
  await expect(page.getByRole("link", { name: `View ${payment.short_id}` })).toHaveCount(0);
  const dialog = page.getByRole("dialog", { name: "Release this payment?" });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(payment.short_id);
  await expect(dialog).toContainText(formatInr(payment.invoice.service_provider.payable));
  await expect(dialog).toContainText(payment.serviceProviderUsername);
  await dialog.getByRole("button", { name: "Confirm" }).click();
  await expect(toasts(page)).toContainText("Payment Status Updated Successfully");
  await expect(page).not.toHaveURL(/dialog=/);
  await expect(page).toHaveURL(/page=1/);
  const after = await apiCall<{ data: PaymentRecord }>(`/payments/${payment.payment_id}`);
  expect(after.data.payment_status).toBe("WITHDRAWN");

  // the bookmarked URL again: already released, nothing to confirm
  await page.goto(url);
  const notice = page.getByRole("dialog", { name: "Payment already released" });
  await expect(notice).toBeVisible();
  await expect(notice).toContainText(`${payment.short_id} to ${payment.serviceProviderUsername} was already released on`);
  await expect(notice.getByRole("button")).toHaveCount(0);
  await page.screenshot({ path: `test-results/shots/payments-already-released-${testInfo.project.name}.png` });
  await notice.getByRole("link", { name: "Close" }).click();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(page).not.toHaveURL(/dialog=/);
});

test("a release URL with an unknown payment id says Payment not found", async ({ page }) => {
  await page.goto("/admin/payments?status=PAYMENT_SUCCESS&dialog=release&id=999999");
  const notice = page.getByRole("dialog", { name: "Payment not found" });
  await expect(notice).toBeVisible();
  await expect(notice).toContainText("No payment has the id 999999");
  await expect(notice.getByRole("button", { name: "Confirm" })).toHaveCount(0);
  await notice.getByRole("link", { name: "Close" }).click();
  await expect(page).toHaveURL(/status=PAYMENT_SUCCESS$/);
  await expect(page.getByRole("dialog")).toHaveCount(0);
});

test("sort by Amount, Payment Status and Date: a header click orders the rows, a second click reverses them", async ({ page, apiCall }) => {
  // this test's own payments (copies of a demo completed order, among its provider's others)
  const payment = await releasablePayment(apiCall);
  const rowsOf = page.locator("table.data-table tbody tr");
  const column = async (n: number) => (await rowsOf.locator(`td:nth-child(${n})`).allTextContents()).map((t) => t.trim());
  const amounts = async () => (await column(9)).map((t) => Number(t.replace(/[^\d.]/g, "")));
  // dd-mm-yyyy as yyyy-mm-dd, so the text sorts as the date
  const days = async () => (await column(2)).map((t) => t.split("-").reverse().join("-"));
  const ascending = <T>(values: T[]) => [...values].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));

  await page.goto(`/admin/payments?provider=${payment.serviceProvider_id}&page_size=100`);
  await expect(page.getByRole("link", { name: `View ${payment.short_id}` }).first()).toBeVisible();
  expect(await rowsOf.count()).toBeGreaterThan(1);

  await sortByHeader(page, "Amount", "ascending");
  await expect(page).toHaveURL(/sortField=total_amount&sortOrder=asc/);
  // the filter stays
  await expect(page).toHaveURL(new RegExp(`provider=${payment.serviceProvider_id}`));
  expect(await amounts()).toEqual(ascending(await amounts()));
  await sortByHeader(page, "Amount", "descending");
  await expect(page).toHaveURL(/sortOrder=desc/);
  expect(await amounts()).toEqual(ascending(await amounts()).reverse());

  await sortByHeader(page, "Payment Status", "ascending");
  await expect(page).toHaveURL(/sortField=payment_status&sortOrder=asc/);
  const statuses = await column(8);
  expect(statuses).toEqual(ascending(statuses));

  await sortByExactHeader(page, "Date", "ascending");
  await expect(page).toHaveURL(/sortField=payment_date&sortOrder=asc/);
  expect(await days()).toEqual(ascending(await days()));
  await sortByExactHeader(page, "Date", "descending");
  expect(await days()).toEqual(ascending(await days()).reverse());
  await expect(page.getByRole("link", { name: `View ${payment.short_id}` }).first()).toBeVisible();
});
