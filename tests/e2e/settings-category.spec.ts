/**
 * /admin/settings?tab=category (Category Settings): a category is picked first, then its provider
 * form is saved and read back after a reload; each rule's message shows beside its field with the
 * typed values kept; a stale save names who saved meanwhile and Save again wins. Each test makes
 * its own category, so the js and no-js projects never save the same entry.
 */
import type { Locator, Page } from "@playwright/test";
import { newCategory, readSetting } from "../support/records";
import { expect, test, type apiCall as ApiCall } from "./fixtures";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Any = any;

const NAME = "CategoryServiceProviderFormSetting";
const TAB = "/admin/settings?tab=category";
const unique = (label: string) => `${label} ${test.info().project.name} ${Math.random().toString(36).slice(2, 8)}`;
const toasts = (page: Page) => page.locator(".toasts");
const group = (scope: Page | Locator, name: string) => scope.getByRole("group", { name, exact: true });
const options = (n: number, label: string) => Array.from({ length: n }, (_, i) => `${label} ${i + 1}`);

async function makeCategory(apiCall: typeof ApiCall): Promise<{ id: number; name: string }> {
  const category = await newCategory(apiCall, { categoryName: unique("E2E Settings Cat") });
  return { id: category.category_id, name: category.categoryName };
}

const entryOf = async (apiCall: typeof ApiCall, id: number): Promise<Any> =>
  (await readSetting<Record<string, Any>>(apiCall, NAME)).setting1?.[id];

/** One category's entry saved through the API as `who` (read again on a 409: the other project saves too). */
async function putEntry(apiCall: typeof ApiCall, id: number, entry: Any, who: "admin" | "catalog" = "admin") {
  for (let attempt = 1; ; attempt++) {
    const stored = await readSetting<Record<string, Any>>(apiCall, NAME);
    try {
      return await apiCall(`/upsert-setting?setting_name=${NAME}`, {
        method: "PUT",
        actingAdmin: who,
        body: { settingName: NAME, setting1: { ...(stored.setting1 ?? {}), [id]: entry }, updated_at: stored.updated_at },
      });
    } catch (error) {
      if (!((error as Any).status === 409 && attempt < 5)) throw error;
    }
  }
}

const formFor = (page: Page, name: string) => page.getByRole("form", { name: `Category Settings for ${name}` });
const save = (form: Locator) => form.getByRole("button", { name: "Save", exact: true }).click();

/**
 * Save, and wait until the saved tab is shown again: without JS the redirect's page has loaded;
 * with JS the earlier toasts are closed first, so the new one comes with the reloaded tab.
 */
async function saveAndSee(page: Page, form: Locator) {
  const js = test.info().project.name === "js";
  if (js) {
    const close = toasts(page).getByRole("button", { name: "Close notification" });
    while ((await close.count()) > 0) await close.first().click();
  }
  const loaded = js ? Promise.resolve() : page.waitForEvent("load");
  await save(form);
  await loaded;
  await expect(toasts(page)).toContainText("Settings Saved Successfully");
}

test.beforeEach(async ({ loginAs }) => {
  await loginAs("admin");
});

test("picks a category, saves its provider form and reads it back after a reload", async ({ page, apiCall }) => {
  const category = await makeCategory(apiCall);
  await page.goto(TAB);
  await expect(page.getByText("Please select a category")).toBeVisible();
  await expect(page.getByRole("button", { name: "Save", exact: true })).toHaveCount(0);
  await page.getByLabel("Category", { exact: true }).selectOption(String(category.id));
  await page.getByRole("button", { name: "Show" }).click();
  await expect(page).toHaveURL(new RegExp(`[?&]category=${category.id}$`));
  await expect(page.getByText("Please select a category")).toHaveCount(0);

  const form = formFor(page, category.name);
  const fields = group(form, "Provider form fields");
  await expect(fields.getByRole("checkbox")).toHaveCount(12);
  for (const label of ["Profile Photo", "About", "Charges"]) await fields.getByLabel(label, { exact: true }).check();

  await group(form, "Consultation").getByLabel("New Consultation option").fill("15 Minutes Call");
  await group(form, "Service").getByLabel("New Service option").fill("Audit");
  await group(form, "Retainership").getByLabel("New Retainership option").fill("Monthly Retainer");
  await group(form, "Add-On Service").getByLabel("New Add-On Service option").fill("Urgent Delivery");
  const first = group(form, "Specialization 1");
  await first.getByLabel("Name", { exact: true }).fill("Corporate Law");
  await first.getByLabel("New Sub Specializations option").fill("Mergers");
  await group(form, "Total experience (years)").getByLabel("Minimum").fill("2");
  await group(form, "Total experience (years)").getByLabel("Maximum").fill("20");
  await group(form, "Specialization experience (years)").getByLabel("Minimum").fill("3");
  await group(form, "Specialization experience (years)").getByLabel("Maximum").fill("15");
  await group(form, "Charges (₹)").getByLabel("Minimum").fill("499.5");
  await group(form, "Charges (₹)").getByLabel("Maximum").fill("5000");
  await saveAndSee(page, form);
  await expect(form.getByText(/^Last saved .* by admin$/)).toBeVisible();

  // a second round, as a user adds more: one more of each in the blank boxes
  await group(form, "Consultation").getByLabel("New Consultation option").fill("30 Minutes Call");
  await group(form, "Specialization 1").getByLabel("New Sub Specializations option").fill("Startups");
  const second = group(form, "Specialization 2");
  await second.getByLabel("Name", { exact: true }).fill("Intellectual Property");
  await second.getByLabel("New Sub Specializations option").fill("Trademarks");
  await fields.getByLabel("About", { exact: true }).uncheck();
  await saveAndSee(page, form);

  await page.reload();
  const shown = formFor(page, category.name);
  const checks = group(shown, "Provider form fields");
  await expect(checks.getByLabel("Profile Photo", { exact: true })).toBeChecked();
  await expect(checks.getByLabel("Charges", { exact: true })).toBeChecked();
  await expect(checks.getByLabel("About", { exact: true })).not.toBeChecked();
  await expect(checks.getByLabel("Portfolio", { exact: true })).not.toBeChecked();
  await expect(group(shown, "Consultation").getByLabel("Consultation option 1")).toHaveValue("15 Minutes Call");
  await expect(group(shown, "Consultation").getByLabel("Consultation option 2")).toHaveValue("30 Minutes Call");
  await expect(group(shown, "Service").getByLabel("Service option 1")).toHaveValue("Audit");
  await expect(group(shown, "Retainership").getByLabel("Retainership option 1")).toHaveValue("Monthly Retainer");
  await expect(group(shown, "Add-On Service").getByLabel("Add-On Service option 1")).toHaveValue("Urgent Delivery");
  await expect(group(shown, "Specialization 1").getByLabel("Name", { exact: true })).toHaveValue("Corporate Law");
  await expect(group(shown, "Specialization 1").getByLabel("Sub Specializations option 2")).toHaveValue("Startups");
  await expect(group(shown, "Specialization 2").getByLabel("Name", { exact: true })).toHaveValue("Intellectual Property");
  await expect(group(shown, "Total experience (years)").getByLabel("Maximum")).toHaveValue("20");
  await expect(group(shown, "Specialization experience (years)").getByLabel("Minimum")).toHaveValue("3");
  await expect(group(shown, "Charges (₹)").getByLabel("Minimum")).toHaveValue("499.50");
  await expect(group(shown, "Charges (₹)").getByLabel("Maximum")).toHaveValue("5000.00");
  expect(await entryOf(apiCall, category.id)).toMatchObject({
    fields: { profilePhoto: true, about: false, charges: true, portfolio: false },
    offerings: {
      Consultation: ["15 Minutes Call", "30 Minutes Call"],
      Service: ["Audit"],
      Retainership: ["Monthly Retainer"],
      AddOnService: ["Urgent Delivery"],
    },
    specializations: [
      { name: "Corporate Law", subSpecializations: ["Mergers", "Startups"] },
      { name: "Intellectual Property", subSpecializations: ["Trademarks"] },
    ],
    totalExperience: { min: 2, max: 20 },
    specializationExperience: { min: 3, max: 15 },
    charges: { min: "499.50", max: "5000.00" },
  });

  // removing: clearing a name or an option removes it (with JS the Remove buttons do too)
  if (test.info().project.name === "js") {
    await group(shown, "Specialization 2").getByRole("button", { name: "Remove specialization Intellectual Property" }).click();
    await expect(group(shown, "Specialization 2").getByLabel("Name", { exact: true })).toHaveValue("");
    await group(shown, "Consultation").getByRole("button", { name: "Remove 15 Minutes Call" }).click();
  } else {
    await group(shown, "Specialization 2").getByLabel("Name", { exact: true }).fill("");
    await group(shown, "Consultation").getByLabel("Consultation option 1").fill("");
  }
  await group(shown, "Charges (₹)").getByLabel("Minimum").fill("");
  await group(shown, "Charges (₹)").getByLabel("Maximum").fill("");
  await saveAndSee(page, shown);
  await page.reload();
  await expect(group(formFor(page, category.name), "Consultation").getByLabel("Consultation option 1")).toHaveValue("30 Minutes Call");
  await expect(group(formFor(page, category.name), "Specialization 2").getByLabel("Name", { exact: true })).toHaveValue("");
  await expect(group(formFor(page, category.name), "Charges (₹)").getByLabel("Minimum")).toHaveValue("");
  expect(await entryOf(apiCall, category.id)).toMatchObject({
    offerings: { Consultation: ["30 Minutes Call"] },
    specializations: [{ name: "Corporate Law", subSpecializations: ["Mergers", "Startups"] }],
    charges: null,
  });
});

test("each rule's message beside its field, the typed values kept", async ({ page, apiCall }) => {
  const category = await makeCategory(apiCall);
  await putEntry(apiCall, category.id, {
    offerings: { Consultation: options(10, "Call"), Service: ["Tax Audit"], Retainership: [], AddOnService: [] },
    specializations: [
      { name: "GST", subSpecializations: options(6, "Sub") },
      { name: "Income Tax", subSpecializations: [] },
    ],
  });
  const url = `${TAB}&category=${category.id}`;
  await page.goto(url);
  const form = formFor(page, category.name);
  // the same option but for case and spaces (issue 29): the message names the one it repeats
  await group(form, "Service").getByLabel("New Service option").fill(" tax   AUDIT ");
  await group(form, "Specialization 3").getByLabel("Name", { exact: true }).fill("gst");
  if (test.info().project.name === "js") {
    // told at once, before saving
    await expect(group(form, "Service").getByText('Option Already Added: "Tax Audit"')).toBeVisible();
    await expect(group(form, "Specialization 3").getByText('Option Already Added: "GST"')).toBeVisible();
  }
  await group(form, "Total experience (years)").getByLabel("Maximum").fill("30");
  await group(form, "Specialization experience (years)").getByLabel("Minimum").fill("0");
  await group(form, "Charges (₹)").getByLabel("Minimum").fill("abc");
  await group(form, "Charges (₹)").getByLabel("Maximum").fill("500");
  await save(form);

  // the server's answer (with JS the repeats were told already)
  await expect(group(form, "Total experience (years)").getByText("Total experience must be 0 to 29 years")).toBeVisible();
  await expect(group(form, "Service").getByText('Option Already Added: "Tax Audit"')).toBeVisible();
  await expect(group(form, "Service").getByLabel("Service option 2")).toHaveValue(" tax   AUDIT ");
  await expect(group(form, "Specialization 3").getByText('Option Already Added: "GST"')).toBeVisible();
  await expect(group(form, "Specialization 3").getByLabel("Name", { exact: true })).toHaveValue("gst");
  await expect(group(form, "Total experience (years)").getByText("Total experience must be 0 to 29 years")).toBeVisible();
  await expect(group(form, "Total experience (years)").getByLabel("Maximum")).toHaveValue("30");
  await expect(group(form, "Specialization experience (years)").getByText("Specialization experience must be 1 to 40 years")).toBeVisible();
  await expect(group(form, "Specialization experience (years)").getByLabel("Minimum")).toHaveValue("0");
  await expect(group(form, "Charges (₹)").getByText(/^Charges must be numeric/)).toBeVisible();
  await expect(group(form, "Charges (₹)").getByLabel("Minimum")).toHaveValue("abc");
  await expect(group(form, "Charges (₹)").getByLabel("Maximum")).toHaveValue("500");
  await expect(toasts(page)).not.toContainText("Settings Saved Successfully");

  // an 11th consultation and a 7th sub-specialization, in the blank boxes a full list still offers
  await page.goto(url);
  const fresh = formFor(page, category.name);
  await group(fresh, "Consultation").getByLabel("New Consultation option").fill("Call 11");
  await group(fresh, "Specialization 1").getByLabel("New Sub Specializations option").fill("Sub 7");
  if (test.info().project.name === "js") {
    await expect(group(fresh, "Consultation").getByText("Max 10 Consultations are Allowed")).toBeVisible();
    await expect(group(fresh, "Consultation").getByRole("button", { name: "Add option" })).toBeDisabled();
  }
  await save(fresh);
  // the server's answer: the typed values back, with a blank box again
  await expect(group(fresh, "Consultation").getByLabel("New Consultation option")).toHaveCount(1);
  await expect(group(fresh, "Consultation").getByText("Max 10 Consultations are Allowed")).toBeVisible();
  await expect(group(fresh, "Consultation").getByLabel("Consultation option 11")).toHaveValue("Call 11");
  await expect(group(fresh, "Specialization 1").getByText("Max 6 Sub Specialization can be selected")).toBeVisible();
  await expect(group(fresh, "Specialization 1").getByLabel("Sub Specializations option 7")).toHaveValue("Sub 7");

  // nothing of the refused saves was stored
  expect(await entryOf(apiCall, category.id)).toMatchObject({
    offerings: { Consultation: options(10, "Call"), Service: ["Tax Audit"] },
    specializations: [{ name: "GST", subSpecializations: options(6, "Sub") }, { name: "Income Tax" }],
    totalExperience: { min: 0, max: 29 },
    charges: null,
  });
});

test("a stale save names who saved meanwhile, keeps the values, and Save again wins", async ({ page, apiCall }) => {
  const category = await makeCategory(apiCall);
  await page.goto(`${TAB}&category=${category.id}`);
  const form = formFor(page, category.name);
  await group(form, "Consultation").getByLabel("New Consultation option").fill("Mine");
  await group(form, "Total experience (years)").getByLabel("Minimum").fill("5");
  await putEntry(
    apiCall,
    category.id,
    { offerings: { Consultation: ["Theirs"], Service: [], Retainership: [], AddOnService: [] } },
    "catalog",
  );

  await save(form);
  await expect(form.getByRole("alert").filter({ hasText: "catalog saved these settings at" })).toContainText("Nothing was saved");
  await expect(form.getByRole("link", { name: "Reload to see theirs" })).toBeVisible();
  await expect(group(form, "Consultation").getByLabel("Consultation option 1")).toHaveValue("Mine");
  await expect(group(form, "Total experience (years)").getByLabel("Minimum")).toHaveValue("5");
  expect((await entryOf(apiCall, category.id)).offerings.Consultation).toEqual(["Theirs"]);

  await saveAndSee(page, form);
  await page.reload();
  await expect(group(formFor(page, category.name), "Consultation").getByLabel("Consultation option 1")).toHaveValue("Mine");
  expect(await entryOf(apiCall, category.id)).toMatchObject({
    offerings: { Consultation: ["Mine"] },
    totalExperience: { min: 5, max: 29 },
  });
});
