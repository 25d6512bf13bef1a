import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { loginAsNewAdmin } from "./new-admin";

/** The header's Recent changes (issue 29 item 3), JS on and off: only the admin's areas, linked, read per admin. */

const suffix = () => Math.random().toString(36).slice(2, 8);
const panel = (page: Page) => page.locator("details.header-menu", { has: page.getByLabel(/^Notifications/) }).locator(".menu-panel");

test("viewer sees no change of an area they cannot open", async ({ page, loginAs, apiCall }) => {
  await apiCall("/create-category", {
    method: "POST",
    actingAdmin: "admin",
    body: { categoryName: `Recent viewer ${suffix()}`, desc: "x", status: "Active" },
  });
  await loginAs("viewer");
  await page.goto("/admin");
  await expect(page.getByLabel("Notifications", { exact: true })).toBeVisible();
  await page.getByLabel("Notifications", { exact: true }).click();
  await expect(panel(page).getByText("No recent changes")).toBeVisible();
});

test("an admin of Categories sees a category change, unread, linking to the category; reading it clears the badge", async ({
  page,
  context,
  apiCall,
}, testInfo) => {
  await loginAsNewAdmin(context, apiCall, ["Category"]);
  const name = `Recent ${testInfo.project.name} ${suffix()}`;
  const category = (
    await apiCall<{ data: { category_id: number } }>("/create-category", {
      method: "POST",
      actingAdmin: "admin",
      body: { categoryName: name, desc: "x", status: "Active" },
    })
  ).data;
  await apiCall("/create-plan", {
    method: "POST",
    actingAdmin: "admin",
    body: {
      plan_name: `Recent plan ${suffix()}`,
      charge: "10.00",
      service_fee: "1.00",
      profile_boost: 0,
      plan_validity: 1,
      max_approval: 1,
      status: "Active",
    },
  });

  await page.goto("/admin");
  await expect(page.getByLabel(/^Notifications: \d+\+? unread$/)).toBeVisible();
  await expect(page.locator(".badge-count")).toBeVisible();
  const marked =
    testInfo.project.name === "js"
      ? page.waitForResponse((r) => r.url().includes("/admin/notifications") && r.request().method() === "POST")
      : null;
  await page.getByLabel(/^Notifications/).click();
  const item = panel(page)
    .getByRole("listitem")
    .filter({ hasText: `admin created category ${name}` });
  await expect(item).toBeVisible();
  await expect(panel(page)).not.toContainText("plan");

  if (testInfo.project.name === "js") {
    // opening the menu read them: the badge goes, and stays gone after a reload
    await expect(page.locator(".badge-count")).toHaveCount(0);
    expect((await marked)?.status()).toBe(200);
  } else {
    await expect(item).toContainText("(unread)");
    await panel(page).getByRole("button", { name: "Mark all read" }).click();
    await expect(page).toHaveURL(/\/admin$/);
  }
  await page.reload();
  await expect(page.locator(".badge-count")).toHaveCount(0);
  await expect(page.getByLabel("Notifications", { exact: true })).toBeVisible();

  // the entry links to its record
  await page.getByLabel("Notifications", { exact: true }).click();
  await panel(page)
    .getByRole("link", { name: `admin created category ${name}` })
    .click();
  await expect(page).toHaveURL(new RegExp(`/admin/edit-categories/${category.category_id}$`));
});
