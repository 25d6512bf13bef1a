import type { Page } from "@playwright/test";
import { planTotal, WIZARD_MESSAGES } from "~contract/provider-wizard-labels";
import { formatPaise, inrToPaise } from "~shared/money";
import { saveSectionsBeforeDocuments } from "../support/provider-wizard-files";
import { apiCall, expect, test } from "./fixtures";

/**
 * Choose plan Free / Paid, the last step of a new provider's Complete Your Profile (create mode),
 * with JavaScript on and off: the plans with their totals, the add-on, no plan refused, Subscribe.
 */

const PASSWORD = "Provider@E2e12345";
type Plan = { plan_id: number; plan_name: string; charge: string; plan_validity: number; total_payable: string };

async function newProviderAtPlan(page: Page) {
  const { data: account } = await apiCall<{ data: { serviceProvider_id: number; username: string } }>("/test-fixtures/provider-accounts", {
    method: "POST",
    body: { password: PASSWORD },
  });
  await saveSectionsBeforeDocuments(apiCall, account.serviceProvider_id);
  await apiCall(`/save-service-provider-form?serviceProviderId=${account.serviceProvider_id}`, {
    method: "PUT",
    actingAdmin: "admin",
    body: { section: "documents", data: { panNumber: "ABCDE1234F" } },
  });
  await page.goto("/provider/complete-profile?step=plan");
  const form = page.getByRole("form", { name: "Provider sign-in" });
  await form.getByLabel("Username").fill(account.username);
  await form.getByLabel("Password").fill(PASSWORD);
  await form.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(/\/provider\/complete-profile\?step=plan$/);
  return account;
}

const card = (page: Page, plan: Plan) =>
  page.locator(".wizard-plan-card").filter({ has: page.getByRole("radio", { name: plan.plan_name, exact: true }) });

test("the plans show their total payable exactly; no plan is refused; the chosen plan with the add-on subscribes", async ({ page }) => {
  const account = await newProviderAtPlan(page);
  const plans = (await apiCall<{ data: Plan[] }>("/provider-plans")).data;
  const paid = plans.find((p) => inrToPaise(p.charge) > 0n) ?? plans[0];
  await expect(page.getByRole("heading", { name: "Choose plan Free / Paid" })).toBeVisible();
  for (const plan of plans) {
    await expect(card(page, plan).locator(".wizard-plan-total")).toHaveText(formatPaise(inrToPaise(plan.total_payable)));
    // the total with the add-on, before paying, JavaScript or not
    await expect(card(page, plan).locator(".wizard-plan-total-review")).toHaveText(
      formatPaise(planTotal(Number(inrToPaise(plan.charge)), plan.plan_validity, true).total),
    );
  }
  await expect(page.getByLabel(/Add a profile review \(₹500\.00/)).toBeVisible();

  await page.getByRole("button", { name: "Subscribe" }).click();
  await expect(page.locator("#plan-error")).toHaveText(WIZARD_MESSAGES.selectPlan);

  await page.getByRole("radio", { name: paid.plan_name, exact: true }).check();
  await page.getByLabel(/Add a profile review/).check();
  const withAddOn = formatPaise(planTotal(Number(inrToPaise(paid.charge)), paid.plan_validity, true).total);
  if (test.info().project.name === "js") {
    // the total follows the add-on as it is ticked
    await expect(card(page, paid).locator(".wizard-plan-total")).toHaveText(withAddOn);
  }
  await page.getByRole("button", { name: "Subscribe" }).click();
  await expect(page).toHaveURL(/\/provider\/thank-you$/);
  await expect(page.locator(".toasts")).toContainText(WIZARD_MESSAGES.registered);
  const saved = (await apiCall<{ data: { plan: unknown } }>(`/get-saved-form-data?serviceProviderId=${account.serviceProvider_id}`)).data;
  expect(saved.plan).toEqual({ plan_id: paid.plan_id, profileReview: true });
});

test("a double-clicked Subscribe registers once: thank-you names the plan registered", async ({ page }) => {
  const account = await newProviderAtPlan(page);
  const plans = (await apiCall<{ data: Plan[] }>("/provider-plans")).data;
  const chosen = plans[plans.length - 1];
  await page.getByRole("radio", { name: chosen.plan_name, exact: true }).check();
  await page.getByRole("button", { name: "Subscribe" }).dblclick();
  await expect(page).toHaveURL(/\/provider\/thank-you$/);
  await expect(page.getByText(`Your plan: ${chosen.plan_name}.`)).toBeVisible();
  const saved = (
    await apiCall<{ data: { plan: unknown; plan_id: number | null } }>(
      `/get-saved-form-data?serviceProviderId=${account.serviceProvider_id}`,
    )
  ).data;
  expect(saved.plan_id).toBe(chosen.plan_id);
});
