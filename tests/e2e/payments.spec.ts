import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import type { PaymentRecord } from "../../app/models/payment";
import { formatInr } from "../../app/services/money";

const toasts = (page: Page) => page.locator(".toasts");

test.beforeEach(async ({ loginAs }) => {
  await loginAs("admin");
});

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

test("release a payment after confirming", async ({ page, apiCall }, testInfo) => {
  const { data } = await apiCall<{ data: PaymentRecord[] }>("/payments?status=PAYMENT_SUCCESS&page_size=200");
  // the two projects run at once: each takes its own end of the list
  const payment = testInfo.project.name === "js" ? data[data.length - 1] : data[0];
  const listUrl = `/admin/payments?provider=${payment.serviceProvider_id}&status=PAYMENT_SUCCESS&page_size=100`;
  await page.goto(listUrl);
  await page.getByRole("link", { name: `Release ${payment.short_id}` }).click();
  await expect(page).toHaveURL(/dialog=release/);
  const dialog = page.getByRole("dialog", { name: "Release this payment?" });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(formatInr(payment.total_amount));
  await expect(dialog).toContainText(payment.serviceProviderUsername);
  await dialog.getByRole("button", { name: "Confirm" }).click();
  await expect(toasts(page)).toContainText("Payment Status Updated Successfully");
  await expect(page).not.toHaveURL(/dialog=/);
  await expect(page).toHaveURL(/status=PAYMENT_SUCCESS/);
  await expect(page.getByRole("link", { name: `Release ${payment.short_id}` })).toHaveCount(0);
  const after = await apiCall<{ data: PaymentRecord[] }>(`/payments?provider=${payment.serviceProvider_id}&status=WITHDRAWN&page_size=200`);
  expect(after.data.some((p) => p.payment_id === payment.payment_id)).toBe(true);
});

test("Cancel closes the release dialog without releasing", async ({ page, apiCall }) => {
  const { data } = await apiCall<{ data: PaymentRecord[] }>("/payments?status=PAYMENT_SUCCESS&page_size=10");
  const payment = data[Math.floor(data.length / 2)];
  await page.goto(`/admin/payments?status=PAYMENT_SUCCESS&dialog=release&id=${payment.payment_id}`);
  const dialog = page.getByRole("dialog", { name: "Release this payment?" });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("link", { name: "Cancel" }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page).toHaveURL(/status=PAYMENT_SUCCESS$/);
});

test("a release URL for a payment on another page opens its dialog and releases it; the same URL then says it is released", async ({ page, apiCall }, testInfo) => {
  // (by order: another payment attempt of the same order could be on page 1)
  const firstPage = new Set((await apiCall<{ data: PaymentRecord[] }>("/payments?page_size=10")).data.map((p) => p.short_id));
  const { data } = await apiCall<{ data: PaymentRecord[] }>("/payments?status=PAYMENT_SUCCESS&page_size=200");
  const offPage = data.filter((p) => !firstPage.has(p.short_id));
  // each project its own payment, away from the ends the other release test takes
  const payment = testInfo.project.name === "js" ? offPage[offPage.length - 2] : offPage[1];
  const url = `/admin/payments?page=1&page_size=10&dialog=release&id=${payment.payment_id}`;
  await page.goto(url);
  await expect(page.getByRole("link", { name: `View ${payment.short_id}` })).toHaveCount(0);
  const dialog = page.getByRole("dialog", { name: "Release this payment?" });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(payment.short_id);
  await expect(dialog).toContainText(formatInr(payment.total_amount));
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
