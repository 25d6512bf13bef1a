import { readFile } from "node:fs/promises";
import ExcelJS from "exceljs";
import type { Page } from "@playwright/test";
import { expect, test, type apiCall as ApiCall } from "./fixtures";
import { png } from "../support/images";

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

/** Clicks the page's "Export to CSV" and gives the file's lines split into cells (no quoted commas in these tests' cells). */
async function csvDownload(page: Page, file: string): Promise<string[][]> {
  const [download] = await Promise.all([page.waitForEvent("download"), exportLink(page, "Export to CSV").click()]);
  expect(download.suggestedFilename()).toMatch(new RegExp(`^${file}-\\d{4}-\\d{2}-\\d{2}\\.csv$`));
  const path = test.info().outputPath(`${file}.csv`);
  await download.saveAs(path);
  return (await readFile(path, "utf8"))
    .replace(/^\uFEFF/, "")
    .split("\r\n")
    .filter(Boolean)
    .map((line) => line.split(",").map((cell) => cell.replace(/^"(.*)"$/, "$1").replace(/""/g, '"')));
}

test("Service Providers: the export is the searched list in its Status sort, every column in words", async ({ page, apiCall }) => {
  const { data } = await apiCall<{ data: { serviceProvider_id: number } }>("/test-fixtures/providers", { method: "POST", body: {} });
  const provider = (
    await apiCall<{ data: { userId: { username: string; status: string } } }>(
      `/get-serviceProvider-by-id?serviceProvider_id=${data.serviceProvider_id}`,
    )
  ).data;
  const username = provider.userId.username;
  await page.goto(`/admin/service-provider?${new URLSearchParams({ search: username, sortField: "status", sortOrder: "asc" })}`);
  await expect(page.getByRole("columnheader").filter({ has: page.getByRole("link", { name: "Sort by Status" }) })).toHaveAttribute(
    "aria-sort",
    "ascending",
  );
  const [header, ...rows] = await csvDownload(page, "providers");
  expect(header.slice(0, 3)).toEqual(["Provider Username", "Category", "Contact No"]);
  expect(header).toContain("Status");
  expect(rows.map((r) => r[0])).toEqual([username]);
  expect(rows[0][header.indexOf("Status")]).toBe(provider.userId.status);
  await expect(page).toHaveURL(/\/admin\/service-provider\?/);
});

test("Customer Queries: Export to Excel gives the searched pairs, sorted by date as the page is", async ({ page, apiCall }, testInfo) => {
  const made = (
    await apiCall<{ data: { tag: string; user_name: string; provider_name: string } }>("/test-fixtures/query-chats", {
      method: "POST",
      body: { messages: 4 },
    })
  ).data;
  await page.goto(`/admin/query-msg?${new URLSearchParams({ search: made.tag, sortField: "date", sortOrder: "asc" })}`);
  await expect(page.getByRole("columnheader", { name: /Date/ })).toHaveAttribute("aria-sort", "ascending");
  const [xlsx] = await Promise.all([page.waitForEvent("download"), exportLink(page, "Export to Excel").click()]);
  expect(xlsx.suggestedFilename()).toMatch(/^customer-queries-\d{4}-\d{2}-\d{2}\.xlsx$/);
  const file = testInfo.outputPath("customer-queries.xlsx");
  await xlsx.saveAs(file);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(file);
  const sheet = workbook.getWorksheet("Customer Queries")!;
  expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual(["User", "Phone", "Provider", "Provider Phone", "Chats", "Date"]);
  expect(sheet.rowCount).toBe(2);
  expect(sheet.getRow(2).getCell(1).value).toBe(made.user_name);
  expect(sheet.getRow(2).getCell(3).value).toBe(made.provider_name);
  expect(sheet.getRow(2).getCell(5).value).toBe(4);
});

test("Pending Bookings: the export is one row a journey of the dates and step filtered", async ({ page, apiCall }, testInfo) => {
  const year = (testInfo.project.name === "js" ? 1950 : 1985) + Math.floor(Math.random() * 35);
  const day = `${year}-0${1 + Math.floor(Math.random() * 9)}-1${Math.floor(Math.random() * 9)}`;
  const started = new Date(Date.parse(`${day}T09:00:00+05:30`)).toISOString();
  const service = `Export e2e ${Date.now().toString(36)}`;
  await apiCall("/test-fixtures/booking-journeys", {
    method: "POST",
    body: {
      journeys: [
        { stop: 2, started_at: started, service_name: service },
        { stop: 2, started_at: started, service_name: service },
        { stop: 4, started_at: started, service_name: service },
      ],
    },
  });
  await page.goto(`/admin/track-booking-journey?${new URLSearchParams({ step: "2", start_date: day, end_date: day })}`);
  const [header, ...rows] = await csvDownload(page, "booking-journeys");
  expect(header).toContain("Stopped At");
  // the day is this test's own (a far past one); a retry's journeys would be of another service
  expect(rows.filter((r) => r[1] === service)).toHaveLength(2);
  expect(rows.every((r) => r[header.indexOf("Stopped At")] === "Basic Info")).toBe(true);
});

test("S3 Bucket Manager: the export is the files the name search finds; the audit log exports that file's history", async ({
  page,
  apiCall,
}) => {
  const name = `export-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}.png`;
  const form = new FormData();
  form.append("files", new Blob([new Uint8Array(png(30, 20))]), name);
  const [file] = (
    await apiCall<{ data: { id: number; file_name: string }[] }>("/s3/upload", { method: "POST", body: form, actingAdmin: "admin" })
  ).data;
  await page.goto(`/admin/s3-bucket-manager?search=${encodeURIComponent(name)}`);
  const [header, ...rows] = await csvDownload(page, "bucket-files");
  expect(header).toEqual(["Name", "Uploaded At", "Size"]);
  expect(rows.map((r) => r[0])).toEqual([file.file_name]);

  // an upload's entry is the file's, by its name
  const history = await apiCall<{ total_results: number }>(
    `/audit-entries?${new URLSearchParams({ entity: "file", entity_id: file.file_name })}`,
  );
  expect(history.total_results).toBeGreaterThan(0);
  await page.goto(`/admin/audit-log?${new URLSearchParams({ entity: "file", record: file.file_name })}`);
  const [auditHeader, ...entries] = await csvDownload(page, "audit-log");
  expect(auditHeader).toEqual(["When", "Admin", "Action", "Record", "Changed"]);
  expect(entries).toHaveLength(history.total_results);
  expect(entries.every((r) => r[1] === "admin")).toBe(true);
});
