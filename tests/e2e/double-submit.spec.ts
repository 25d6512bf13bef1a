import type { Page } from "@playwright/test";
import type { CancellationReason } from "../../app/models/orders";
import type { PlanRecord } from "../../app/models/subscriptions";
import { expect, test } from "./fixtures";

/**
 * Issue 29 item 12: a create form clicked twice (a double click; with JS off the browser posts
 * twice) saves one record and shows the success once.
 */
const toasts = (page: Page) => page.locator(".toasts");
const suffix = () => Math.random().toString(36).slice(2, 8);

test("Add Cancellation Reason double-clicked: one reason, Settings Saved Successfully", async ({ page, loginAs, apiCall }) => {
  await loginAs("admin");
  const text = `Double clicked ${suffix()}`;
  await page.goto("/admin/settings?tab=cancellation&dialog=add&party=User");
  const dialog = page.getByRole("dialog", { name: "Add Cancellation Reason" });
  await dialog.getByLabel("Reason").fill(text);
  await dialog.getByLabel("Repercussion").fill("Fee kept");
  await dialog.getByLabel("Stage").selectOption("PRE");
  await dialog.getByLabel("Service Type").selectOption("AddOnService");
  await dialog.getByRole("button", { name: "Add Reason" }).dblclick();
  await expect(toasts(page)).toContainText("Settings Saved Successfully");
  await expect(page).toHaveURL(/\?tab=cancellation$/);
  const reasons = (await apiCall<{ results: CancellationReason[] }>("/cancellation-reason/?userType=User")).results;
  expect(reasons.filter((r) => r.reason === text)).toHaveLength(1);
});

test("Add Subscription double-clicked: one plan, New Plan Added Successfully", async ({ page, loginAs, apiCall }) => {
  await loginAs("admin");
  const name = `Double ${suffix()}`;
  await page.goto("/admin/add-subscriptions");
  await page.getByLabel("Plan Name").fill(name);
  await page.getByLabel("Plan Amount (₹)").fill("10");
  await page.getByLabel("Service Fee").fill("1");
  await page.getByLabel("Booster Points").fill("0");
  await page.getByLabel("Plan Duration").selectOption("1");
  await page.getByLabel("Approval Time").fill("1");
  await page.getByLabel("Status").selectOption("Inactive");
  await page.getByRole("button", { name: "Submit" }).dblclick();
  await expect(toasts(page)).toContainText("New Plan Added Successfully");
  await expect(page).toHaveURL(/\/admin\/subscriptions$/);
  await expect(page.getByText("A plan with this name already exists")).toHaveCount(0);
  const plans = (await apiCall<{ data: PlanRecord[] }>("/get-all-plan")).data;
  expect(plans.filter((p) => p.plan_name === name)).toHaveLength(1);
});
