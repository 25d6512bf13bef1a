import { readFile } from "node:fs/promises";
import ExcelJS from "exceljs";
import type { Page } from "@playwright/test";
import { expect, test, type apiCall as ApiCall } from "./fixtures";

type Made = { id: number; username: string };

async function makeUser(apiCall: typeof ApiCall, body: { phone: string; is_active?: boolean }) {
  return (await apiCall<{ data: Made }>("/test-fixtures/users", { method: "POST", body })).data;
}

const exportLink = (page: Page, name: "Export to Excel" | "Export to CSV") => page.getByRole("main").getByRole("link", { name });

test.beforeEach(async ({ loginAs }) => {
  await loginAs("admin");
});

test("Users: Export to CSV and to Excel download the rows the search and filter show, sorted as the list is", async ({
  page,
  apiCall,
}, testInfo) => {
  const phone = `+91 64${String(Date.now()).slice(-8)}`;
  const active = [await makeUser(apiCall, { phone }), await makeUser(apiCall, { phone }), await makeUser(apiCall, { phone })];
  const blocked = await makeUser(apiCall, { phone, is_active: false });
  await page.goto(`/admin/user?${new URLSearchParams({ search: phone, status: "Active", sortField: "username", sortOrder: "desc" })}`);
  await expect(page.getByText("Showing 1 to 3 of 3 entries")).toBeVisible();

  const [csv] = await Promise.all([page.waitForEvent("download"), exportLink(page, "Export to CSV").click()]);
  expect(csv.suggestedFilename()).toMatch(/^users-\d{4}-\d{2}-\d{2}\.csv$/);
  if (testInfo.project.name === "js") {
    await expect(page.locator(".toasts").getByRole("status")).toContainText("Export successful");
    // the toast sits over the page header's buttons: closed as an admin would, to reach the next one
    await page.getByRole("button", { name: "Close notification" }).click();
    await expect(page.locator(".toasts").getByRole("status")).toHaveCount(0);
  }
  const csvFile = testInfo.outputPath("users.csv");
  await csv.saveAs(csvFile);
  const lines = (await readFile(csvFile, "utf8"))
    .replace(/^\uFEFF/, "")
    .split("\r\n")
    .filter(Boolean);
  expect(lines[0]).toBe("Username,Name,Email,Phone,Joined,Rating,Status");
  expect(lines.slice(1).map((line) => line.split(",")[0])).toEqual(
    active
      .map((u) => u.username)
      .sort()
      .reverse(),
  );
  expect(lines.join("\n")).not.toContain(blocked.username);

  const [xlsx] = await Promise.all([page.waitForEvent("download"), exportLink(page, "Export to Excel").click()]);
  expect(xlsx.suggestedFilename()).toMatch(/^users-\d{4}-\d{2}-\d{2}\.xlsx$/);
  const xlsxFile = testInfo.outputPath("users.xlsx");
  await xlsx.saveAs(xlsxFile);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(xlsxFile);
  const sheet = workbook.getWorksheet("Users")!;
  expect(sheet.rowCount).toBe(4);
  expect(sheet.getRow(2).getCell(1).value).toBe(
    active
      .map((u) => u.username)
      .sort()
      .reverse()[0],
  );
  expect(sheet.getRow(2).getCell(4).value).toBe(phone);
  // the page is where it was
  await expect(page).toHaveURL(/\/admin\/user\?/);
});

test("Contact Leads: a refused search is told, with JavaScript on the same page, without it back on the list", async ({
  page,
}, testInfo) => {
  const tooLong = "x".repeat(101);
  await page.goto(`/admin/list-contacts?search=${tooLong}`);
  await expect(page.getByRole("heading", { name: "Contact Leads" })).toBeVisible();
  const message = "Failed to export data: Search is at most 100 characters.";
  if (testInfo.project.name === "js") {
    await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
    await exportLink(page, "Export to CSV").click();
    await expect(page.locator(".toasts").getByRole("alert")).toContainText(message);
    expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
  } else {
    const [response] = await Promise.all([
      page.waitForResponse((r) => r.url().includes("/admin/list-contacts?") && r.request().method() === "GET"),
      exportLink(page, "Export to CSV").click(),
    ]);
    expect(await response.text()).toContain(message);
  }
  await expect(page).toHaveURL(new RegExp(`/admin/list-contacts\\?search=${tooLong}$`));
});

test("an export is in the audit log, and its link reopens the list as it was exported", async ({ page, apiCall }) => {
  const tag = `e2e${Date.now().toString(36)}`;
  await page.goto(`/admin/list-admin-users?search=${tag}&sortField=created_at&sortOrder=desc`);
  const [download] = await Promise.all([page.waitForEvent("download"), exportLink(page, "Export to Excel").click()]);
  expect(download.suggestedFilename()).toMatch(/^admin-users-\d{4}-\d{2}-\d{2}\.xlsx$/);
  const entries = await apiCall<{ data: { id: number; after: { filter: string } }[] }>(
    "/audit-entries?action=export&entity_id=admin-users&page_size=100",
  );
  const entry = entries.data.find((e) => e.after.filter.includes(tag));
  expect(entry, "the export's audit entry").toBeDefined();
  await page.goto(`/admin/audit-log?entry=${entry!.id}`);
  const dialog = page.getByRole("dialog");
  await expect(dialog).toContainText("Exported the Admin Users list");
  await expect(dialog).toContainText(`search=${tag}`);
  await dialog.getByRole("link", { name: "Open the list as exported" }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/list-admin-users\\?search=${tag}&sortField=created_at&sortOrder=desc$`));
  await expect(page.getByRole("columnheader", { name: "Created" })).toHaveAttribute("aria-sort", "descending");
});
