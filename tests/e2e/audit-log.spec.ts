import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";

type Plan = { plan_id: number; plan_name: string; updated_at: string };

const suffix = () => Math.random().toString(36).slice(2, 8);
const toasts = (page: Page) => page.locator(".toasts");
const entryDialog = (page: Page) => page.getByRole("dialog");

test.beforeEach(async ({ loginAs }) => {
  await loginAs("admin");
});

test("the audit log shows a plan change made in this test, in words, and reverting it restores the old plan", async ({ page, apiCall }) => {
  const plan = (
    await apiCall<{ data: Plan }>("/create-plan", {
      method: "POST",
      actingAdmin: "admin",
      body: { plan_name: `Audit ${suffix()}`, charge: "1499.50", service_fee: "12.50", profile_boost: 5, plan_validity: 3, max_approval: 7, status: "Active" },
    })
  ).data;

  // the change, made in the browser
  await page.goto(`/admin/edit-subscriptions/${plan.plan_id}`);
  await page.getByLabel("Plan Amount (₹)").fill("1999");
  await page.getByLabel("Plan Duration").selectOption({ label: "One Year" });
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expect(toasts(page)).toContainText("Plan Details Updated Successfully");

  // found by its filters, opened side by side
  await page.goto("/admin/audit-log");
  await page.getByText("Filter", { exact: true }).click();
  await page.getByLabel("Record").selectOption({ label: "Subscription plan" });
  await page.getByLabel("Action").selectOption({ label: "Updated" });
  await page.getByRole("button", { name: "Submit" }).click();
  await expect(page).toHaveURL(/entity=plan/);
  const row = page.getByRole("row").filter({ hasText: `Subscription plan #${plan.plan_id}` }).first();
  await expect(row).toContainText("admin");
  await expect(row).toContainText("Plan amount, Duration");
  await row.getByRole("link", { name: /Details/ }).click();
  const dialog = entryDialog(page);
  await expect(dialog.getByRole("heading", { name: `Updated Subscription plan #${plan.plan_id}` })).toBeVisible();
  await expect(dialog.getByRole("row", { name: /Plan amount/ })).toContainText("₹1,499.50");
  await expect(dialog.getByRole("row", { name: /Plan amount/ })).toContainText("₹1,999.00");
  await expect(dialog.getByRole("row", { name: /Duration/ })).toContainText("3 Months");
  await expect(dialog.getByRole("row", { name: /Duration/ })).toContainText("One Year");
  await expect(dialog).not.toContainText("{");
  const entryUrl = page.url();

  await dialog.getByRole("button", { name: "Revert this change" }).click();
  await expect(toasts(page)).toContainText("The change was reverted");
  await expect(entryDialog(page).getByRole("heading", { name: `Reverted Subscription plan #${plan.plan_id}` })).toBeVisible();

  await page.goto(`/admin/edit-subscriptions/${plan.plan_id}`);
  await expect(page.getByLabel("Plan Amount (₹)")).toHaveValue("1499.50");
  await expect(page.getByLabel("Plan Duration")).toHaveValue("3");

  // the original entry no longer matches the plan: a second revert is refused, naming who moved it on
  await page.goto(entryUrl);
  await entryDialog(page).getByRole("button", { name: "Revert this change" }).click();
  await expect(toasts(page)).toContainText("This record was changed again by admin on");
  await page.goto(`/admin/edit-subscriptions/${plan.plan_id}`);
  await expect(page.getByLabel("Plan Amount (₹)")).toHaveValue("1499.50");
});

test("an admin without Admin Users access cannot open the audit log", async ({ page, loginAs }) => {
  await loginAs("catalog");
  const response = await page.goto("/admin/audit-log");
  expect(response?.status()).toBe(403);
  await expect(page.getByRole("navigation").getByRole("link", { name: "Audit Log" })).toHaveCount(0);
});
