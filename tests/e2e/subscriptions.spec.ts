import type { Page } from "@playwright/test";
import { newPlan as makePlan } from "../support/records";
import { expect, fillPlanForm, test, type apiCall as ApiCall } from "./fixtures";

const suffix = () => Math.random().toString(36).slice(2, 8);

type Plan = { plan_id: number; plan_name: string; charge: string; status: string; updated_at: string; held_by: number };
const newPlan = (apiCall: typeof ApiCall, fields: Record<string, unknown> = {}) => makePlan<Plan>(apiCall, fields);

const readPlan = async (apiCall: typeof ApiCall, id: number) => (await apiCall<{ data: Plan }>(`/get-plan-by-id?plan_id=${id}`)).data;
const toasts = (page: Page) => page.locator(".toasts");
const card = (page: Page, name: string) => page.getByRole("article", { name, exact: true });
const submit = (page: Page) => page.getByRole("button", { name: "Submit" }).click();
const save = (page: Page) => page.getByRole("button", { name: "Save Changes" }).click();

test.beforeEach(async ({ loginAs }) => {
  await loginAs("admin");
});

test("the cards show each plan's price, duration, what it gives and an Edit link", async ({ page }) => {
  await page.goto("/admin/subscriptions");
  await expect(page.getByRole("heading", { level: 1, name: "Subscriptions" })).toBeVisible();
  const pro = card(page, "Pro");
  await expect(pro).toContainText("₹7,999.00");
  await expect(pro).toContainText("One Year");
  await expect(pro).toContainText("One listing submission");
  await expect(pro).toContainText("Expires after One Year");
  await expect(pro).toContainText("Active");
  await expect(card(page, "Elite")).toContainText("₹2,499.50");
  await expect(card(page, "Elite")).toContainText("Expires after 6 Months");
  await pro.getByRole("link", { name: "Edit Pro" }).click();
  await expect(page).toHaveURL(/\/admin\/edit-subscriptions\/\d+$/);
  // with JS the URL changes before the form is drawn: the list's "Sort by Plan Name" link would answer to the label until then
  await expect(page.getByRole("heading", { level: 1, name: "Edit Subscription" })).toBeVisible();
  await expect(page.getByLabel("Plan Name")).toHaveValue("Pro");
  await expect(page.getByLabel("Plan Duration")).toHaveValue("12");
});

test("add a plan: every field's message, values kept, then New Plan Added Successfully", async ({ page }) => {
  const name = `Added ${suffix()}`;
  await page.goto("/admin/subscriptions");
  await page.getByRole("link", { name: "Add Subscription" }).click();
  await expect(page).toHaveURL(/\/admin\/add-subscriptions$/);
  // each field once
  for (const label of ["Plan Name", "Plan Amount (₹)", "Service Fee", "Booster Points", "Plan Duration", "Approval Time", "Status"]) {
    await expect(page.getByLabel(label, { exact: true })).toHaveCount(1);
  }
  await expect(page.getByLabel("Service Fee")).toHaveAttribute("placeholder", "in %");
  await expect(page.getByText("Day(s), 1 to 30")).toBeVisible();

  await submit(page);
  for (const message of [
    "Plan Name is required",
    "Plan Amount is required",
    "Service Fee is required",
    "Booster Points is required",
    "Plan Duration is required",
    "Approval Time is required",
    "Status is required",
  ]) {
    await expect(page.getByText(message, { exact: true })).toBeVisible();
  }

  await page.getByLabel("Plan Name").fill(name);
  await page.getByLabel("Plan Amount (₹)").fill("1499.555");
  await page.getByLabel("Service Fee").fill("100.5");
  await page.getByLabel("Booster Points").fill("-1");
  await page.getByLabel("Approval Time").fill("31");
  await submit(page);
  await expect(page.getByText("Plan Amount must be an amount in rupees with at most 2 decimals, e.g. 1499.50")).toBeVisible();
  await expect(page.getByText("Service Fee must be a percentage from 0 to 100 with at most 2 decimals")).toBeVisible();
  await expect(page.getByText("Booster Points must be a whole number from 0 to 10,00,000")).toBeVisible();
  await expect(page.getByText("Approval Time must be a whole number of days from 1 to 30")).toBeVisible();
  await expect(page.getByLabel("Plan Name")).toHaveValue(name);
  await expect(page.getByLabel("Plan Amount (₹)")).toHaveValue("1499.555");

  await page.getByLabel("Plan Amount (₹)").fill("100000000");
  await submit(page);
  await expect(page.getByText("Plan Amount must be at most ₹1,00,00,000.00")).toBeVisible();

  await page.getByLabel("Plan Amount (₹)").fill("1499.5");
  await page.getByLabel("Service Fee").fill("12.5");
  await page.getByLabel("Booster Points").fill("120");
  await page.getByLabel("Plan Duration").selectOption({ label: "2 Years" });
  await page.getByLabel("Approval Time").fill("5");
  await page.getByLabel("Status").selectOption("Active");
  await submit(page);
  await expect(page).toHaveURL(/\/admin\/subscriptions$/);
  await expect(toasts(page)).toContainText("New Plan Added Successfully");
  const mine = card(page, name);
  await expect(mine).toContainText("₹1,499.50");
  await expect(mine).toContainText("Expires after 2 Years");
  await expect(mine).toContainText("120 booster points");
  await expect(mine).toContainText("Service fee 12.50 %");

  // the same name again, in another case, is refused by the API beside the field
  await page.goto("/admin/add-subscriptions");
  await fillPlanForm(page, {
    name: name.toUpperCase(),
    amount: "10",
    fee: "1",
    points: "0",
    duration: "1",
    approvalDays: "1",
    status: "Inactive",
  });
  await submit(page);
  await expect(page.getByText("A plan with this name already exists")).toBeVisible();
  await expect(page.getByLabel("Plan Name")).toHaveValue(name.toUpperCase());

  await page.goto("/admin/add-subscriptions");
  await page.getByRole("link", { name: "Cancel" }).click();
  await expect(page).toHaveURL(/\/admin\/subscriptions$/);
});

test("edit a plan: No Change Detected, messages on bad input, then Plan Details Updated Successfully", async ({ page, apiCall }) => {
  const mine = await newPlan(apiCall);
  await page.goto(`/admin/edit-subscriptions/${mine.plan_id}`);
  await expect(page.getByRole("heading", { level: 1, name: "Edit Subscription" })).toBeVisible();
  await expect(page.getByLabel("Plan Name")).toHaveValue(mine.plan_name);
  await expect(page.getByLabel("Plan Amount (₹)")).toHaveValue("1499.50");
  await expect(page.getByLabel("Plan Duration")).toHaveValue("6");

  await save(page);
  await expect(toasts(page)).toContainText("No Change Detected");
  expect((await readPlan(apiCall, mine.plan_id)).updated_at).toBe(mine.updated_at);

  await page.getByLabel("Plan Name").fill("");
  await page.getByLabel("Plan Amount (₹)").fill("abc");
  await page.getByLabel("Service Fee").fill("");
  await page.getByLabel("Booster Points").fill("1.5");
  await page.getByLabel("Approval Time").fill("0");
  await save(page);
  await expect(page.getByText("Plan Name is required")).toBeVisible();
  await expect(page.getByText("Plan Amount must be an amount in rupees with at most 2 decimals, e.g. 1499.50")).toBeVisible();
  await expect(page.getByText("Service Fee is required")).toBeVisible();
  await expect(page.getByText("Booster Points must be a whole number from 0 to 10,00,000")).toBeVisible();
  await expect(page.getByText("Approval Time must be a whole number of days from 1 to 30")).toBeVisible();
  await expect(page.getByLabel("Plan Amount (₹)")).toHaveValue("abc");
  expect((await readPlan(apiCall, mine.plan_id)).updated_at).toBe(mine.updated_at);

  await page.getByLabel("Plan Name").fill(mine.plan_name);
  await page.getByLabel("Plan Amount (₹)").fill("2999");
  await page.getByLabel("Service Fee").fill("9.75");
  await page.getByLabel("Booster Points").fill("300");
  await page.getByLabel("Approval Time").fill("2");
  await page.getByLabel("Plan Duration").selectOption({ label: "One Month" });
  await page.getByLabel("Status").selectOption("Inactive");
  await save(page);
  await expect(toasts(page)).toContainText("Plan Details Updated Successfully");
  await expect(page.getByLabel("Plan Amount (₹)")).toHaveValue("2999.00");
  await expect(page.getByLabel("Plan Duration")).toHaveValue("1");
  expect(await readPlan(apiCall, mine.plan_id)).toMatchObject({
    charge: "2999.00",
    service_fee: "9.75",
    profile_boost: 300,
    max_approval: 2,
    plan_validity: 1,
    status: "Inactive",
  });

  await page.getByRole("link", { name: "Cancel" }).click();
  await expect(page).toHaveURL(/\/admin\/subscriptions$/);
  await expect(card(page, mine.plan_name)).toContainText("Expires after One Month");
  await expect(card(page, mine.plan_name)).toContainText("Inactive");
});

test("a stale edit keeps the typed values, shows theirs (who, when, what), and Save again replaces them on purpose", async ({
  page,
  apiCall,
}) => {
  const mine = await newPlan(apiCall, { profile_boost: 10 });
  await page.goto(`/admin/edit-subscriptions/${mine.plan_id}`);
  await apiCall(`/update-plan?plan_id=${mine.plan_id}`, {
    method: "PUT",
    actingAdmin: "support",
    body: { charge: "1800", profile_boost: 77, updated_at: mine.updated_at },
  });
  await page.getByLabel("Plan Amount (₹)").fill("2500");
  await save(page);
  await expect(
    page.getByRole("alert").filter({ hasText: /support saved this plan at .+, after you opened it\. Nothing was saved/ }),
  ).toBeVisible();
  // theirs beside yours, for the fields that differ
  const theirs = page.getByRole("table", { name: "Their values and yours" });
  await expect(theirs.getByRole("row", { name: /Plan Amount/ })).toContainText("₹1,800.00");
  await expect(theirs.getByRole("row", { name: /Plan Amount/ })).toContainText("₹2,500.00");
  await expect(theirs.getByRole("row", { name: /Booster Points/ })).toContainText("77");
  await expect(theirs.getByRole("row", { name: /Plan Name/ })).toHaveCount(0);
  await expect(page.getByLabel("Plan Amount (₹)")).toHaveValue("2500");
  expect((await readPlan(apiCall, mine.plan_id)).charge).toBe("1800.00");

  // Save again: the typed values replace theirs (booster points back to what the form holds)
  await page.getByRole("button", { name: "Save again" }).click();
  await expect(toasts(page)).toContainText("Plan Details Updated Successfully");
  expect(await readPlan(apiCall, mine.plan_id)).toMatchObject({ charge: "2500.00", profile_boost: 10 });
  await expect(page.getByLabel("Plan Amount (₹)")).toHaveValue("2500.00");
  await expect(page.getByRole("button", { name: "Save Changes" })).toBeVisible();
});

test("after a stale edit, Reload to see theirs drops the typed values", async ({ page, apiCall }) => {
  const mine = await newPlan(apiCall);
  await page.goto(`/admin/edit-subscriptions/${mine.plan_id}`);
  await apiCall(`/update-plan?plan_id=${mine.plan_id}`, {
    method: "PUT",
    actingAdmin: "support",
    body: { charge: "1800", updated_at: mine.updated_at },
  });
  await page.getByLabel("Plan Amount (₹)").fill("2500");
  await save(page);
  await page.getByRole("link", { name: "Reload to see theirs" }).click();
  await expect(page.getByLabel("Plan Amount (₹)")).toHaveValue("1800.00");
  await expect(page.getByRole("button", { name: "Save Changes" })).toBeVisible();
});

test("Delete This Plan opened by its URL focuses Cancel: Enter deletes nothing", async ({ page, apiCall }) => {
  const mine = await newPlan(apiCall);
  await page.goto(`/admin/edit-subscriptions/${mine.plan_id}?dialog=delete`);
  const dialog = page.getByRole("dialog", { name: "Delete This Plan?" });
  await expect(dialog.getByRole("link", { name: "Cancel" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(dialog).toBeHidden();
  await expect(page).not.toHaveURL(/dialog=/);
  expect((await readPlan(apiCall, mine.plan_id)).plan_name).toBe(mine.plan_name);
});

test("editing a plan providers hold says how many hold it and what a change means for them", async ({ page, apiCall }) => {
  const mine = await newPlan(apiCall);
  await page.goto(`/admin/edit-subscriptions/${mine.plan_id}`);
  await expect(page.getByText("No service provider holds this plan")).toBeVisible();
  await apiCall("/test-fixtures/providers", { method: "POST", body: { variant: 1, plan_id: mine.plan_id } });
  await apiCall("/test-fixtures/providers", { method: "POST", body: { variant: 2, plan_id: mine.plan_id } });
  await page.goto(`/admin/edit-subscriptions/${mine.plan_id}`);
  const note = page.getByRole("note", { name: "Who this change reaches" });
  await expect(note).toContainText("2 service providers hold this plan");
  await expect(note).toContainText("Service Fee");
  await expect(note).toContainText("Approval Time");
});

test("Delete This Plan asks first; Cancel keeps it, confirming deletes it", async ({ page, apiCall }) => {
  const mine = await newPlan(apiCall);
  await page.goto(`/admin/edit-subscriptions/${mine.plan_id}`);
  await page.getByRole("link", { name: "Delete This Plan" }).click();
  const dialog = page.getByRole("dialog", { name: "Delete This Plan?" });
  await expect(dialog).toBeVisible();
  await expect(page).toHaveURL(/dialog=delete/);
  await expect(dialog).toContainText(`${mine.plan_name} will be deleted`);
  await dialog.getByRole("link", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();
  await expect(page).not.toHaveURL(/dialog=/);

  await page.getByRole("link", { name: "Delete This Plan" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Yes, delete it!" }).click();
  await expect(page).toHaveURL(/\/admin\/subscriptions$/);
  await expect(toasts(page)).toContainText("Plan Deleted Successfully");
  await expect(card(page, mine.plan_name)).toHaveCount(0);

  await page.goto(`/admin/edit-subscriptions/${mine.plan_id}`);
  await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
});

test("a plan a provider holds cannot be deleted: the dialog says why and offers no delete; it can be set Inactive", async ({
  page,
  apiCall,
}) => {
  const mine = await newPlan(apiCall);
  await apiCall("/test-fixtures/providers", { method: "POST", body: { variant: 1, plan_id: mine.plan_id } });
  await page.goto(`/admin/edit-subscriptions/${mine.plan_id}?dialog=delete`);
  const dialog = page.getByRole("dialog", { name: "This plan cannot be deleted" });
  await expect(dialog).toContainText(
    `1 service provider holds ${mine.plan_name}: it cannot be deleted while they do. Set it Inactive instead.`,
  );
  await expect(dialog.getByRole("button")).toHaveCount(0);
  await dialog.getByRole("link", { name: "Close" }).click();
  await expect(dialog).toBeHidden();
  expect((await readPlan(apiCall, mine.plan_id)).held_by).toBe(1);

  await page.getByLabel("Status").selectOption("Inactive");
  await save(page);
  await expect(toasts(page)).toContainText("Plan Details Updated Successfully");
  expect((await readPlan(apiCall, mine.plan_id)).status).toBe("Inactive");
});

test("an unknown plan is the 404 page", async ({ page }) => {
  await page.goto("/admin/edit-subscriptions/99999999");
  await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
});

test("sort the cards by Plan Name, Plan Amount and Plan Duration: a Sort by link orders them, a second click reverses them", async ({
  page,
  apiCall,
}) => {
  const tag = `Sorted ${suffix()}`;
  const beta = await newPlan(apiCall, { plan_name: `${tag} Beta`, charge: "300.00", plan_validity: 1 });
  const alpha = await newPlan(apiCall, { plan_name: `${tag} Alpha`, charge: "500.00", plan_validity: 12 });
  const gamma = await newPlan(apiCall, { plan_name: `${tag} Gamma`, charge: "100.00", plan_validity: 6 });
  const names = [alpha, beta, gamma].map((p) => p.plan_name);
  // this test's cards, first to last
  const order = async () =>
    (await page.getByRole("article").getByRole("heading", { level: 2 }).allTextContents()).filter((n) => names.includes(n));
  const expectOrder = (...plans: Plan[]) => expect.poll(order).toEqual(plans.map((p) => p.plan_name));
  const sortBy = (label: string) =>
    page.getByRole("navigation", { name: "Sort plans" }).getByRole("link", { name: new RegExp(`^Sort by ${label}`) });

  await page.goto("/admin/subscriptions");
  // cheapest first without a sort
  await expectOrder(gamma, beta, alpha);

  await sortBy("Plan Name").click();
  await expect(page).toHaveURL(/sortField=plan_name&sortOrder=asc/);
  await expect(sortBy("Plan Name")).toHaveAccessibleName("Sort by Plan Name, ascending");
  await expectOrder(alpha, beta, gamma);
  await sortBy("Plan Name").click();
  await expect(page).toHaveURL(/sortField=plan_name&sortOrder=desc/);
  await expect(sortBy("Plan Name")).toHaveAccessibleName("Sort by Plan Name, descending");
  await expectOrder(gamma, beta, alpha);

  await sortBy("Plan Amount").click();
  await expect(page).toHaveURL(/sortField=charge&sortOrder=asc/);
  await expectOrder(gamma, beta, alpha);
  await sortBy("Plan Amount").click();
  await expectOrder(alpha, beta, gamma);

  await sortBy("Plan Duration").click();
  await expect(page).toHaveURL(/sortField=plan_validity&sortOrder=asc/);
  await expectOrder(beta, gamma, alpha);
});
