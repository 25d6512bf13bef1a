import { randomBytes } from "node:crypto";
import type { UserListRecord } from "~contract/users";
import { expect, fillRichTextHtml, test } from "./fixtures";

const prefix = () => `bulk_${randomBytes(4).toString("hex")}`;

test.beforeEach(async ({ loginAs }) => {
  await loginAs("admin");
});

test("Users: Select all N matching the search, Block them all, the job page reaches Done with its counts", async ({ page, apiCall }) => {
  const name = prefix();
  for (let i = 0; i < 3; i++) await apiCall("/test-fixtures/users", { method: "POST", body: { prefix: name } });
  await page.goto(`/admin/user?search=${name}`);
  await page.getByRole("link", { name: "Select all 3 matching this filter" }).click();
  await expect(page.getByRole("heading", { name: "Bulk action: Users", level: 1 })).toBeVisible();
  await expect(page.getByText(`Search: ${name}`)).toBeVisible();
  await page.getByRole("radio", { name: "Block" }).check();
  await page.getByRole("button", { name: "Apply to all 3" }).click();
  await expect(page).toHaveURL(/\/admin\/jobs\/\d+$/);
  await expect(page.getByRole("heading", { name: /^Block: Users/, level: 1 })).toBeVisible();
  // without JS the page refreshes itself; with JS it reads the job again: either way it ends
  await expect(page.getByRole("heading", { name: "Done", exact: true, level: 2 })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId("job-counts")).toContainText("Done: 3");
  await expect(page.getByTestId("job-counts")).toContainText("Failed: 0");
  await expect(page.getByTestId("job-counts")).toContainText("Left: 0");
  await expect(page.getByText(/: 3 done, 0 failed\./)).toBeVisible();
  await expect(page.locator("progress")).toHaveAttribute("value", "3");
  const users = (await apiCall<{ data: UserListRecord[] }>(`/users?search=${name}`)).data;
  expect(users.map((u) => u.is_active)).toEqual([false, false, false]);
  // the list shows them blocked
  await page.goto(`/admin/user?search=${name}`);
  await expect(page.locator("table.data-table tbody tr").filter({ hasText: "Blocked" })).toHaveCount(3);
});

test("Service Providers: Select all N matching the search, Send email, the job ends with one message each", async ({
  page,
  apiCall,
}, testInfo) => {
  const name = prefix();
  for (let i = 0; i < 2; i++) await apiCall("/test-fixtures/providers", { method: "POST", body: { prefix: name } });
  await page.goto(`/admin/service-provider?search=${name}`);
  await page.getByRole("link", { name: "Select all 2 matching this filter" }).click();
  await expect(page.getByRole("heading", { name: "Bulk action: Service Providers", level: 1 })).toBeVisible();
  await page.getByRole("radio", { name: "Send email" }).check();
  await page.getByLabel("Subject").fill(`Hello ${name}`);
  await fillRichTextHtml(page, testInfo, "body", "<p>Bookings are open</p>");
  await page.getByRole("button", { name: "Apply to all 2" }).click();
  await expect(page).toHaveURL(/\/admin\/jobs\/\d+$/);
  await expect(page.getByRole("heading", { name: "Done", exact: true, level: 2 })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId("job-counts")).toContainText("Done: 2");
  await expect(page.getByText(`Hello ${name}`)).toBeVisible();
  // the Sent Messages page lists them
  await page.goto(`/admin/service-provider/messages?search=${encodeURIComponent(`Hello ${name}`)}`);
  await expect(page.locator("table tbody tr").filter({ hasText: `Hello ${name}` })).toHaveCount(2);
});

test("the new-job page refuses an email without a subject and keeps what was typed", async ({ page, apiCall }) => {
  const name = prefix();
  await apiCall("/test-fixtures/providers", { method: "POST", body: { prefix: name } });
  await page.goto(`/admin/jobs/new?list=service-provider&search=${name}`);
  await page.getByRole("radio", { name: "Send email" }).check();
  await page.getByRole("button", { name: "Apply to all 1" }).click();
  await expect(page.getByText("Subject is required")).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/jobs\/new\?/);
});
