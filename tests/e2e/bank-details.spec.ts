import { expect, test } from "./fixtures";

type Account = { id: number; service_provider_username: string; account_holder_name: string; account_number: string };

test.beforeEach(async ({ loginAs }) => {
  await loginAs("admin");
});

test("bank details: masked numbers, reveal one row on purpose, search and paging", async ({ page, apiCall }) => {
  // the API's list gives masked numbers only; the full one comes from its audited reveal call
  const accounts = await apiCall<Account[]>("/accounts/");
  const account = accounts.find((a) => a.service_provider_username === "aarav.sharma1")!;
  const masked = account.account_number;
  expect(masked).toMatch(/^X+\d{4}$/);
  const full = (
    await apiCall<{ data: { account_number: string } }>(`/accounts/${account.id}/reveal`, { method: "POST", actingAdmin: "admin" })
  ).data.account_number;
  await page.goto("/admin/service-provider-bank-details?page_size=10");
  await expect(page.getByRole("heading", { name: "Service Provider Bank Details" })).toBeVisible();
  const row = page.getByRole("row").filter({ hasText: "aarav.sharma1" });
  await expect(row).toContainText(masked);
  await expect(page.locator("body")).not.toContainText(full);

  await row.getByRole("button", { name: `Reveal the account number of ${account.account_holder_name}` }).click();
  await expect(page).toHaveURL(new RegExp(`reveal=${account.id}`));
  await expect(page).toHaveURL(/page_size=10/);
  await expect(row).toContainText(full);
  // the API recorded who revealed which account
  // (among the newest entries)
  const recent = (
    await apiCall<{ data: { action: string; entity: string; entity_id: string; admin_username: string }[] }>("/audit-log?limit=20")
  ).data;
  const audit = recent.find((entry) => entry.action === "reveal" && entry.entity_id === String(account.id));
  expect(audit).toMatchObject({ action: "reveal", entity: "bank_account", entity_id: String(account.id), admin_username: "admin" });
  // shown once: reloading the same address shows the mask again (revealing again is another POST)
  await page.reload();
  await expect(row).toContainText(masked);
  await expect(page.locator("body")).not.toContainText(full);
  await row.getByRole("button", { name: `Reveal the account number of ${account.account_holder_name}` }).click();
  await expect(row).toContainText(full);
  await row.getByRole("button", { name: /^Hide/ }).click();
  await expect(page).not.toHaveURL(/reveal=/);
  await expect(row).toContainText(masked);

  await page.getByLabel("Search bank details").fill("HDFC");
  await page.getByRole("main").getByRole("button", { name: "Search", exact: true }).click();
  await expect(page).toHaveURL(/search=HDFC/);
  await expect(page).toHaveURL(/page_size=10/);
  const rows = page.getByRole("row");
  // the URL changes before the new page has rendered (no JS): wait for its rows, header and at least one
  await expect(rows.nth(1)).toBeVisible();
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
