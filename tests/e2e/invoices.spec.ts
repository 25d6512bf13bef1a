import { expect, test } from "./fixtures";
import type { PaymentRecord } from "~contract/payments";
import { formatInr } from "~shared/money";

test.beforeEach(async ({ loginAs }) => {
  await loginAs("admin");
});

test("both invoice views show the API's figures", async ({ page, apiCall }, testInfo) => {
  const { data } = await apiCall<{ data: PaymentRecord[] }>("/payments?status=WITHDRAWN&page_size=5");
  const payment = data[0];
  const sp = payment.invoice.service_provider;

  await page.goto("/admin/payments?status=WITHDRAWN&page_size=5");
  await page.getByRole("link", { name: `Print service provider invoice ${payment.short_id}` }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/payments/${payment.short_id}/invoice/service-provider$`));
  const sheet = page.locator("article.invoice-sheet");
  await expect(sheet.getByRole("heading", { name: "Service Provider Invoice" })).toBeVisible();
  await expect(sheet.getByRole("img", { name: /Marketplace/ })).toBeVisible();
  const totals = sheet.getByRole("table", { name: "Amounts" });
  await expect(totals.getByRole("row", { name: /^Amount/ }).first()).toContainText(formatInr(sp.amount));
  await expect(totals.getByRole("row", { name: /^Service Charge/ })).toContainText(formatInr(sp.service_charge));
  await expect(totals.getByRole("row", { name: /^GST \(18%/ })).toContainText(formatInr(sp.gst));
  await expect(totals.getByRole("row", { name: /Payable Amount/ })).toContainText(formatInr(sp.payable));
  await expect(sheet).toContainText(payment.serviceProviderUsername);
  await expect(sheet).toContainText(payment.userUsername);
  // the Print button exists only with JavaScript
  await expect(page.getByRole("button", { name: "Print" })).toHaveCount(testInfo.project.name === "js" ? 1 : 0);
  await page.screenshot({ path: testInfo.outputPath("sp-invoice.png"), fullPage: true });
  await page.emulateMedia({ media: "print" });
  await expect(page.locator(".app-header")).toBeHidden();
  await expect(page.getByRole("link", { name: "Back to Payments" })).toBeHidden();
  await page.screenshot({ path: testInfo.outputPath("sp-invoice-print.png"), fullPage: true });
  await page.emulateMedia({ media: "screen" });

  await page.goto(`/admin/payments/${payment.short_id}/invoice/user`);
  await expect(page.getByRole("heading", { name: "User Invoice" })).toBeVisible();
  await expect(page.getByRole("table", { name: "Amounts" })).toContainText(formatInr(payment.invoice.user.amount));
});

test("an unknown payment's invoice is a 404 inside the shell", async ({ page }) => {
  const response = await page.goto("/admin/payments/ORD999999999/invoice/user");
  expect(response?.status()).toBe(404);
  await expect(page.locator(".app-header")).toBeVisible();
});

test("an order that was never paid has no invoice: the page says so", async ({ page, apiCall }) => {
  const { data } = await apiCall<{ data: PaymentRecord[] }>("/payments?page_size=200");
  const unpaid = data.find(
    (p) => p.payment_status === "PAYMENT_CANCELLED" && data.filter((o) => o.order_id === p.order_id).every((o) => !o.has_invoice),
  )!;
  const response = await page.goto(`/admin/payments/${unpaid.short_id}/invoice/service-provider`);
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "No invoice", level: 1 })).toBeVisible();
  await expect(page.getByText(`Order ${unpaid.short_id} has no successful payment, so it has no invoice.`)).toBeVisible();
  await expect(page.locator("article.invoice-sheet")).toHaveCount(0);
  await page.getByRole("link", { name: "Back to Payments" }).click();
  await expect(page).toHaveURL(/\/admin\/payments$/);
});
