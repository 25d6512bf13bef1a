import type { Page } from "@playwright/test";
import { WIZARD_MESSAGES as M } from "~contract/provider-wizard-labels";
import { providerWithCategories } from "../support/wizard-details-setup";
import { expect, fillRichTextHtml, test } from "./fixtures";

const toasts = (page: Page) => page.locator(".toasts");
const stepUrl = (id: number, step = "service-details") => `/admin/edit-provider-details/${id}?step=${step}`;
const keepSameTime = (page: Page) => page.getByRole("button", { name: "Keep Same Time For All Days" });
const save = (page: Page) => page.getByRole("button", { name: "Save & Continue" }).click();

test.beforeEach(async ({ loginAs }) => {
  await loginAs("admin");
});

test("an admin fills the Service Details step from the Edit Form, saves it, and finds it saved on coming back", async ({
  page,
  apiCall,
}, testInfo) => {
  const provider = await providerWithCategories(apiCall);
  await page.goto(stepUrl(provider.serviceProvider_id));
  await expect(page.getByRole("heading", { name: "Edit Form" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Service Details" })).toBeVisible();

  await page.getByRole("checkbox", { name: "India" }).check();
  await page.getByRole("checkbox", { name: "Singapore" }).check();
  await page.getByLabel("Tagline").fill("Friendly GST help for every small shop");
  await page.getByRole("textbox", { name: "New skill" }).fill("GST returns");
  await fillRichTextHtml(page, testInfo, "professionalProfile", "<p>Fifteen years of helping shops with their taxes.</p>");
  await page.getByLabel("Occupation").selectOption("Freelancer");
  await page.getByLabel("Qualification").fill("M.Com");
  await page.getByLabel("Experience (years)").fill("15");
  await page.getByLabel("Experience (months)").selectOption("2");
  await page.getByRole("combobox", { name: "Language 1" }).selectOption("English");
  await page.getByLabel("Language 1 spoken").check();
  await page.getByLabel("Language 1 written").check();
  await page.getByRole("combobox", { name: "Rating 1" }).selectOption("5");
  // a second language: in place with JavaScript, a form post without it
  await page.getByRole("button", { name: "Add language" }).click();
  await page.getByRole("combobox", { name: "Language 2" }).selectOption("Tamil");
  await page.getByLabel("Language 2 spoken").check();
  await page.getByRole("combobox", { name: "Rating 2" }).selectOption("3");
  await page.getByLabel("Monday start time").fill("09:30");
  await page.getByLabel("Monday end time").fill("17:00");
  await page.getByLabel("Saturday start time").fill("10:00");
  await page.getByLabel("Saturday end time").fill("13:00");
  await save(page);

  await expect(page).toHaveURL(new RegExp(`step=documents$`));
  await expect(toasts(page)).toContainText(M.saved);

  await page.goto(stepUrl(provider.serviceProvider_id));
  await expect(page.getByRole("checkbox", { name: "India" })).toBeChecked();
  await expect(page.getByRole("checkbox", { name: "Singapore" })).toBeChecked();
  await expect(page.getByRole("checkbox", { name: "Canada" })).not.toBeChecked();
  await expect(page.getByLabel("Tagline")).toHaveValue("Friendly GST help for every small shop");
  await expect(page.getByRole("textbox", { name: "Skill 1" })).toHaveValue("GST returns");
  await expect(page.locator('textarea[name="professionalProfile"]')).toHaveValue(/Fifteen years of helping shops with their taxes\./);
  await expect(page.getByLabel("Occupation")).toHaveValue("freelancer");
  await expect(page.getByLabel("Qualification")).toHaveValue("M.Com");
  // asked once, in Documents & Terms (spec 3 §3)
  await expect(page.getByLabel("Certification Id")).toHaveCount(0);
  await expect(page.getByLabel("Year of Passing")).toHaveCount(0);
  await expect(page.getByLabel("Experience (years)")).toHaveValue("15");
  await expect(page.getByLabel("Experience (months)")).toHaveValue("2");
  await expect(page.getByRole("combobox", { name: "Language 1" })).toHaveValue("English");
  await expect(page.getByLabel("Language 1 written")).toBeChecked();
  await expect(page.getByRole("combobox", { name: "Rating 1" })).toHaveValue("5");
  await expect(page.getByRole("combobox", { name: "Language 2" })).toHaveValue("Tamil");
  await expect(page.getByLabel("Language 2 written")).not.toBeChecked();
  await expect(page.getByRole("combobox", { name: "Rating 2" })).toHaveValue("3");
  await expect(page.getByLabel("Monday start time")).toHaveValue("09:30");
  await expect(page.getByLabel("Saturday end time")).toHaveValue("13:00");
  await expect(page.getByLabel("Sunday start time")).toHaveValue("");
  await expect(page.getByRole("navigation", { name: "Wizard steps" })).toContainText(/Service Details\s*Saved/);
});

test("All ticks every country; the tagline's and the profile's words are counted as they are typed", async ({
  page,
  apiCall,
}, testInfo) => {
  test.skip(testInfo.project.name !== "js", "the live counts and All's ticking need JavaScript");
  const provider = await providerWithCategories(apiCall);
  await page.goto(stepUrl(provider.serviceProvider_id));

  await page.getByRole("checkbox", { name: "All" }).check();
  await expect(page.getByRole("checkbox", { name: "Japan" })).toBeChecked();
  await expect(page.getByRole("checkbox", { name: "Others" })).toBeChecked();
  await page.getByRole("checkbox", { name: "Japan" }).uncheck();
  await expect(page.getByRole("checkbox", { name: "All" })).not.toBeChecked();
  await page.getByRole("checkbox", { name: "All" }).uncheck();
  await page.getByRole("checkbox", { name: "All" }).check();
  await page.getByRole("checkbox", { name: "All" }).uncheck();
  await expect(page.getByRole("checkbox", { name: "India" })).not.toBeChecked();

  const tagline = page.getByLabel("Tagline");
  await expect(page.getByText("0 words · 5 to 20 words advised")).toBeVisible();
  await tagline.pressSequentially("Clear tax help");
  await expect(page.getByText("3 words · 5 to 20 words advised")).toBeVisible();
  await tagline.pressSequentially(" for every small shop");
  await expect(page.getByText("7 words · 5 to 20 words advised")).toBeVisible();

  await fillRichTextHtml(page, testInfo, "professionalProfile", "<p>Ten years of practice in <strong>GST</strong>.</p>");
  await expect(page.getByText("6 words · 50+ words advised")).toBeVisible();
});

test("Keep Same Time For All Days needs Monday's times first, then copies them to every day (not saved until Save & Continue)", async ({
  page,
  apiCall,
}) => {
  const provider = await providerWithCategories(apiCall);
  await page.goto(stepUrl(provider.serviceProvider_id));
  await page.getByLabel("Tagline").fill("Kept while the days are copied");
  await page.getByLabel("Monday start time").fill("08:15");
  await keepSameTime(page).click();
  await expect(page.getByText(M.mondayFirst)).toBeVisible();
  await expect(page.getByLabel("Tuesday start time")).toHaveValue("");

  await page.getByLabel("Monday end time").fill("16:45");
  await keepSameTime(page).click();
  for (const day of ["Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]) {
    await expect(page.getByLabel(`${day} start time`)).toHaveValue("08:15");
    await expect(page.getByLabel(`${day} end time`)).toHaveValue("16:45");
  }
  await expect(page.getByText(M.mondayFirst)).toHaveCount(0);
  await expect(page.getByLabel("Tagline")).toHaveValue("Kept while the days are copied");

  // nothing was saved
  await page.goto(stepUrl(provider.serviceProvider_id));
  await expect(page.getByLabel("Sunday start time")).toHaveValue("");
  await expect(page.getByLabel("Tagline")).toHaveValue("");
});

test("each rule is refused with its message beside the field, the typed values kept, nothing saved", async ({ page, apiCall }) => {
  const provider = await providerWithCategories(apiCall);
  await page.goto(stepUrl(provider.serviceProvider_id));
  // Enter in a field saves (it does not remove a language row nor copy Monday's time)
  await page.getByLabel("Qualification").press("Enter");
  for (const message of [
    M.countriesRequired,
    M.taglineRequired,
    M.skillsRequired,
    M.profileRequired,
    M.occupationRequired,
    M.qualificationRequired,
    M.expYears,
    M.languageRequired,
    M.daysRequired,
  ]) {
    await expect(page.getByText(message, { exact: true })).toBeVisible();
  }
  await expect(page).toHaveURL(new RegExp("step=service-details$"));

  await page.getByRole("checkbox", { name: "India" }).check();
  await page.getByLabel("Tagline").fill("A tagline that stays");
  await page.getByLabel("Experience (years)").fill("35");
  await page.getByRole("combobox", { name: "Language 1" }).selectOption("English");
  await page.getByLabel("Monday start time").fill("10:00");
  await page.getByLabel("Monday end time").fill("09:00");
  await page.getByLabel("Tuesday start time").fill("10:00");
  await save(page);
  await expect(page.getByText(M.rating)).toBeVisible();
  await expect(page.getByText(M.endAfterStart)).toBeVisible();
  await expect(page.getByText(M.timeBoth)).toBeVisible();
  await expect(page.getByText(M.expYears)).toBeVisible();
  await expect(page.getByLabel("Experience (years)")).toHaveValue("35");
  await expect(page.getByText(M.countriesRequired)).toHaveCount(0);
  await expect(page.getByLabel("Tagline")).toHaveValue("A tagline that stays");
  await expect(page.getByRole("checkbox", { name: "India" })).toBeChecked();
  await expect(page.getByLabel("Monday end time")).toHaveValue("09:00");

  // a language twice
  await page.getByRole("combobox", { name: "Rating 1" }).selectOption("4");
  await page.getByRole("button", { name: "Add language" }).click();
  await page.getByRole("combobox", { name: "Language 2" }).selectOption("English");
  await page.getByRole("combobox", { name: "Rating 2" }).selectOption("2");
  await page.getByLabel("Monday end time").fill("18:00");
  await page.getByLabel("Tuesday start time").fill("");
  await save(page);
  await expect(page.getByText(M.languageRepeated)).toBeVisible();

  const saved = await apiCall<{ data: { service_details: unknown } }>(
    `/get-saved-form-data?serviceProviderId=${provider.serviceProvider_id}`,
    { actingAdmin: "admin" },
  );
  expect(saved.data.service_details).toBeNull();
});
