import { expect, test } from "./fixtures";

test.beforeEach(async ({ loginAs }) => {
  await loginAs("admin");
});

test("documents review: search, dates, sort and page size live in the URL", async ({ page }) => {
  await page.goto("/admin/documents");
  await expect(page.getByRole("heading", { name: "Service Provider Documents" })).toBeVisible();
  await expect(page.getByText(/Showing 1 to 50 of \d+ entries/)).toBeVisible();

  await page.getByLabel("Search", { exact: true }).fill("aarav.sharma1");
  await page.getByLabel("Start Date").fill("2020-01-01");
  await page.getByRole("button", { name: "Submit" }).click();
  await expect(page).toHaveURL(/search=aarav\.sharma1/);
  await expect(page).toHaveURL(/start_date=2020-01-01/);
  const row = page.getByRole("row").filter({ hasText: "aarav.sharma1" });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText("v2.0");
  const preview = row.getByRole("img", { name: "profile-photo-1.jpg" });
  await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);

  await page.getByLabel("End Date").fill("2000-01-01");
  await page.getByRole("button", { name: "Submit" }).click();
  await expect(page.getByText("Start Date must be on or before End Date.")).toBeVisible();

  await page.goto("/admin/documents?page_size=10");
  await page.getByRole("link", { name: /^Username/ }).click();
  await expect(page).toHaveURL(/sortField=username&sortOrder=asc/);
  await expect(page).toHaveURL(/page_size=10/);
  await expect(page.getByRole("row")).toHaveCount(11);
  await page.getByRole("link", { name: "Page 2" }).click();
  await expect(page).toHaveURL(/page=2/);
  await expect(page.getByText(/Showing 11 to 20 of \d+ entries/)).toBeVisible();
});
