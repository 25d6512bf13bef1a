import ExcelJS from "exceljs";
import { expect, test } from "./fixtures";
import type { OrderPaymentStatusRow } from "~contract/order-payment-status";

test.beforeEach(async ({ loginAs }) => {
  await loginAs("admin");
});

test("report filters live in the URL; WITHDRAWN reads Released", async ({ page }) => {
  await page.goto("/admin/order-payment-status");
  await expect(page.getByRole("heading", { name: "Order Payment Status" })).toBeVisible();
  await page.getByText("Filter", { exact: true }).click();
  await page.getByLabel("Order Status").selectOption({ label: "Completed" });
  await page.getByLabel("Payment Status", { exact: true }).selectOption({ label: "Payment Success" });
  await page.getByRole("button", { name: "Submit" }).click();
  await expect(page).toHaveURL(/order_status=Completed/);
  await expect(page).toHaveURL(/payment_status=PAYMENT_SUCCESS/);
  await expect(page.locator("table.data-table tbody tr").first()).toContainText("Payment Success");

  await page.goto("/admin/order-payment-status?payment_status=WITHDRAWN");
  await expect(page.locator("table.data-table tbody tr").first()).toContainText("Released");
  await expect(page.getByLabel("Payment Status", { exact: true })).toHaveValue("WITHDRAWN");
});

test("Export to Excel downloads exactly the filtered rows", async ({ page, apiCall }, testInfo) => {
  const query = "order_status=Completed&payment_status=WITHDRAWN";
  const api = await apiCall<{ data: { data: OrderPaymentStatusRow[] } }>(`/order-payment-status/?${query}`);
  await page.goto(`/admin/order-payment-status?${query}`);
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Export to Excel" }).click()]);
  expect(download.suggestedFilename()).toMatch(/^order-payment-status-\d{4}-\d{2}-\d{2}\.xlsx$/);
  // with JavaScript the shell's toast says so once the download has started (it fades after 3 s:
  // looked for before the file is read); without, the plain download
  if (testInfo.project.name === "js") await expect(page.locator(".toasts").getByRole("status")).toContainText("Export successful");
  else await expect(page.locator(".toasts")).not.toContainText("Export successful");
  const file = testInfo.outputPath("export.xlsx");
  await download.saveAs(file);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(file);
  const sheet = workbook.getWorksheet("Order Payment Status");
  expect(sheet).toBeDefined();
  expect(sheet!.rowCount).toBe(api.data.data.length + 1);
  expect(sheet!.getRow(2).getCell(1).value).toBe(api.data.data[0].short_id);
  await expect(page).toHaveURL(/\/admin\/order-payment-status\?/);
});

test("an export whose filter matches nothing downloads the header row only", async ({ page }, testInfo) => {
  await page.goto("/admin/order-payment-status?start_date=2099-01-01&end_date=2099-12-31");
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Export to Excel" }).click()]);
  const file = testInfo.outputPath("empty.xlsx");
  await download.saveAs(file);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(file);
  const sheet = workbook.getWorksheet("Order Payment Status")!;
  expect(sheet.rowCount).toBe(1);
  expect(sheet.getRow(1).getCell(1).value).toBe("Order Id");
});

test("a bad filter makes the export come back with Failed to export data", async ({ page }) => {
  const response = await page.goto("/admin/order-payment-status/export?order_status=Nope");
  await expect(page).toHaveURL(/\/admin\/order-payment-status\?order_status=Nope/);
  // the page the redirect lands on carries the toast (read from its HTML: on a busy machine the
  // page can take longer to load than the toast's 3 s, and with JavaScript it then leaves the DOM)
  expect(await response!.text()).toMatch(/class="toast toast-error"[^>]*>.*Failed to export data/);
});

test("a failed export is told: with JavaScript on the same page (no reload), without it back on the report", async ({ page }, testInfo) => {
  await page.goto("/admin/order-payment-status?order_status=Nope");
  await expect(page.getByRole("heading", { name: "Order Payment Status" })).toBeVisible();
  if (testInfo.project.name === "js") {
    await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
    await page.getByRole("link", { name: "Export to Excel" }).click();
    await expect(page.locator(".toasts").getByRole("alert")).toContainText(
      "Failed to export data: Order Status: choose a status from the list.",
    );
    expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
  } else {
    await page.getByRole("link", { name: "Export to Excel" }).click();
    await expect(page.locator(".toasts")).toContainText("Failed to export data: Order Status: choose a status from the list.");
  }
  await expect(page).toHaveURL(/\/admin\/order-payment-status\?order_status=Nope$/);
});

test("order statuses read as the filters name them (Partially Completed, not PartialyCompleted)", async ({ page }) => {
  await page.goto("/admin/order-payment-status?order_status=PartialyCompleted");
  const rows = page.locator("table.data-table tbody tr");
  await expect(rows.first()).toContainText("Partially Completed");
  await page.goto("/admin/order-payment-status?page_size=100");
  await expect(rows.first()).toBeVisible();
  expect(await page.locator("table.data-table").innerText()).not.toMatch(/PartialyCompleted|InProgress/);
});
