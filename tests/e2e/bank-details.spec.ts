import { expect, test } from "./fixtures";

type Account = { id: number; service_provider_username: string; account_holder_name: string; account_number: string };

test.beforeEach(async ({ loginAs }) => {
  await loginAs("admin");
});

test("bank details: masked numbers, reveal one row on purpose, search and paging", async ({ page, apiCall }) => {
  const accounts = await apiCall<Account[]>("/accounts/");
  const account = accounts.find((a) => a.service_provider_username === "aarav.sharma1")!;
  await page.goto("/admin/service-provider-bank-details?page_size=10");
  await expect(page.getByRole("heading", { name: "Service Provider Bank Details" })).toBeVisible();
  const row = page.getByRole("row").filter({ hasText: "aarav.sharma1" });
  const masked = "X".repeat(account.account_number.length - 4) + account.account_number.slice(-4);
  await expect(row).toContainText(masked);
  await expect(page.locator("body")).not.toContainText(account.account_number);

  await row.getByRole("button", { name: `Reveal the account number of ${account.account_holder_name}` }).click();
  await expect(page).toHaveURL(new RegExp(`reveal=${account.id}`));
  await expect(page).toHaveURL(/page_size=10/);
  await expect(row).toContainText(account.account_number);
  await row.getByRole("button", { name: /^Hide/ }).click();
  await expect(page).not.toHaveURL(/reveal=/);
  await expect(row).toContainText(masked);

  await page.getByLabel("Search bank details").fill("HDFC");
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(/search=HDFC/);
  await expect(page).toHaveURL(/page_size=10/);
  const rows = page.getByRole("row");
  expect(await rows.count()).toBeGreaterThan(1);
  for (const text of await rows.allInnerTexts()) {
    if (text.includes("IFSC Code")) continue;
    expect(text).toMatch(/HDFC/);
  }

  await page.goto("/admin/service-provider-bank-details?page_size=10");
  await page.getByRole("link", { name: "Page 2" }).click();
  await expect(page).toHaveURL(/page=2/);
  await expect(page.getByText(/Showing 11 to 20 of \d+ entries/)).toBeVisible();
});
