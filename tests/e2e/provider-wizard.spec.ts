/**
 * The provider wizard end to end, with JavaScript on and off: a new provider signs in, completes
 * the five steps and subscribes (the total checked), a reload mid-wizard returns to the same step
 * with the data, an admin edits a provider's services and documents and lands back on the list,
 * and a provider never reaches another provider's profile. Each test makes its own provider,
 * category and plan; the steps' own rules are tested in provider-wizard-*.spec.ts.
 */
import type { Page } from "@playwright/test";
import { planTotal, WIZARD_MESSAGES as M } from "~contract/provider-wizard-labels";
import { formatPaise } from "~shared/money";
import { mp4, PDF, photo, providerAtDocuments } from "../support/provider-wizard-files";
import { newCategory, newPlan } from "../support/records";
import { apiCall, expect, fillRichTextHtml, test } from "./fixtures";

const PASSWORD = "Provider@Wizard123";
type Account = { serviceProvider_id: number; user_id: number; username: string };
type Category = { category_id: number; categoryName: string };

const toasts = (page: Page) => page.locator(".toasts");
const combo = (page: Page, name: string) => page.getByRole("combobox", { name, exact: true });
const box = (page: Page, name: string) => page.getByRole("textbox", { name, exact: true });
const file = (name: string, buffer: Buffer, mimeType: string) => ({ name, mimeType, buffer });
const wizardUrl = (step: string) => new RegExp(`/provider/complete-profile\\?step=${step}$`);

async function newAccount() {
  return (await apiCall<{ data: Account }>("/test-fixtures/provider-accounts", { method: "POST", body: { password: PASSWORD } })).data;
}

async function signIn(page: Page, username: string) {
  await page.goto("/provider/login");
  const form = page.getByRole("form", { name: "Provider sign-in" });
  await form.getByLabel("Username").fill(username);
  await form.getByLabel("Password").fill(PASSWORD);
  await form.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(/\/provider\/(complete-profile|provider-dashboard)/);
}

async function fillCategories(page: Page, category: Category, js: boolean) {
  await combo(page, "Category").selectOption({ label: category.categoryName });
  if (!js) await page.getByRole("button", { name: "Show this category's specializations" }).click();
  await box(page, "Specialization 1").fill("Tax planning");
  await box(page, "Specialization 1 experience (years)").fill("6");
}

async function fillServices(page: Page) {
  await box(page, "Consultation 1 offering").fill("30 Minutes Call");
  await box(page, "Consultation 1 India price (₹)").fill("499");
  await combo(page, "Consultation 1 delivery time").selectOption("1 Day");
  await box(page, "Service 1 offering").fill("GST filing");
  await box(page, "Service 1 India price (₹)").fill("2499.50");
  await combo(page, "Service 1 delivery time").selectOption("5 Days");
}

async function fillDetails(page: Page, js: boolean) {
  await page.getByRole("checkbox", { name: "India" }).check();
  await page.getByLabel("Tagline").fill("Practical tax help for small businesses everywhere");
  await page.getByRole("textbox", { name: "New skill" }).fill("GST returns");
  await fillRichTextHtml(page, test.info(), "professionalProfile", "<p>Twelve years of helping shops and startups with their taxes.</p>");
  await page.getByLabel("Occupation").selectOption("Practice");
  await page.getByLabel("Qualification").fill("CA");
  await page.getByLabel("Experience (years)").fill("12");
  await combo(page, "Language 1").selectOption("English");
  await page.getByLabel("Language 1 spoken").check();
  await combo(page, "Rating 1").selectOption("5");
  await page.getByLabel("Monday start time").fill("10:00");
  await page.getByLabel("Monday end time").fill("18:00");
  await page.getByRole("button", { name: "Keep Same Time For All Days" }).click();
  await expect(page.getByLabel("Friday end time")).toHaveValue("18:00");
  if (!js) await expect(page.getByLabel("Tagline")).toHaveValue("Practical tax help for small businesses everywhere");
}

async function chooseDocuments(page: Page) {
  await page.getByLabel("Profile Photo").setInputFiles(file("me.png", photo(), "image/png"));
  await page.getByLabel("Identity Proof").setInputFiles(file("id.pdf", PDF, "application/pdf"));
  await page.getByLabel("Selfie").setInputFiles(file("selfie.png", photo(), "image/png"));
  await page.getByLabel("Portfolio").setInputFiles([1, 2, 3].map((i) => file(`work-${i}.mp4`, mp4(4096), "video/mp4")));
  await page.getByLabel("PAN Number").fill("ABCDE1234F");
  // the latest published terms, when there are any (other tests publish versions of their own)
  const accept = page.getByRole("checkbox", { name: /I have read and accept the Terms and Conditions/ });
  if ((await accept.count()) > 0) await accept.check();
}

test("a new provider signs in, completes the five steps and subscribes: the total payable is exact, and the profile is registered", async ({
  page,
}, testInfo) => {
  const js = testInfo.project.name === "js";
  const account = await newAccount();
  const category = await newCategory<Category>(apiCall);
  const plan = await newPlan<{ plan_id: number; plan_name: string }>(apiCall, { charge: "1499.50", plan_validity: 6 });

  await signIn(page, account.username);
  await expect(page).toHaveURL(/\/provider\/complete-profile(\?step=categories)?$/);
  await page.goto("/provider/complete-profile");
  await expect(page).toHaveURL(wizardUrl("categories"));
  await expect(page.getByRole("heading", { level: 1, name: "Complete Your Profile" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Wizard steps" }).getByRole("listitem")).toHaveCount(5);

  await fillCategories(page, category, js);
  await page.getByRole("button", { name: "Save & Continue" }).click();
  await expect(page).toHaveURL(wizardUrl("services"));
  await expect(toasts(page)).toContainText(M.saved);

  await fillServices(page);
  await page.getByRole("button", { name: "Save & Continue" }).click();
  await expect(page).toHaveURL(wizardUrl("service-details"));

  await fillDetails(page, js);
  await page.getByRole("button", { name: "Save & Continue" }).click();
  await expect(page).toHaveURL(wizardUrl("documents"));

  await chooseDocuments(page);
  await page.getByRole("button", { name: "Save & Continue" }).click();
  await expect(page).toHaveURL(wizardUrl("plan"));

  // no plan: the spec's message
  await page.getByRole("button", { name: "Subscribe" }).click();
  await expect(page.getByText(M.selectPlan)).toBeVisible();

  const card = page.locator(".wizard-plan-card").filter({ hasText: plan.plan_name });
  const plain = planTotal(149_950, 6, false).total;
  const withReview = planTotal(149_950, 6, true).total;
  expect(formatPaise(plain)).toBe("₹10,616.46");
  await expect(card.locator(".wizard-plan-total")).toHaveText(formatPaise(plain));
  await card.getByRole("radio").check();
  await page.getByLabel(/Add a profile review/).check();
  // with JavaScript the total follows the add-on at once
  if (js) await expect(card.locator(".wizard-plan-total")).toHaveText(formatPaise(withReview));
  await page.getByRole("button", { name: "Subscribe" }).click();

  await expect(page).toHaveURL(/\/provider\/thank-you$/);
  await expect(toasts(page)).toContainText(M.registered);
  await expect(page.getByRole("heading", { name: M.registered })).toBeVisible();
  await expect(page.getByTestId("total-payable")).toHaveText(formatPaise(withReview));

  // registered: on Hold for review, the wizard now edits (no plan step), the data is there
  await page.goto("/provider/provider-dashboard");
  await expect(page.getByTestId("profile-status")).toHaveText("Under review");
  await page.goto("/provider/complete-profile");
  await expect(page).toHaveURL(wizardUrl("categories"));
  await expect(toasts(page)).toContainText(M.savedDataFound);
  await expect(page.getByRole("navigation", { name: "Wizard steps" }).getByRole("listitem")).toHaveCount(4);
  await expect(box(page, "Specialization 1")).toHaveValue("Tax planning");
  const saved = (
    await apiCall<{ data: { mode: string; plan_id: number; user_status: string } }>(
      `/get-saved-form-data?serviceProviderId=${account.serviceProvider_id}`,
    )
  ).data;
  expect(saved).toMatchObject({ mode: "edit", plan_id: plan.plan_id, user_status: "Hold" });

  // their stored files open from the documents step (their own file route), no one else's name does
  await page.goto("/provider/complete-profile?step=documents");
  const documents = (await apiCall<{ data: { selfie: string } }>(`/get-document?serviceProviderId=${account.serviceProvider_id}`)).data;
  // shown under the name it was chosen under, linked by the stored name
  const link = page.getByRole("link", { name: "selfie.png", exact: true });
  await expect(link).toHaveAttribute("href", `/provider/files/${documents.selfie}`);
  const opened = await page.request.get(`/provider/files/${documents.selfie}`);
  expect(opened.status()).toBe(200);
  expect(opened.headers()["content-type"]).toBe("image/png");
  expect((await page.request.get("/provider/files/profile-photo-1.jpg", { headers: { "Sec-Fetch-Dest": "image" } })).status()).toBe(404);
});

test("a reload mid-wizard returns to the same step with what was saved", async ({ page }, testInfo) => {
  const js = testInfo.project.name === "js";
  const account = await newAccount();
  const category = await newCategory<Category>(apiCall);
  await signIn(page, account.username);
  await page.goto("/provider/complete-profile?step=categories");
  await fillCategories(page, category, js);
  await page.getByRole("button", { name: "Save & Continue" }).click();
  await expect(page).toHaveURL(wizardUrl("services"));
  await fillServices(page);
  await page.getByRole("button", { name: "Save & Continue" }).click();
  await expect(page).toHaveURL(wizardUrl("service-details"));

  await page.reload();
  await expect(page).toHaveURL(wizardUrl("service-details"));
  await expect(page.getByRole("heading", { level: 2, name: "Service Details" })).toBeVisible();
  // Back goes to the saved step, its data there
  await page.getByRole("link", { name: "Back", exact: true }).click();
  await expect(page).toHaveURL(wizardUrl("services"));
  await expect(box(page, "Service 1 offering")).toHaveValue("GST filing");
  await expect(box(page, "Service 1 India price (₹)")).toHaveValue("2499.50");
  await page.reload();
  await expect(box(page, "Consultation 1 offering")).toHaveValue("30 Minutes Call");
  await expect(page.getByRole("navigation", { name: "Wizard steps" })).toContainText(/Create Services\s*Saved/);
});

test("an admin edits a provider's services and documents from the Edit Form and lands back on the providers list", async ({
  page,
  loginAs,
}) => {
  const provider = await providerAtDocuments(apiCall, { documents: false });
  await loginAs("admin");
  await page.goto(`/admin/provider-details/${provider.id}`);
  await page.getByRole("link", { name: "Edit Profile" }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/edit-provider-details/${provider.id}\\?step=categories$`));
  await expect(page.getByRole("heading", { level: 1, name: "Edit Form" })).toBeVisible();
  // an admin edits: no plan step
  await expect(page.getByRole("navigation", { name: "Wizard steps" }).getByRole("listitem")).toHaveCount(4);

  await page
    .getByRole("navigation", { name: "Wizard steps" })
    .getByRole("link", { name: /Create Services/ })
    .click();
  await expect(box(page, "Service 1 offering")).toHaveValue("GST filing");
  await box(page, "Service 1 India price (₹)").fill("1999");
  await page.getByRole("button", { name: "Save & Continue" }).click();
  await expect(page).toHaveURL(new RegExp(`step=service-details$`));
  await page.getByRole("button", { name: "Save & Continue" }).click();
  await expect(page).toHaveURL(new RegExp(`step=documents$`));

  await chooseDocuments(page);
  await page.getByRole("button", { name: "Update Details" }).click();
  await expect(page).toHaveURL(/\/admin\/service-provider$/);
  await expect(toasts(page)).toContainText(M.profileUpdated);

  const saved = (
    await apiCall<{ data: { provider_services: { offerings: string; indiaPrice: string | null }[] } }>(
      `/get-saved-form-data?serviceProviderId=${provider.id}`,
    )
  ).data;
  expect(saved.provider_services.find((s) => s.offerings === "GST filing")?.indiaPrice).toBe("1999.00");
  const documents = (
    await apiCall<{ data: { portfolio: string | null; panNumber: string | null } | null }>(`/get-document?serviceProviderId=${provider.id}`)
  ).data;
  expect(documents?.portfolio?.split(",")).toHaveLength(3);
  expect(documents?.panNumber).toBe("ABCDE1234F");
});

test("a provider only ever reaches their own profile: the wizard is the session's, and /admin is closed to them", async ({ page }) => {
  const mine = await newAccount();
  const other = await newAccount();
  await signIn(page, mine.username);
  await expect(page).toHaveURL(/\/provider\/complete-profile/);

  // another provider's id in the URL changes nothing: the wizard is the signed-in provider's
  await page.goto(`/provider/complete-profile?step=categories&serviceProviderId=${other.serviceProvider_id}`);
  await expect(page.getByRole("heading", { level: 1, name: "Complete Your Profile" })).toBeVisible();
  await expect(page.getByText(mine.username).first()).toBeVisible();
  await expect(page.getByText(other.username)).toHaveCount(0);

  // the admin's Edit Form of another provider: the admin's login, not the form
  await page.goto(`/admin/edit-provider-details/${other.serviceProvider_id}?step=categories`);
  await expect(page).toHaveURL(/\/admin\/login\?redirectTo=/);
  await expect(page.getByRole("heading", { name: "Edit Form" })).toHaveCount(0);

  // and the API refuses a provider acting on someone else's profile
  const refused = await apiCall(`/get-saved-form-data?serviceProviderId=${other.serviceProvider_id}`, {
    headers: { "x-acting-provider": String(mine.serviceProvider_id) },
  }).then(
    () => 200,
    (error: { status: number }) => error.status,
  );
  expect(refused).toBe(403);
});
