/**
 * Create Service Settings (spec 2 §3): a category and a sub-category chosen (in the URL), each
 * service type's limits, inclusions and offerings saved and read back, the category's coverage
 * saved and read back, the option lists' rules told beside the lists with the values kept, and a
 * stale save answered with who saved meanwhile. Each test works on its own category and
 * sub-categories (never deleted: the setting would then name a category that is gone).
 */
import type { Page } from "@playwright/test";
import { newCategory, readSetting } from "../support/records";
import { expect, test, type apiCall as ApiCall } from "./fixtures";

type Section = { enabled: boolean; options: string[] };
type TypeEntry = { limits: Section; inclusions: Section; offerings: Section };
type Entry = { Retainership?: TypeEntry; Services?: TypeEntry };
type Setting1 = Record<string, Record<string, Entry>>;
type Category = { category_id: number; categoryName: string };

const toasts = (page: Page) => page.locator(".toasts");
const tabUrl = (category: number, sub?: number | string) =>
  `/admin/settings?tab=create-service&category=${category}${sub !== undefined ? `&sub=${sub}` : ""}`;
const entryForm = (page: Page, category: Category, subName: string) =>
  page.getByRole("form", { name: `Service types for ${category.categoryName}: ${subName}` });
const coverageForm = (page: Page, category: Category) =>
  page.getByRole("form", { name: `Create Service Settings for ${category.categoryName}` });

async function categoryWithSubs(apiCall: typeof ApiCall) {
  const category = await newCategory<Category>(apiCall);
  const subs = await Promise.all([1, 2].map(() => newCategory<Category>(apiCall, { parentCategoryId: category.category_id })));
  return { category, subs: subs.sort((a, b) => a.category_id - b.category_id) };
}

const stored = (apiCall: typeof ApiCall) => readSetting<Setting1>(apiCall, "CreateServicesSetting");
const storedEntry = async (apiCall: typeof ApiCall, category: number, sub: number | string) =>
  ((await stored(apiCall)).setting1 ?? {})[category]?.[String(sub)];

/** Another admin saves one entry through the API (again when someone saved in between). */
async function saveEntryThroughApi(apiCall: typeof ApiCall, category: number, sub: number, entry: Entry) {
  for (let attempt = 0; ; attempt++) {
    const now = await stored(apiCall);
    const setting1 = now.setting1 ?? {};
    const saved = await apiCall("/upsert-setting?setting_name=CreateServicesSetting", {
      method: "PUT",
      actingAdmin: "catalog",
      body: {
        settingName: "CreateServicesSetting",
        setting1: { ...setting1, [category]: { ...setting1[category], [sub]: entry } },
        updated_at: now.updated_at,
      },
    }).then(
      () => true,
      (error) => (attempt < 3 ? false : Promise.reject(error)),
    );
    if (saved) return;
  }
}

const section = (enabled: boolean, options: string[]): Section => ({ enabled, options });
const savePost = (page: Page) => page.waitForResponse((r) => r.request().method() === "POST" && r.url().includes("tab=create-service"));

test.beforeEach(async ({ loginAs }) => {
  await loginAs("admin");
});

test("a category, then a sub-category; both service types set, saved and read back after a reload", async ({ page, apiCall }) => {
  const { category, subs } = await categoryWithSubs(apiCall);
  const sub = subs[1];
  await page.goto("/admin/settings?tab=create-service");
  await expect(page.getByText("Please select a category")).toBeVisible();
  await expect(page.getByLabel("Sub-category")).toHaveCount(0);

  await page.getByLabel("Category", { exact: true }).selectOption({ label: category.categoryName });
  await page.getByRole("button", { name: "Show", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`tab=create-service&category=${category.category_id}$`));
  await expect(page.getByLabel("Sub-category")).toHaveValue("all");
  await expect(entryForm(page, category, "All sub-categories")).toBeVisible();
  await page.getByLabel("Sub-category").selectOption({ label: sub.categoryName });
  await page.getByRole("button", { name: "Show sub-category" }).click();
  await expect(page).toHaveURL(new RegExp(`category=${category.category_id}&sub=${sub.category_id}$`));

  const form = entryForm(page, category, sub.categoryName);
  const retainership = form.getByRole("group", { name: "Retainership", exact: true });
  const services = form.getByRole("group", { name: "Services", exact: true });
  await expect(retainership.getByLabel("Offer Retainership")).not.toBeChecked();
  await retainership.getByLabel("Offer Retainership").check();
  await retainership.getByLabel("Limits enabled").check();
  await retainership.getByLabel("New Limits option").fill("Monthly");
  await retainership.getByLabel("Offerings enabled").check();
  await retainership.getByLabel("New Offerings option").fill("10 hours a month");
  await services.getByLabel("Offer Services").check();
  await services.getByLabel("Inclusions enabled").check();
  await services.getByLabel("New Inclusions option").fill("Source files");
  await services.getByLabel("New Offerings option").fill("Logo design");
  await form.getByRole("button", { name: "Save" }).click();
  await expect(toasts(page).getByText("Settings Saved Successfully")).toBeVisible();

  await page.reload();
  const again = entryForm(page, category, sub.categoryName);
  const r = again.getByRole("group", { name: "Retainership", exact: true });
  const s = again.getByRole("group", { name: "Services", exact: true });
  await expect(r.getByLabel("Offer Retainership")).toBeChecked();
  await expect(r.getByLabel("Limits enabled")).toBeChecked();
  await expect(r.getByLabel("Inclusions enabled")).not.toBeChecked();
  await expect(r.getByLabel("Limits option 1", { exact: true })).toHaveValue("Monthly");
  await expect(r.getByLabel("Offerings option 1", { exact: true })).toHaveValue("10 hours a month");
  await expect(s.getByLabel("Offer Services")).toBeChecked();
  await expect(s.getByLabel("Inclusions enabled")).toBeChecked();
  await expect(s.getByLabel("Offerings enabled")).not.toBeChecked();
  await expect(s.getByLabel("Inclusions option 1", { exact: true })).toHaveValue("Source files");
  await expect(s.getByLabel("Offerings option 1", { exact: true })).toHaveValue("Logo design");
  await expect(again.getByText(/Last saved .* by admin/)).toBeVisible();
  expect(await storedEntry(apiCall, category.category_id, sub.category_id)).toEqual({
    Retainership: { limits: section(true, ["Monthly"]), inclusions: section(false, []), offerings: section(true, ["10 hours a month"]) },
    Services: { limits: section(false, []), inclusions: section(true, ["Source files"]), offerings: section(false, ["Logo design"]) },
  });

  // a sub-category that is not one of this category's is told, and offers no form
  await page.goto(tabUrl(category.category_id, 2147483000));
  await expect(
    page.getByText(`Unknown sub-category: choose All sub-categories or one of ${category.categoryName}'s sub-categories`),
  ).toBeVisible();
  await expect(page.getByRole("form", { name: /^Service types for/ })).toHaveCount(0);
});

test("11 options and a repeat are refused beside their lists with the spec's messages; every typed value stays", async ({
  page,
  apiCall,
}) => {
  const { category, subs } = await categoryWithSubs(apiCall);
  const sub = subs[0];
  const ten = Array.from({ length: 10 }, (_, i) => `Option ${i + 1}`);
  const before: Entry = {
    Retainership: { limits: section(true, ten), inclusions: section(false, []), offerings: section(false, []) },
    Services: { limits: section(true, ["Logo"]), inclusions: section(false, ten), offerings: section(false, []) },
  };
  await saveEntryThroughApi(apiCall, category.category_id, sub.category_id, before);
  await page.goto(tabUrl(category.category_id, sub.category_id));
  const form = entryForm(page, category, sub.categoryName);
  const retainership = form.getByRole("group", { name: "Retainership", exact: true });
  const services = form.getByRole("group", { name: "Services", exact: true });
  await expect(retainership.getByLabel("Limits option 10", { exact: true })).toHaveValue("Option 10");

  await retainership.getByLabel("New Limits option").fill("Option 11");
  await services.getByLabel("New Inclusions option").fill("Option 11");
  await services.getByLabel("New Limits option").fill("logo");
  await services.getByLabel("New Offerings option").fill("Kept offering");
  const posted = savePost(page);
  await form.getByRole("button", { name: "Save" }).click();
  expect((await posted).status()).toBe(400);

  await expect(retainership.getByRole("group", { name: "Limits" }).getByText("Max 10 Retainership are Allowed")).toBeVisible();
  await expect(services.getByRole("group", { name: "Inclusions" }).getByText("Max 10 Services are Allowed")).toBeVisible();
  const repeat = services.getByLabel("Limits option 2", { exact: true });
  await expect(repeat).toHaveValue("logo");
  await expect(repeat).toHaveAttribute("aria-invalid", "true");
  await expect(repeat).toHaveAccessibleDescription('Option Already Added: "Logo"');
  await expect(retainership.getByLabel("Limits option 11", { exact: true })).toHaveValue("Option 11");
  await expect(services.getByLabel("Inclusions option 11", { exact: true })).toHaveValue("Option 11");
  await expect(services.getByLabel("Offerings option 1", { exact: true })).toHaveValue("Kept offering");
  await expect(retainership.getByLabel("Limits enabled")).toBeChecked();
  await expect(toasts(page).getByText("Settings Saved Successfully")).toHaveCount(0);
  expect(await storedEntry(apiCall, category.category_id, sub.category_id)).toEqual(before);
});

test("the category's coverage: on, the ticked sub-categories; saved and read back; nothing ticked is refused", async ({
  page,
  apiCall,
}) => {
  const { category, subs } = await categoryWithSubs(apiCall);
  await page.goto(tabUrl(category.category_id));
  const form = coverageForm(page, category);
  const on = form.getByLabel("Create Service Settings on for this category");
  await expect(on).not.toBeChecked();
  await expect(form.getByLabel("All sub-categories")).toBeChecked();

  await on.check();
  await form.getByLabel("Only the sub-categories ticked below").check();
  const posted = savePost(page);
  await form.getByRole("button", { name: "Save" }).click();
  expect((await posted).status()).toBe(400);
  await expect(form.getByText("Choose at least one sub-category, or All sub-categories")).toBeVisible();
  await expect(form.getByLabel("Create Service Settings on for this category")).toBeChecked();
  await expect(form.getByLabel("Only the sub-categories ticked below")).toBeChecked();

  await form.getByLabel(subs[1].categoryName).check();
  await form.getByRole("button", { name: "Save" }).click();
  await expect(toasts(page).getByText("Settings Saved Successfully")).toBeVisible();
  await page.reload();
  const again = coverageForm(page, category);
  await expect(again.getByLabel("Create Service Settings on for this category")).toBeChecked();
  await expect(again.getByLabel("Only the sub-categories ticked below")).toBeChecked();
  await expect(again.getByLabel(subs[1].categoryName)).toBeChecked();
  await expect(again.getByLabel(subs[0].categoryName)).not.toBeChecked();
  expect((((await stored(apiCall)).setting2 ?? {}) as Record<string, unknown>)[category.category_id]).toEqual({
    enabled: true,
    subCategories: [subs[1].category_id],
  });
});

test("a stale save names who saved the entry meanwhile, keeps the typed values, and Save again replaces theirs", async ({
  page,
  apiCall,
}) => {
  const { category, subs } = await categoryWithSubs(apiCall);
  const sub = subs[0];
  await page.goto(tabUrl(category.category_id, sub.category_id));
  const form = entryForm(page, category, sub.categoryName);
  const services = form.getByRole("group", { name: "Services", exact: true });
  await services.getByLabel("Offer Services").check();
  await services.getByLabel("Limits enabled").check();
  await services.getByLabel("New Limits option").fill("Mine");

  const theirs: Entry = { Services: { limits: section(true, ["Theirs"]), inclusions: section(false, []), offerings: section(false, []) } };
  await saveEntryThroughApi(apiCall, category.category_id, sub.category_id, theirs);

  await form.getByRole("button", { name: "Save" }).click();
  await expect(form.getByRole("alert").filter({ hasText: "catalog saved these settings at" })).toBeVisible();
  await expect(services.getByLabel("Limits option 1", { exact: true })).toHaveValue("Mine");
  await expect(services.getByLabel("Offer Services")).toBeChecked();
  expect(await storedEntry(apiCall, category.category_id, sub.category_id)).toEqual(theirs);

  await form.getByRole("button", { name: "Save" }).click();
  await expect(toasts(page).getByText("Settings Saved Successfully")).toBeVisible();
  expect(await storedEntry(apiCall, category.category_id, sub.category_id)).toEqual({
    Services: { limits: section(true, ["Mine"]), inclusions: section(false, []), offerings: section(false, []) },
  });
});
