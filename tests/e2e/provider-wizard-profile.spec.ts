/**
 * Issue 28, item 1: the admin's Edit Form opens on what the provider's details page shows — for a
 * provider made the way the seed makes them (a copy of a demo provider, no wizard step ever saved)
 * — each step shows its data, and Save & Continue with no change changes nothing on the details
 * page. JavaScript on and off. Also: the plan-free "Add specialization" button and the services
 * tables without page-wide horizontal scroll at 1366 px and 390 px.
 */
import type { Page } from "@playwright/test";
import { apiCall, expect, test } from "./fixtures";

type Made = { serviceProvider_id: number; user_id: number; username: string };
const combo = (page: Page, name: string) => page.getByRole("combobox", { name, exact: true });
const box = (page: Page, name: string) => page.getByRole("textbox", { name, exact: true });

async function seededCopy(variant: number) {
  return (await apiCall<{ data: Made }>("/test-fixtures/providers", { method: "POST", body: { variant } })).data;
}

const profileText = async (page: Page) => {
  const summary = page.locator("section.panel").first();
  return (await summary.innerText()).replace(/\s+/g, " ");
};

test.beforeEach(async ({ loginAs }) => {
  await loginAs("admin");
});

/**
 * The details page and the wizard show the provider's stored files (pictures, and each PDF in
 * Chromium's PDF viewer, fetched twice). These tests read text only: the files are answered at
 * once with a 404 (each PDF shows its link, the same on every visit), not fetched from storage
 * and opened in a viewer, which made a page's load wait seconds on a busy machine.
 */
const withoutStoredFiles = (page: Page) => page.route(/\/files\/[^/]+$/, (route) => route.fulfill({ status: 404, body: "" }));

for (const variant of [0, 30]) {
  test(`the Edit Form opens on the profile the details page shows, and a no-change save keeps it (demo provider ${variant + 1})`, async ({
    page,
  }) => {
    await withoutStoredFiles(page);
    const made = await seededCopy(variant);
    const id = made.serviceProvider_id;
    await page.goto(`/admin/provider-details/${id}`);
    const before = await profileText(page);
    const category = (await page.getByText("Category:", { exact: true }).locator("xpath=..").innerText()).replace("Category:", "").trim();
    const firstSpecialization = (
      await page.getByRole("heading", { name: "Specializations" }).locator("xpath=..").getByRole("listitem").first().innerText()
    )
      .split(" — ")[0]
      .trim();
    const tagline = (await page.locator("dt", { hasText: "Tagline" }).locator("xpath=following-sibling::dd[1]").innerText()).trim();
    expect(category).not.toBe("—");

    await page.getByRole("link", { name: "Edit Profile" }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/edit-provider-details/${id}\\?step=categories$`));
    const select = combo(page, "Category");
    await expect(select.locator("option:checked")).toHaveText(category);
    const specialization = page.locator('[name="specializations.0.specialization"]');
    await expect(specialization).toHaveValue(firstSpecialization);

    await page.getByRole("button", { name: "Save & Continue" }).click();
    await expect(page).toHaveURL(/step=services$/);
    await expect(page.locator('[name="Consultation.0.offerings"]')).not.toHaveValue("");
    await expect(page.locator('[name="Consultation.0.serviceId"]')).toHaveCount(1);

    await page.getByRole("button", { name: "Save & Continue" }).click();
    await expect(page).toHaveURL(/step=service-details$/);
    await expect(box(page, "Tagline")).toHaveValue(tagline);

    await page.getByRole("button", { name: "Save & Continue" }).click();
    await expect(page).toHaveURL(/step=documents$/);

    await page.goto(`/admin/provider-details/${id}`);
    expect(await profileText(page)).toBe(before);
  });
}

test("Add specialization is a button of its own (with JavaScript and without)", async ({ page }) => {
  const made = await seededCopy(1);
  await page.goto(`/admin/edit-provider-details/${made.serviceProvider_id}?step=categories`);
  await expect(page.locator('[name="specializations.1.specialization"]')).toHaveCount(1);
  await page.getByRole("button", { name: "Add specialization" }).click();
  await expect(page.locator('[name="specializations.2.specialization"]')).toHaveCount(1);
});

for (const width of [1366, 390]) {
  test(`the services tables fit the page at ${width} px (no page-wide horizontal scroll)`, async ({ page }) => {
    const made = await seededCopy(0);
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`/admin/edit-provider-details/${made.serviceProvider_id}?step=services`);
    await expect(page.locator('[name="Consultation.0.offerings"]')).toBeVisible();
    const fits = await page.evaluate(() => document.scrollingElement!.scrollWidth <= window.innerWidth);
    expect(fits).toBe(true);
    // every field of a row can be reached without scrolling sideways inside the table either
    const price = page.locator('[name="Consultation.0.deliveryTime"]');
    const box = await price.boundingBox();
    expect(box && box.x + box.width).toBeLessThanOrEqual(width);
  });
}
