import type { Page } from "@playwright/test";
import { newCategory, readSetting } from "../support/records";
import { expect, test } from "./fixtures";
import { loginAsNewAdmin, signInAs } from "./new-admin";

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
      body: {
        plan_name: `Audit ${suffix()}`,
        charge: "1499.50",
        service_fee: "12.50",
        profile_boost: 5,
        plan_validity: 3,
        max_approval: 7,
        status: "Active",
      },
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
  const row = page
    .getByRole("row")
    .filter({ hasText: `plan ${plan.plan_name}` })
    .first();
  await expect(row).toContainText("admin");
  await expect(row).toContainText("Plan amount, Duration");
  await row.getByRole("link", { name: /Details/ }).click();
  const dialog = entryDialog(page);
  await expect(dialog.getByRole("heading", { name: `Updated plan ${plan.plan_name}` })).toBeVisible();
  await expect(dialog.getByRole("row", { name: /Plan amount/ })).toContainText("₹1,499.50");
  await expect(dialog.getByRole("row", { name: /Plan amount/ })).toContainText("₹1,999.00");
  await expect(dialog.getByRole("row", { name: /Duration/ })).toContainText("3 Months");
  await expect(dialog.getByRole("row", { name: /Duration/ })).toContainText("One Year");
  await expect(dialog).not.toContainText("{");
  const entryUrl = page.url();

  // Revert asks first: Cancel leaves the plan as it is
  await dialog.getByRole("link", { name: "Revert this change" }).click();
  const confirm = entryDialog(page);
  await expect(confirm.getByRole("heading", { name: "Revert this change?" })).toBeVisible();
  await expect(confirm).toContainText(`Updated plan ${plan.plan_name}`);
  await confirm.getByRole("link", { name: "Cancel" }).click();
  await expect(entryDialog(page).getByRole("heading", { name: `Updated plan ${plan.plan_name}` })).toBeVisible();
  expect((await apiCall<{ data: Plan & { charge: string } }>(`/get-plan-by-id?plan_id=${plan.plan_id}`)).data.charge).toBe("1999.00");

  await entryDialog(page).getByRole("link", { name: "Revert this change" }).click();
  await entryDialog(page).getByRole("button", { name: "Revert", exact: true }).click();
  await expect(toasts(page)).toContainText("The change was reverted");
  await expect(entryDialog(page).getByRole("heading", { name: `Reverted plan ${plan.plan_name}` })).toBeVisible();

  await page.goto(`/admin/edit-subscriptions/${plan.plan_id}`);
  await expect(page.getByLabel("Plan Amount (₹)")).toHaveValue("1499.50");
  await expect(page.getByLabel("Plan Duration")).toHaveValue("3");

  // the original entry no longer matches the plan: a second revert is refused, naming who moved it on
  await page.goto(entryUrl);
  await expect(entryDialog(page).getByRole("link", { name: "Revert this change" })).toHaveCount(0);
  await expect(entryDialog(page)).toContainText("This record was changed again by admin on");
  await page.goto(`/admin/edit-subscriptions/${plan.plan_id}`);
  await expect(page.getByLabel("Plan Amount (₹)")).toHaveValue("1499.50");
});

test("an admin without Admin Users access cannot open the audit log", async ({ page, loginAs }) => {
  await loginAs("catalog");
  const response = await page.goto("/admin/audit-log");
  expect(response?.status()).toBe(403);
  await expect(page.getByRole("navigation").getByRole("link", { name: "Audit Log" })).toHaveCount(0);
});

test("a settings save reads as the form in the audit log, found from the form's own link, and its Revert touches that category alone", async ({
  page,
  apiCall,
}) => {
  const NAME = "CategoryServiceProviderFormSetting";
  const made = async () => newCategory(apiCall, { categoryName: `Audit settings ${test.info().project.name} ${suffix()}` });
  const [mine, other] = [await made(), await made()];
  const put = async (id: number, entry: unknown) => {
    for (let attempt = 1; ; attempt++) {
      const stored = await readSetting<Record<string, unknown>>(apiCall, NAME);
      try {
        return await apiCall(`/upsert-setting?setting_name=${NAME}`, {
          method: "PUT",
          actingAdmin: "admin",
          body: { settingName: NAME, setting1: { ...(stored.setting1 ?? {}), [id]: entry }, updated_at: stored.updated_at },
        });
      } catch (error) {
        if (!((error as { status?: number }).status === 409 && attempt < 5)) throw error;
      }
    }
  };
  await put(mine.category_id, { fields: { about: true }, offerings: { Consultation: ["30 Minutes Call"] } });

  // the change, made in the form
  await page.goto(`/admin/settings?tab=category&category=${mine.category_id}`);
  const form = page.getByRole("form", { name: `Category Settings for ${mine.categoryName}` });
  await form.getByRole("group", { name: "Consultation", exact: true }).getByLabel("New Consultation option").fill("1 Hour Call");
  await form.getByRole("button", { name: "Save", exact: true }).click();
  await expect(toasts(page)).toContainText("Settings Saved Successfully");
  // another category saved since
  await put(other.category_id, { fields: { about: true }, offerings: { Service: ["Audit"] } });

  // the form's own link: the log narrowed to this category's Category Settings
  await page.goto(`/admin/settings?tab=category&category=${mine.category_id}`);
  await page
    .getByRole("form", { name: `Category Settings for ${mine.categoryName}` })
    .getByRole("link", { name: "All changes to this record" })
    .click();
  await expect(page.getByText(`Showing the changes to Category Settings › ${mine.categoryName}.`)).toBeVisible();
  const row = page.getByRole("row").filter({ hasText: "Offerings › Consultation" }).first();
  await expect(row).toContainText(`Category Settings › ${mine.categoryName}`);
  await row.getByRole("link", { name: /Details/ }).click();
  const dialog = entryDialog(page);
  await expect(dialog.getByRole("heading", { name: `Updated Category Settings › ${mine.categoryName}` })).toBeVisible();
  const change = dialog.getByRole("row", { name: /Offerings › Consultation/ });
  await expect(change).toContainText("30 Minutes Call, 1 Hour Call");
  await expect(change.locator("mark")).toHaveText(["1 Hour Call"]);
  await expect(dialog).not.toContainText("Setting1");
  await expect(dialog).not.toContainText(other.categoryName);

  await dialog.getByRole("link", { name: "Revert this change" }).click();
  await entryDialog(page).getByRole("button", { name: "Revert", exact: true }).click();
  await expect(toasts(page)).toContainText("The change was reverted");
  const stored = (await readSetting<Record<string, { offerings: Record<string, string[]> }>>(apiCall, NAME)).setting1!;
  expect(stored[mine.category_id].offerings.Consultation).toEqual(["30 Minutes Call"]);
  expect(stored[other.category_id].offerings.Service).toEqual(["Audit"]);
});

test("an admin holding only Admin Users is not offered Revert on a plan's change and is told why; a demoted admin cannot revert their own demotion", async ({
  page,
  context,
  apiCall,
}) => {
  const plan = (
    await apiCall<{ data: Plan }>("/create-plan", {
      method: "POST",
      actingAdmin: "admin",
      body: {
        plan_name: `Area ${suffix()}`,
        charge: "100.00",
        service_fee: "1.00",
        profile_boost: 0,
        plan_validity: 1,
        max_approval: 1,
        status: "Active",
      },
    })
  ).data;
  await apiCall(`/update-plan?plan_id=${plan.plan_id}`, {
    method: "PUT",
    actingAdmin: "admin",
    body: { charge: "300.00", updated_at: plan.updated_at },
  });
  const [planChange] = (await apiCall<{ data: { id: number }[] }>(`/audit-entries?entity=plan&entity_id=${plan.plan_id}&page_size=100`))
    .data;

  const usersOnly = await loginAsNewAdmin(context, apiCall, ["AdminUsers", "Bookings"]);
  expect((await page.goto(`/admin/edit-subscriptions/${plan.plan_id}`))?.status()).toBe(403);
  await page.goto(`/admin/audit-log?entry=${planChange.id}`);
  await expect(entryDialog(page).getByRole("heading", { name: `Updated plan ${plan.plan_name}` })).toBeVisible();
  await expect(entryDialog(page).getByRole("link", { name: "Revert this change" })).toHaveCount(0);
  await expect(entryDialog(page)).toContainText("You need Subscriptions access to revert this change");
  // the confirmation's own URL offers nothing either
  await page.goto(`/admin/audit-log?entry=${planChange.id}&dialog=revert`);
  await expect(page.getByRole("button", { name: "Revert", exact: true })).toHaveCount(0);
  expect((await apiCall<{ data: { charge: string } }>(`/get-plan-by-id?plan_id=${plan.plan_id}`)).data.charge).toBe("300.00");

  // demoted by admin: their own demotion is not theirs to revert
  await apiCall("/update-admin-user", {
    method: "PUT",
    actingAdmin: "admin",
    body: { adminUsername: usersOnly.adminUsername, adminAccessRoleSettings: ["AdminUsers"], updated_at: usersOnly.updated_at },
  });
  const [demotion] = (
    await apiCall<{ data: { id: number }[] }>(`/audit-entries?entity=admin_user&entity_id=${usersOnly.adminUserId}&page_size=100`)
  ).data;
  await signInAs(context, apiCall, usersOnly.adminUserId);
  await page.goto(`/admin/audit-log?entry=${demotion.id}`);
  await expect(entryDialog(page).getByRole("heading", { name: `Updated admin user ${usersOnly.adminUsername}` })).toBeVisible();
  await expect(entryDialog(page).getByRole("link", { name: "Revert this change" })).toHaveCount(0);
  await expect(entryDialog(page)).toContainText("You cannot revert a change to your own admin user");
});
