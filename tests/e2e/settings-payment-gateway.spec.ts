/**
 * Payment Gateway (spec 2 §2: per-category plan pricing): a category chosen first, a price per
 * Active plan saved and read back, a price that is not rupees refused beside its field, and a stale
 * save answered with who saved meanwhile. Each test prices its own category and plans.
 */
import type { Page } from "@playwright/test";
import { newCategory, newPlan, readSetting } from "../support/records";
import { expect, test } from "./fixtures";

type Prices = Record<string, Record<string, string>>;

const toasts = (page: Page) => page.locator(".toasts");
const priceForm = (page: Page, categoryName: string) => page.getByRole("form", { name: `Plan prices for ${categoryName}` });

test.beforeEach(async ({ loginAs }) => {
  await loginAs("admin");
});

test("a category first, then a price per Active plan, saved exactly and read back after a reload", async ({ page, apiCall }) => {
  const [category, plan, inactive] = await Promise.all([
    newCategory(apiCall),
    newPlan(apiCall, { charge: "2500.00" }),
    newPlan(apiCall, { status: "Inactive" }),
  ]);
  await page.goto("/admin/settings?tab=payment-gateway");
  await expect(page.getByText("Please select a category")).toBeVisible();
  await expect(page.getByRole("form", { name: /^Plan prices for/ })).toHaveCount(0);

  await page.getByLabel("Category").selectOption({ label: category.categoryName });
  await page.getByRole("button", { name: "Show" }).click();
  await expect(page).toHaveURL(new RegExp(`tab=payment-gateway&category=${category.category_id}$`));
  const form = priceForm(page, category.categoryName);
  const price = form.getByLabel(`${plan.plan_name} (₹)`);
  await expect(price).toHaveValue("");
  await expect(price).toHaveAccessibleDescription("Plan price ₹2,500.00");
  await expect(form.getByLabel(`${inactive.plan_name} (₹)`)).toHaveCount(0);

  await price.fill("1999.5");
  await form.getByRole("button", { name: "Save" }).click();
  await expect(toasts(page).getByText("Settings Saved Successfully")).toBeVisible();
  await page.reload();
  await expect(priceForm(page, category.categoryName).getByLabel(`${plan.plan_name} (₹)`)).toHaveValue("1999.50");
  await expect(priceForm(page, category.categoryName).getByText(/Last saved .* by admin/)).toBeVisible();
  expect((await readSetting<Prices>(apiCall, "PricingSetting")).setting1?.[category.category_id]).toEqual({ [plan.plan_id]: "1999.50" });
});

test("a price that is not rupees with at most 2 decimals is refused beside its field; the typed prices stay", async ({ page, apiCall }) => {
  const [category, plan, other] = await Promise.all([newCategory(apiCall), newPlan(apiCall), newPlan(apiCall)]);
  await page.goto(`/admin/settings?tab=payment-gateway&category=${category.category_id}`);
  const form = priceForm(page, category.categoryName);
  await form.getByLabel(`${plan.plan_name} (₹)`).fill("12.345");
  await form.getByLabel(`${other.plan_name} (₹)`).fill("300");
  await form.getByRole("button", { name: "Save" }).click();
  const bad = form.getByLabel(`${plan.plan_name} (₹)`);
  await expect(bad).toHaveAttribute("aria-invalid", "true");
  await expect(form.getByText("Price must be an amount in rupees with at most 2 decimals, e.g. 1499.50")).toBeVisible();
  await expect(bad).toHaveValue("12.345");
  await expect(form.getByLabel(`${other.plan_name} (₹)`)).toHaveValue("300");
  expect((await readSetting<Prices>(apiCall, "PricingSetting")).setting1?.[category.category_id]).toBeUndefined();
});

test("a stale save names who saved the category meanwhile, keeps the typed price, and Save again replaces theirs", async ({
  page,
  apiCall,
}) => {
  const [category, plan] = await Promise.all([newCategory(apiCall), newPlan(apiCall)]);
  await page.goto(`/admin/settings?tab=payment-gateway&category=${category.category_id}`);
  const form = priceForm(page, category.categoryName);
  await form.getByLabel(`${plan.plan_name} (₹)`).fill("800");

  // another admin prices the same category after this page was loaded
  for (let attempt = 0; ; attempt++) {
    const now = await readSetting<Prices>(apiCall, "PricingSetting");
    const saved = await apiCall("/upsert-setting?setting_name=PricingSetting", {
      method: "PUT",
      actingAdmin: "catalog",
      body: {
        settingName: "PricingSetting",
        setting1: { ...(now.setting1 ?? {}), [category.category_id]: { [plan.plan_id]: "700.00" } },
        updated_at: now.updated_at,
      },
    }).then(
      () => true,
      (error) => (attempt < 3 ? false : Promise.reject(error)),
    );
    if (saved) break;
  }

  await form.getByRole("button", { name: "Save" }).click();
  await expect(form.getByRole("alert").filter({ hasText: "catalog saved these settings at" })).toBeVisible();
  await expect(form.getByLabel(`${plan.plan_name} (₹)`)).toHaveValue("800");
  expect((await readSetting<Prices>(apiCall, "PricingSetting")).setting1?.[category.category_id]).toEqual({ [plan.plan_id]: "700.00" });

  await form.getByRole("button", { name: "Save" }).click();
  await expect(toasts(page).getByText("Settings Saved Successfully")).toBeVisible();
  expect((await readSetting<Prices>(apiCall, "PricingSetting")).setting1?.[category.category_id]).toEqual({ [plan.plan_id]: "800.00" });
});
