/**
 * The provider wizard's Categories and Create Services steps through the admin's Edit Form
 * (/admin/edit-provider-details/{id}), with JavaScript and without: an admin edits a provider's
 * categories and services, each rule is refused with its message beside its field (the values
 * kept), and a reload returns to the same step with the data. Each test makes its own provider;
 * the categories and their settings are this file's own.
 */
import type { Page } from "@playwright/test";
import { WIZARD_MESSAGES as M } from "~contract/provider-wizard-labels";
import { changeSetting, newCategory } from "../support/records";
import { apiCall, expect, test } from "./fixtures";

type Category = { category_id: number; categoryName: string };

const saveSetting = (name: string, change: Parameters<typeof changeSetting>[2]) => changeSetting(apiCall, name, change);
const section = (enabled: boolean, options: string[] = []) => ({ enabled, options });

/** A category whose settings offer specializations, Consultation offerings and Services with limits; made once per worker. */
let offered: Promise<Category> | undefined;
function offeredCategory() {
  offered ??= (async () => {
    const category = await newCategory<Category>(apiCall);
    await saveSetting("CategoryServiceProviderFormSetting", ({ setting1 }) => ({
      setting1: {
        ...setting1,
        [category.category_id]: {
          offerings: { Consultation: ["30 Minutes Call", "60 Minutes Call"], Service: [], Retainership: [], AddOnService: [] },
          specializations: [
            { name: "Income Tax", subSpecializations: ["Returns", "Appeals", "TDS", "Notices", "Planning", "Audit"] },
            { name: "GST", subSpecializations: [] },
          ],
          specializationExperience: { min: 2, max: 20 },
          fields: { specializations: true, subSpecializations: true, specializationExperience: true },
        },
      },
    }));
    await saveSetting("CreateServicesSetting", ({ setting1, setting2 }) => ({
      setting1: {
        ...setting1,
        [category.category_id]: {
          all: {
            Services: {
              limits: section(true, ["2 revisions", "5 revisions"]),
              inclusions: section(true),
              offerings: section(true, ["Basic", "Premium"]),
            },
          },
        },
      },
      setting2: { ...setting2, [category.category_id]: { enabled: true, subCategories: "all" } },
    }));
    return category;
  })();
  return offered;
}

async function newProvider(): Promise<number> {
  const { data } = await apiCall<{ data: { serviceProvider_id: number } }>("/test-fixtures/providers", {
    method: "POST",
    body: { variant: 3 },
  });
  return data.serviceProvider_id;
}
const wizard = (id: number, step?: string) => `/admin/edit-provider-details/${id}${step ? `?step=${step}` : ""}`;
const toasts = (page: Page) => page.locator(".toasts");
const save = (page: Page) => page.getByRole("button", { name: "Save & Continue" }).click();
const combo = (page: Page, name: string) => page.getByRole("combobox", { name, exact: true });
const box = (page: Page, name: string) => page.getByRole("textbox", { name, exact: true });

test.beforeEach(async ({ loginAs }) => {
  await loginAs("admin");
});

test("Categories: each rule refused beside its field, then saved; a reload returns with the data", async ({ page }, testInfo) => {
  const js = testInfo.project.name === "js";
  const category = await offeredCategory();
  const id = await newProvider();
  await page.goto(wizard(id));
  await expect(page).toHaveURL(wizard(id, "categories"));
  await expect(page.getByRole("heading", { level: 1, name: "Edit Form" })).toBeVisible();

  await combo(page, "Category").selectOption({ label: category.categoryName });
  if (!js) await page.getByRole("button", { name: "Show this category's specializations" }).click();
  await expect(combo(page, "Specialization 1").locator("option")).toHaveText(["Select a specialization", "Income Tax", "GST"]);
  await save(page);
  await expect(page.getByText(M.specializationNotAdded)).toBeVisible();

  await combo(page, "Specialization 1").selectOption("Income Tax");
  await box(page, "Specialization 1 experience (years)").fill("25");
  await save(page);
  const first = page.getByRole("group", { name: "Specialization 1", exact: true });
  await expect(first.getByText(M.experienceRange(2, 20))).toBeVisible();
  // the blank row adds a specialization: one with only its experience has no value
  await box(page, "Specialization 2 experience (years)").fill("3");
  await save(page);
  await expect(page.getByRole("group", { name: "Specialization 2", exact: true }).getByText(M.specializationNotAdded)).toBeVisible();
  await expect(box(page, "Specialization 1 experience (years)")).toHaveValue("25");
  await expect(combo(page, "Specialization 1")).toHaveValue("Income Tax");

  await box(page, "Specialization 1 experience (years)").fill("5");
  await box(page, "Specialization 2 experience (years)").fill("");
  const subs = ["Returns", "Appeals", "TDS", "Notices", "Planning", "Audit"];
  for (const [j, sub] of subs.entries()) {
    await page.getByRole("button", { name: "Add a sub-specialization to specialization 1" }).click();
    await combo(page, `Specialization 1 sub-specialization ${j + 1}`).selectOption(sub);
    await box(page, `Specialization 1 sub-specialization ${j + 1} experience (years)`).fill(String(j + 2));
  }
  await page.getByRole("button", { name: "Add a sub-specialization to specialization 1" }).click();
  await expect(first.getByText(M.maxSubSpecializations)).toBeVisible();
  await expect(combo(page, "Specialization 1 sub-specialization 7")).toHaveCount(0);
  await expect(combo(page, "Specialization 1 sub-specialization 6")).toHaveValue("Audit");

  await combo(page, "Specialization 2").selectOption("GST");
  await box(page, "Specialization 2 experience (years)").fill("4");
  await save(page);
  await expect(page).toHaveURL(wizard(id, "services"));
  await expect(toasts(page)).toContainText(M.saved);

  await page.goto(wizard(id, "categories"));
  await page.reload();
  await expect(combo(page, "Category")).toHaveValue(String(category.category_id));
  await expect(combo(page, "Specialization 1")).toHaveValue("Income Tax");
  await expect(box(page, "Specialization 1 sub-specialization 6 experience (years)")).toHaveValue("7");
  await expect(combo(page, "Specialization 2")).toHaveValue("GST");
  await expect(box(page, "Specialization 2 experience (years)")).toHaveValue("4");
});

test("Create Services: the settings' tables and columns, each rule refused beside its field, rows added and removed, saved; a reload returns with the data", async ({
  page,
}, testInfo) => {
  const js = testInfo.project.name === "js";
  const category = await offeredCategory();
  const id = await newProvider();
  await apiCall(`/save-service-provider-form?serviceProviderId=${id}`, {
    method: "PUT",
    actingAdmin: "admin",
    body: {
      section: "categories",
      data: {
        category_id: category.category_id,
        specializations: [
          { specialization: "Income Tax", experience: 5 },
          { specialization: "GST", experience: 3 },
        ],
      },
    },
  });
  await page.goto(wizard(id, "services"));
  await expect(page.getByRole("heading", { level: 3, name: "Consultation" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 3, name: "Service", exact: true })).toBeVisible();
  await expect(page.getByRole("heading", { level: 3, name: "Retainership" })).toHaveCount(0);
  await expect(page.getByRole("heading", { level: 3, name: "Add-On Service" })).toHaveCount(0);
  const serviceTable = page.getByRole("table", { name: "Service", exact: true });
  await expect(serviceTable.getByRole("columnheader")).toHaveText([
    "#",
    "Offerings",
    "Specialty",
    "Inclusions",
    "Limits",
    "Description",
    "India price (₹)",
    "Outside India price (₹)",
    "Delivery time",
    "Ask before order",
    "Remove",
  ]);
  await expect(page.getByRole("table", { name: "Consultation" }).getByRole("columnheader", { name: "Limits" })).toHaveCount(0);
  // one form holds every table: its rows' buttons post their intent in it, no row has a form of its own
  await expect(page.locator("form").filter({ has: serviceTable })).toHaveCount(1);
  await expect(page.locator("table form")).toHaveCount(0);
  await expect(serviceTable.getByRole("button", { name: "Remove Service 1" })).toHaveAttribute("value", "remove:Service.0");
  await expect(combo(page, "Service 5 offering")).toBeVisible();
  await expect(combo(page, "Service 6 offering")).toHaveCount(0);
  await expect(combo(page, "Consultation 1 offering").locator("option")).toHaveText([
    "Select offering",
    "30 Minutes Call",
    "60 Minutes Call",
  ]);

  // at most 10 rows: told at once with JavaScript (no post), by the server without
  const posts: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST") posts.push(request.url());
  });
  for (let n = 6; n <= 10; n++) {
    await page.getByRole("button", { name: "Add row to Service" }).click();
    await expect(combo(page, `Service ${n} offering`)).toBeVisible();
  }
  await page.getByRole("button", { name: "Add row to Service" }).click();
  await expect(page.getByText(M.maxServices)).toBeVisible();
  await expect(combo(page, "Service 11 offering")).toHaveCount(0);
  await page.getByRole("button", { name: "Remove Service 10" }).click();
  await expect(combo(page, "Service 10 offering")).toHaveCount(0);

  await combo(page, "Service 2 offering").selectOption("Premium");
  await box(page, "Service 2 India price (₹)").fill("12.345");
  await page.getByRole("checkbox", { name: "Service 2 specialty: GST" }).check();
  await box(page, "Service 2 inclusions (one per line)").fill("Filing\nReview");
  await page.getByRole("checkbox", { name: "Service 2 limits: 5 revisions" }).check();
  await combo(page, "Service 2 delivery time").selectOption("7 Days");
  await page.getByRole("button", { name: "Add price variation to Service 2" }).click();
  const variationPrice = box(page, "Service 2 variation 1 India price (₹)");
  await variationPrice.pressSequentially("1e5");
  await expect(variationPrice).toHaveValue(js ? "15" : "1e5");
  if (js) await variationPrice.fill("1e5"); // the key is blocked; a pasted value is still refused by the server
  await box(page, "Consultation 3 India price (₹)").fill("500");
  expect(posts).toHaveLength(js ? 0 : 8);
  await save(page);

  await expect(page.getByText(M.chargesNumeric)).toHaveCount(2);
  await expect(box(page, "Service 2 India price (₹)")).toHaveAccessibleDescription(M.chargesNumeric);
  await expect(variationPrice).toHaveAccessibleDescription(M.chargesNumeric);
  await expect(combo(page, "Consultation 3 offering")).toHaveAccessibleDescription(M.offeringRequired);
  await expect(combo(page, "Consultation 3 delivery time")).toHaveAccessibleDescription(M.deliveryTime);
  await expect(combo(page, "Service 2 offering")).toHaveValue("Premium");
  await expect(box(page, "Service 2 inclusions (one per line)")).toHaveValue("Filing\nReview");
  await expect(page.getByRole("checkbox", { name: "Service 2 specialty: GST" })).toBeChecked();

  await box(page, "Service 2 India price (₹)").fill("999.5");
  // a second variation added, then removed (in place with JavaScript, by a post without)
  await page.getByRole("button", { name: "Add price variation to Service 2" }).click();
  await expect(box(page, "Service 2 variation 2 India price (₹)")).toBeVisible();
  await page.getByRole("button", { name: "Remove Service 2 variation 2" }).click();
  await expect(box(page, "Service 2 variation 2 India price (₹)")).toHaveCount(0);
  await variationPrice.fill("1500");
  await page.getByRole("checkbox", { name: "Service 2 variation 1 limits: 2 revisions" }).check();
  await combo(page, "Consultation 3 offering").selectOption("60 Minutes Call");
  await combo(page, "Consultation 3 delivery time").selectOption("1 Day");
  await page.getByRole("checkbox", { name: "Consultation 3 ask before order" }).check();
  await save(page);
  await expect(page).toHaveURL(wizard(id, "service-details"));
  await expect(toasts(page)).toContainText(M.saved);

  await page.goto(wizard(id, "services"));
  await page.reload();
  // blank rows were not saved: each table holds what was typed
  await expect(combo(page, "Consultation 1 offering")).toHaveValue("60 Minutes Call");
  await expect(page.getByRole("checkbox", { name: "Consultation 1 ask before order" })).toBeChecked();
  await expect(combo(page, "Consultation 2 offering")).toHaveCount(0);
  await expect(combo(page, "Service 1 offering")).toHaveValue("Premium");
  await expect(box(page, "Service 1 India price (₹)")).toHaveValue("999.50");
  await expect(box(page, "Service 1 variation 1 India price (₹)")).toHaveValue("1500.00");
  await expect(page.getByRole("checkbox", { name: "Service 1 limits: 5 revisions" })).toBeChecked();
  await expect(page.getByRole("checkbox", { name: "Service 1 specialty: Income Tax" })).not.toBeChecked();
});

test("Categories: a new category starts the Create Services tables afresh", async ({ page }, testInfo) => {
  const js = testInfo.project.name === "js";
  const category = await offeredCategory();
  const plain = await newCategory<Category>(apiCall);
  const id = await newProvider();
  const put = (section: string, data: unknown) =>
    apiCall(`/save-service-provider-form?serviceProviderId=${id}`, { method: "PUT", actingAdmin: "admin", body: { section, data } });
  await put("categories", { category_id: category.category_id, specializations: [{ specialization: "GST", experience: 5 }] });
  await put("services", {
    category_id: category.category_id,
    Consultation: [{ offerings: "30 Minutes Call", indiaPrice: "100", deliveryTime: "1 Day" }],
  });

  await page.goto(wizard(id, "categories"));
  await combo(page, "Category").selectOption({ label: plain.categoryName });
  if (!js) await page.getByRole("button", { name: "Show this category's specializations" }).click();
  // a category without specializations in its settings takes them as text
  await expect(box(page, "Specialization 1")).toHaveValue("GST");
  await save(page);
  await expect(page).toHaveURL(wizard(id, "services"));
  await expect(page.getByRole("status").filter({ hasText: "Your services were saved for another category" })).toBeVisible();
  await expect(box(page, "Consultation 1 offering")).toHaveValue("");
  await expect(box(page, "Consultation 5 offering")).toBeVisible();
  for (const type of ["Consultation", "Service", "Retainership", "Add-On Service"])
    await expect(page.getByRole("heading", { level: 3, name: type, exact: true })).toBeVisible();
  await box(page, "Consultation 1 offering").fill("Evening call");
  await box(page, "Consultation 1 India price (₹)").fill("250");
  await combo(page, "Consultation 1 delivery time").selectOption("1 Day");
  await save(page);
  await expect(page).toHaveURL(wizard(id, "service-details"));
  await page.goto(wizard(id, "services"));
  await expect(box(page, "Consultation 1 offering")).toHaveValue("Evening call");
  await expect(page.getByText("Your services were saved for another category")).toHaveCount(0);
});
