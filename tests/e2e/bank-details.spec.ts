import { expect, sortByHeader, test } from "./fixtures";

type Account = { id: number; service_provider_username: string; account_holder_name: string; account_number: string; bank_name: string };

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

test("sort by SP username, Account Holder and Bank Name: a header click orders the rows, a second click reverses them; a search keeps the sort", async ({
  page,
  apiCall,
}) => {
  // this test's own providers (copies of demo providers, with their bank accounts and usernames e2e.<hex>)
  // (the seed gives every other demo provider a bank account: the even variants have one)
  const copies: string[] = [];
  for (const variant of [0, 2, 4, 6]) {
    const { data } = await apiCall<{ data: { username: string } }>("/test-fixtures/providers", { method: "POST", body: { variant } });
    copies.push(data.username);
  }
  const accounts = (await apiCall<Account[]>("/accounts/?search=e2e.&page_size=1000")).filter((a) =>
    copies.includes(a.service_provider_username),
  );
  const usernames = [...new Set(accounts.map((a) => a.service_provider_username))];
  expect(usernames.length).toBeGreaterThanOrEqual(2);
  // this test's rows, top to bottom, by username
  const order = async () =>
    (await page.locator("tbody tr td:nth-child(2)").allTextContents()).map((t) => t.trim()).filter((t) => usernames.includes(t));
  const sortedBy = (key: (a: Account) => string) =>
    [...accounts].sort((a, b) => key(a).localeCompare(key(b)) || a.id - b.id).map((a) => a.service_provider_username);

  await page.goto("/admin/service-provider-bank-details?search=e2e.&page_size=100");
  await expect.poll(order).toHaveLength(accounts.length);

  await sortByHeader(page, "SP username", "ascending");
  await expect(page).toHaveURL(/sortField=username&sortOrder=asc/);
  await expect.poll(order).toEqual(sortedBy((a) => a.service_provider_username));
  await sortByHeader(page, "SP username", "descending");
  await expect.poll(order).toEqual(sortedBy((a) => a.service_provider_username).reverse());

  await sortByHeader(page, "Account Holder", "ascending");
  await expect(page).toHaveURL(/sortField=account_holder_name&sortOrder=asc/);
  await expect.poll(order).toEqual(sortedBy((a) => a.account_holder_name));
  await sortByHeader(page, "Bank Name", "ascending");
  await sortByHeader(page, "Bank Name", "descending");
  await expect(page).toHaveURL(/sortField=bank_name/);
  await expect.poll(order).toEqual(sortedBy((a) => a.bank_name).reverse());

  // a new search keeps the sort
  await page.getByRole("searchbox", { name: "Search bank details" }).fill(usernames[0]);
  await page.getByRole("searchbox", { name: "Search bank details" }).press("Enter");
  await expect(page).toHaveURL(/sortField=bank_name&sortOrder=desc/);
  await expect.poll(order).toEqual([usernames[0]]);
});
