import { readFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import { demoFileBytes } from "../../api/src/storage/demo-files";
import { expect, test, type apiCall as ApiCall } from "./fixtures";

const toasts = (page: Page) => page.locator(".toasts");

async function providerId(apiCall: typeof ApiCall, username: string): Promise<number> {
  const list = await apiCall<{ data: { data: { serviceProvider_id: number; userId: { username: string } }[] } }>(
    `/get-all-serviceProvider?search=${encodeURIComponent(username)}&page_size=50`,
  );
  const row = list.data.data.find((r) => r.userId.username === username);
  if (!row) throw new Error(`no seeded provider ${username}`);
  return row.serviceProvider_id;
}

test.beforeEach(async ({ loginAs }) => {
  await loginAs("admin");
});

test("details: profile, card, documents with a loaded image preview and a download", async ({ page, apiCall }) => {
  const id = await providerId(apiCall, "aarav.sharma1");
  const back = encodeURIComponent("/admin/service-provider?page=2&sortField=username&sortOrder=asc");
  await page.goto(`/admin/provider-details/${id}?back=${back}`);
  await expect(page.getByRole("heading", { level: 1, name: "aarav.sharma1" })).toBeVisible();
  await expect(page.getByText("Mumbai, Maharashtra, India", { exact: true })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Aarav Sharma" })).toBeVisible();
  await expect(page.getByRole("link", { name: "← Service Providers" })).toHaveAttribute(
    "href",
    "/admin/service-provider?page=2&sortField=username&sortOrder=asc",
  );
  const publicProfile = page.getByRole("link", { name: /View public profile/ });
  await expect(publicProfile).toHaveAttribute("target", "_blank");
  await expect(publicProfile).toHaveAttribute("href", /\/profile\/aarav\.sharma1$/);
  await expect(page.getByRole("link", { name: "Edit Profile" })).toHaveAttribute("href", `/admin/edit-provider-details/${id}`);

  const photo = page.getByRole("img", { name: "profile-photo-1.jpg" });
  await photo.scrollIntoViewIfNeeded();
  await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);

  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "Download pan-card-Document.pdf" }).click(),
  ]);
  expect(download.suggestedFilename()).toBe("pan-card-Document.pdf");
  const bytes = await readFile((await download.path())!);
  expect(new Uint8Array(bytes)).toEqual(new Uint8Array(demoFileBytes("pan-card-Document.pdf")));
});

test("other file types are download links, not previews", async ({ page, apiCall }) => {
  const id = await providerId(apiCall, "vivaan.mehta2");
  await page.goto(`/admin/provider-details/${id}`);
  const link = page.getByRole("link", { name: "company-resume-Document.txt" });
  await expect(link).toBeVisible();
  await expect(page.getByRole("img", { name: "company-resume-Document.txt" })).toHaveCount(0);
  const [download] = await Promise.all([page.waitForEvent("download"), link.click()]);
  expect(download.suggestedFilename()).toBe("company-resume-Document.txt");
  const bytes = await readFile((await download.path())!);
  expect(new Uint8Array(bytes)).toEqual(new Uint8Array(demoFileBytes("company-resume-Document.txt")));
});

test("a failed download is told to the admin", async ({ page, apiCall }) => {
  const id = await providerId(apiCall, "aarav.sharma1");
  const response = await page.goto(`/admin/provider-details/${id}/files/no-such-file.jpg?download=1`);
  await expect(page).toHaveURL(new RegExp(`/admin/provider-details/${id}$`));
  // the page the redirect lands on carries the toast (with JavaScript it closes itself after 3 s,
  // which a loaded machine can take to get to the check below)
  expect(await response!.text()).toContain("The file could not be downloaded: no-such-file.jpg was not found.");
});

/** A provider of the test's own (a copy of the n-th demo provider, through the e2e API's test fixture). */
async function ownProvider(apiCall: typeof ApiCall, n: number): Promise<number> {
  const { data } = await apiCall<{ data: { serviceProvider_id: number } }>("/test-fixtures/providers", {
    method: "POST",
    body: { variant: n },
  });
  return data.serviceProvider_id;
}

test("Update Points: needs a reason, records the difference in the history with who, when and why", async ({ page, apiCall }) => {
  const id = await ownProvider(apiCall, 6);
  await page.goto(`/admin/provider-details/${id}`);
  const card = page.locator("section", { has: page.getByRole("button", { name: "Update Points" }) });
  const points = page.getByLabel("Booster Points");
  const total = Number(await points.inputValue());
  await points.fill("-5");
  await page.getByLabel("Reason").fill("Trying");
  await page.getByRole("button", { name: "Update Points" }).click();
  await expect(page.getByText("Booster points cannot be negative")).toBeVisible();
  await expect(page.getByLabel("Booster Points")).toHaveValue("-5");

  const value = String(total + 10);
  await page.getByLabel("Booster Points").fill(value);
  await page.getByLabel("Reason").fill("");
  await page.getByRole("button", { name: "Update Points" }).click();
  await expect(page.getByText("Reason is required")).toBeVisible();
  await expect(page.getByLabel("Booster Points")).toHaveValue(value);

  await page.getByLabel("Reason").fill("Festival bonus");
  await page.getByRole("button", { name: "Update Points" }).click();
  await expect(toasts(page)).toContainText("Booster Points Updated Successfully");
  await expect(page.getByLabel("Booster Points")).toHaveValue(value);
  const history = page.getByRole("table", { name: "Booster history" });
  const row = history.getByRole("row").nth(1);
  await expect(row).toContainText("+10");
  await expect(row).toContainText("Grant");
  await expect(row).toContainText("Festival bonus");
  await expect(row).toContainText("admin");
  // when, in India time, with a three-letter month
  await expect(row.getByRole("cell").first()).toHaveText(/^\d{2}-\d{2}-\d{4} \d{2}:\d{2}$/);
  await expect(card.getByText(`Total: ${value}`)).toBeVisible();
  const detail = await apiCall<{ data: { boosterPoints: number } }>(`/get-serviceProvider-by-id?serviceProvider_id=${id}`);
  expect(detail.data.boosterPoints).toBe(Number(value));

  // lowering is a correction
  await page.getByLabel("Booster Points").fill(String(total + 4));
  await page.getByLabel("Reason").fill("Counted twice");
  await page.getByRole("button", { name: "Update Points" }).click();
  await expect(toasts(page)).toContainText("Booster Points Updated Successfully");
  await expect(history.getByRole("row").nth(1)).toContainText("-6");
  await expect(history.getByRole("row").nth(1)).toContainText("Correction");
  await expect(card.getByText(`Total: ${total + 4}`)).toBeVisible();
});

test("profile edit history and its Activity Details dialog", async ({ page, apiCall }) => {
  const id = await providerId(apiCall, "aarav.sharma1");
  await page.goto(`/admin/provider-details/${id}`);
  const history = page.locator("section#history");
  await expect(history.getByRole("heading", { name: "Profile Update Activities" })).toBeVisible();
  await expect(history.getByLabel("4 activities")).toBeVisible();
  await expect(history.getByText("Showing 1 to 4 of 4 entries")).toBeVisible();

  const uploadRow = history.getByRole("row").filter({ hasText: "File Upload" });
  await uploadRow.getByRole("link", { name: /View Details/ }).click();
  await expect(page).toHaveURL(/[?&]activity=\d+/);
  const dialog = page.getByRole("dialog", { name: "Activity Details" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("row", { name: /portfolio File Upload 1 file 2 files/ })).toBeVisible();
  await expect(dialog.getByRole("row", { name: /companyProfile File Upload N\/A 1 file/ })).toBeVisible();
  await dialog.getByRole("link", { name: "Close" }).click();
  await expect(dialog).toBeHidden();
  await expect(page).not.toHaveURL(/activity=/);

  const first = history.getByRole("row").filter({ hasText: "city, is_pro, catchyLine, ..." });
  await first.getByRole("link", { name: /View Details/ }).click();
  await expect(dialog.getByRole("row", { name: /is_pro False True/ })).toBeVisible();
  await expect(dialog.getByText(/… \(150 characters\)/)).toBeVisible();
});

test("Edit Profile opens the Edit Form (the wizard in edit mode) for this provider; its first step's Back returns here", async ({
  page,
  apiCall,
}) => {
  const id = await providerId(apiCall, "aarav.sharma1");
  await page.goto(`/admin/provider-details/${id}`);
  await page.getByRole("link", { name: "Edit Profile" }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/edit-provider-details/${id}\\?step=categories$`));
  await expect(page.getByRole("heading", { level: 1, name: "Edit Form" })).toBeVisible();
  await expect(page.getByText("aarav.sharma1").first()).toBeVisible();
  await page.getByRole("link", { name: "Back to provider details" }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/provider-details/${id}$`));
});
