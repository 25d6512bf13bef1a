import type { Locator, Page } from "@playwright/test";
import type { CancellationReason } from "~contract/orders";
import type { PlanRecord } from "~contract/subscriptions";
import { expect, fillPlanForm, test } from "./fixtures";

/**
 * Issue 29 item 12: a create form clicked twice (a double click; with JS off the browser posts
 * twice) saves one record and shows the success once.
 */
const toasts = (page: Page) => page.locator(".toasts");
const suffix = () => Math.random().toString(36).slice(2, 8);

/**
 * Clicks `button` a second time while the first post is still on its way back: each post reaches
 * the admin (and is answered there) as it is made, but its answer reaches the browser only after a
 * moment, so the second click comes while the first is loading (a slow network, an impatient admin).
 * With JS off the browser then sends the form again; with JS on the page may refuse the second click.
 */
async function clickTwiceWhileLoading(page: Page, button: Locator, path: RegExp) {
  let first: () => void = () => undefined;
  const firstArrived = new Promise<void>((resolve) => (first = resolve));
  let posts = 0;
  await page.route(path, async (route) => {
    if (route.request().method() !== "POST") return route.continue();
    posts++;
    first();
    const response = await route.fetch({ maxRedirects: 0 });
    await new Promise((resolve) => setTimeout(resolve, 1000));
    await route.fulfill({ response }).catch(() => undefined);
  });
  // the mouse, not the locator: Playwright waits for a loading page's locators, a person does not
  await button.scrollIntoViewIfNeeded();
  const box = await button.boundingBox();
  if (!box) throw new Error("the button is not on the page");
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  await page.mouse.click(x, y);
  await firstArrived;
  await page.mouse.click(x, y);
  return () => posts;
}

test("Add Cancellation Reason double-clicked: one reason, Settings Saved Successfully", async ({ page, loginAs, apiCall }) => {
  await loginAs("admin");
  const text = `Double clicked ${suffix()}`;
  await page.goto("/admin/settings?tab=cancellation&dialog=add&party=User");
  const dialog = page.getByRole("dialog", { name: "Add Cancellation Reason" });
  await dialog.getByLabel("Reason").fill(text);
  await dialog.getByLabel("Repercussion").fill("Fee kept");
  await dialog.getByLabel("Stage").selectOption("PRE");
  await dialog.getByLabel("Service Type").selectOption("AddOnService");
  const posts = await clickTwiceWhileLoading(page, dialog.getByRole("button", { name: "Add Reason" }), /\/admin\/settings/);
  await expect(toasts(page)).toContainText("Settings Saved Successfully");
  await expect(page).toHaveURL(/\?tab=cancellation$/);
  const reasons = (await apiCall<{ results: CancellationReason[] }>("/cancellation-reason/?userType=User")).results;
  expect(reasons.filter((r) => r.reason === text)).toHaveLength(1);
  if (test.info().project.name === "no-js") expect(posts()).toBe(2);
});

test("Add Subscription double-clicked: one plan, New Plan Added Successfully", async ({ page, loginAs, apiCall }) => {
  await loginAs("admin");
  const name = `Double ${suffix()}`;
  await page.goto("/admin/add-subscriptions");
  await fillPlanForm(page, { name: name, amount: "10", fee: "1", points: "0", duration: "1", approvalDays: "1", status: "Inactive" });
  const posts = await clickTwiceWhileLoading(page, page.getByRole("button", { name: "Submit" }), /\/admin\/add-subscriptions/);
  await expect(toasts(page)).toContainText("New Plan Added Successfully");
  await expect(page).toHaveURL(/\/admin\/subscriptions$/);
  await expect(page.getByText("A plan with this name already exists")).toHaveCount(0);
  const plans = (await apiCall<{ data: PlanRecord[] }>("/get-all-plan")).data;
  expect(plans.filter((p) => p.plan_name === name)).toHaveLength(1);
  if (test.info().project.name === "no-js") expect(posts()).toBe(2);
});

test("Approve of a release request double-clicked: one approval, Release approved", async ({ page, loginAs, apiCall }) => {
  // a release request of the test's own: the threshold the release-requests spec sets, and an amount above it
  const setting = (
    await apiCall<{ data: { updated_at: string | null; setting1: { release_approval_threshold?: string | null } | null } }>(
      "/get-setting?setting_name=PayoutSetting",
    )
  ).data;
  if (setting.setting1?.release_approval_threshold !== "300000.00") {
    await apiCall("/upsert-setting?setting_name=PayoutSetting", {
      method: "PUT",
      actingAdmin: "admin",
      body: { settingName: "PayoutSetting", setting1: { release_approval_threshold: "300000.00" }, updated_at: setting.updated_at },
    }).catch(() => undefined);
  }
  const { data: order } = await apiCall<{ data: { short_id: string; payments: { payment_id: number; payment_status: string }[] } }>(
    "/test-fixtures/orders",
    {
      method: "POST",
      body: { serviceType: "Service", status: "Completed", variant: 1, amount: "700000.00", payment_status: "PAYMENT_SUCCESS" },
    },
  );
  const paymentId = order.payments.find((p) => p.payment_status === "PAYMENT_SUCCESS")!.payment_id;
  await apiCall(`/payments/${paymentId}`, { method: "PUT", actingAdmin: "admin", body: { payment_status: "WITHDRAWN" } });
  await loginAs("finance");
  await page.goto(`/admin/payments?dialog=approve-release&id=${paymentId}`);
  const dialog = page.getByRole("dialog", { name: "Approve this release?" });
  await expect(dialog).toBeVisible();
  const posts = await clickTwiceWhileLoading(page, dialog.getByRole("button", { name: "Approve" }), /\/admin\/payments/);
  await expect(toasts(page)).toContainText("Release approved: the payment is released");
  await expect(page).not.toHaveURL(/dialog=/);
  await expect(page.getByText("This request was already approved")).toHaveCount(0);
  const audit = await apiCall<{ data: { action: string }[] }>(`/audit-entries?entity=payment&entity_id=${paymentId}`);
  expect(audit.data.filter((e) => e.action === "update")).toHaveLength(1);
  if (test.info().project.name === "no-js") expect(posts()).toBe(2);
});
