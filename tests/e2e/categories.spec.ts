import type { Page } from "@playwright/test";
import { newCategory as makeCategory } from "../support/records";
import { expect, sortByHeader, test, type apiCall as ApiCall } from "./fixtures";

const suffix = () => Math.random().toString(36).slice(2, 8);

type Category = { category_id: number; categoryName: string; desc: string; updated_at: string };
const newCategory = (apiCall: typeof ApiCall, fields: Record<string, unknown> = {}) => makeCategory<Category>(apiCall, fields);

async function readCategory(apiCall: typeof ApiCall, id: number): Promise<Category> {
  return (await apiCall<{ data: Category }>(`/get-category-by-id?category_id=${id}`)).data;
}

const toasts = (page: Page) => page.locator(".toasts");

test.beforeEach(async ({ loginAs }) => {
  await loginAs("admin");
});

test("add a category: errors beside the fields, values kept, then success", async ({ page }) => {
  const name = `Added ${suffix()}`;
  await page.goto("/admin/category");
  await page.getByRole("link", { name: "Add Category" }).click();
  await expect(page).toHaveURL(/\/admin\/add-categories$/);

  await page.getByLabel("Category Name").fill(name);
  await page.getByLabel("Page Title Name").fill("Kept title");
  await page.getByRole("button", { name: "Add Category" }).click();
  await expect(page.getByText("Description is required")).toBeVisible();
  await expect(page.getByLabel("Category Name")).toHaveValue(name);
  await expect(page.getByLabel("Page Title Name")).toHaveValue("Kept title");

  await page.getByLabel("Category Description").fill("Described in the browser");
  await page.getByLabel("Status").selectOption("Hold");
  await page.getByLabel("Is SuperCategory Tag").selectOption("business");
  await page.getByLabel("Add To MostPopular").check();
  await page.getByRole("button", { name: "Add Category" }).click();
  await expect(page).toHaveURL(/\/admin\/category$/);
  await expect(toasts(page)).toContainText("New Category Added");

  await page.goto("/admin/category?page_size=100");
  const row = page.getByRole("row", { name: new RegExp(name) });
  await expect(row).toContainText("Hold");
  await expect(row).toContainText("Described in the browser");
});

test("filters live in the URL and really filter", async ({ page, apiCall }) => {
  const mine = await newCategory(apiCall);
  await page.goto("/admin/category?page_size=25");
  await page.getByText("Filter", { exact: true }).click();
  await page.getByLabel("Category", { exact: true }).selectOption({ label: mine.categoryName });
  await page.getByRole("button", { name: "Submit" }).click();
  await expect(page).toHaveURL(new RegExp(`category=${mine.category_id}`));
  await expect(page).toHaveURL(/page_size=25/);
  await expect(page.getByRole("row")).toHaveCount(2); // header + the one category
  await expect(page.getByRole("cell", { name: mine.categoryName, exact: true })).toBeVisible();

  await page.getByLabel("From Date").fill("2999-01-01");
  await page.getByRole("button", { name: "Submit" }).click();
  await expect(page).toHaveURL(/start_date=2999-01-01/);
  await expect(page.getByText("No Data Found")).toBeVisible();

  await page.goto("/admin/category?start_date=2024-05-10&end_date=2024-05-01");
  await expect(page.getByRole("alert").filter({ hasText: "From Date must be on or before To Date." })).toBeVisible();
  await page.goto("/admin/category?start_date=not-a-date");
  await expect(page.getByText(/From Date "not-a-date" is not a date/)).toBeVisible();
  await expect(page.getByText(/Showing \d+ to \d+ of \d+ entries/)).toBeVisible();

  await page.getByRole("link", { name: "Reset" }).click();
  await expect(page).toHaveURL(/\/admin\/category$/);
});

test("pages and page size come from the URL", async ({ page, apiCall }) => {
  for (let i = 0; i < 11; i++) await newCategory(apiCall);
  await page.goto("/admin/category");
  await expect(page.getByText(/Showing 1 to 10 of \d+ entries/)).toBeVisible();
  await page.getByRole("link", { name: "Page 2", exact: true }).click();
  await expect(page).toHaveURL(/page=2/);
  await expect(page.getByText(/Showing 11 to \d+ of \d+ entries/)).toBeVisible();

  await page.getByLabel("Rows per page").selectOption("25");
  const apply = page.getByRole("button", { name: "Apply" });
  if (await apply.isVisible()) await apply.click();
  await expect(page).toHaveURL(/page_size=25/);
  await expect(page).not.toHaveURL(/page=2/);
  await expect(page.getByText(/Showing 1 to \d+ of \d+ entries/)).toBeVisible();
});

test("edit: No Change Detected, then a real update", async ({ page, apiCall }) => {
  const mine = await newCategory(apiCall);
  await page.goto(`/admin/edit-categories/${mine.category_id}`);
  await expect(page.getByLabel("Category Name")).toHaveValue(mine.categoryName);
  await expect(page.getByText(/Current super category:/)).toBeVisible();

  await page.getByRole("button", { name: "Save Changes" }).click();
  await expect(toasts(page)).toContainText("No Change Detected");
  expect((await readCategory(apiCall, mine.category_id)).updated_at).toBe(mine.updated_at);

  await page.getByLabel("Category Description").fill("Changed in the browser");
  await page.getByLabel("Hide from Menubar").selectOption("Yes");
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expect(toasts(page)).toContainText("Category Data Updated Successfully");
  await expect(toasts(page)).toContainText("Updated Successfully");
  await expect(page.getByLabel("Category Description")).toHaveValue("Changed in the browser");
  await expect(page.getByLabel("Hide from Menubar")).toHaveValue("Yes");
});

test("edit conflict: whose change won is shown and nothing is overwritten", async ({ page, apiCall }) => {
  const mine = await newCategory(apiCall);
  await page.goto(`/admin/edit-categories/${mine.category_id}`);
  await apiCall(`/update-category?category_id=${mine.category_id}`, {
    method: "PATCH",
    actingAdmin: "support",
    body: { desc: "Support was here", updated_at: mine.updated_at },
  });
  await page.getByLabel("Category Description").fill("Admin typed this");
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expect(page.getByRole("alert").filter({ hasText: /support changed this category at .+ after you opened it/ })).toBeVisible();
  await expect(page.getByLabel("Category Description")).toHaveValue("Admin typed this");
  expect((await readCategory(apiCall, mine.category_id)).desc).toBe("Support was here");

  await page.getByRole("link", { name: "Reload" }).click();
  await expect(page.getByLabel("Category Description")).toHaveValue("Support was here");
});

test("delete asks first; Cancel keeps, Confirm Delete removes", async ({ page, apiCall }) => {
  const mine = await newCategory(apiCall);
  await page.goto(`/admin/category?category=${mine.category_id}`);
  await page.getByRole("link", { name: `Delete ${mine.categoryName}` }).click();
  const dialog = page.getByRole("dialog", { name: "Delete this category?" });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(mine.categoryName);
  await dialog.getByRole("link", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();
  await expect(page).not.toHaveURL(/dialog=/);
  await expect(page.getByRole("cell", { name: mine.categoryName, exact: true })).toBeVisible();

  await page.getByRole("link", { name: `Delete ${mine.categoryName}` }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Confirm Delete" }).click();
  await expect(toasts(page)).toContainText("Category Delete Successful");
  await expect(page).toHaveURL(new RegExp(`/admin/category\\?category=${mine.category_id}$`));
  await expect(page.getByText("No Data Found")).toBeVisible();
});

test("a refused delete says why", async ({ page, apiCall }) => {
  const parent = await newCategory(apiCall);
  await newCategory(apiCall, { parentCategoryId: parent.category_id });
  await page.goto(`/admin/category?category=${parent.category_id}&dialog=delete&id=${parent.category_id}`);
  await page.getByRole("button", { name: "Confirm Delete" }).click();
  await expect(page.locator(".toast-error")).toBeAttached();
  await expect(toasts(page)).not.toContainText("Category Delete Successful");
  await expect(page.getByRole("cell", { name: parent.categoryName, exact: true })).toBeVisible();
});

test("sub-categories and sub-sub-categories: list, add, edit", async ({ page, apiCall }) => {
  const parent = await newCategory(apiCall);
  const subName = `Sub ${suffix()}`;
  const subSubName = `SubSub ${suffix()}`;

  await page.goto(`/admin/category?category=${parent.category_id}`);
  await page.getByRole("link", { name: `View sub-categories of ${parent.categoryName}` }).click();
  await expect(page.getByRole("heading", { level: 1, name: parent.categoryName })).toBeVisible();
  await expect(page.getByText("No Data Found")).toBeVisible();
  await expect(page.getByText("Click the + button to add a sub-category.")).toBeVisible();

  await page.getByRole("link", { name: "Add Sub Category" }).click();
  await expect(page.getByLabel("Parent Category")).toHaveValue(parent.categoryName);
  await expect(page.getByLabel("Parent Category")).toBeDisabled();
  await page.getByRole("button", { name: "Add Sub Category" }).click();
  await expect(page.getByText("Sub-Category Name is required")).toBeVisible();
  await page.getByLabel("Sub-Category Name").fill(subName);
  await page.getByLabel("Description").fill("A sub-category");
  await page.getByLabel("Sub-Category Title").fill("Sub title");
  await page.getByRole("button", { name: "Add Sub Category" }).click();
  await expect(page).toHaveURL(/\/admin\/category$/);
  await expect(toasts(page)).toContainText("New Sub-Category Added");

  await page.goto(`/admin/sub-categories/${parent.category_id}`);
  await expect(page.getByRole("cell", { name: subName, exact: true })).toBeVisible();
  await page.getByRole("link", { name: `View sub-sub-categories of ${subName}` }).click();
  await expect(page.getByRole("heading", { level: 1, name: subName })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Breadcrumb" }).getByRole("link", { name: parent.categoryName })).toBeVisible();
  const subSubUrl = page.url();

  await page.getByRole("link", { name: "Add Sub-Sub Category" }).click();
  await page.getByLabel("Sub-Category Name").fill(subSubName);
  await page.getByLabel("Description").fill("A sub-sub-category");
  await page.getByLabel("Status").selectOption("Inactive");
  await page.getByRole("button", { name: "Add Sub Category" }).click();
  await expect(toasts(page)).toContainText("New Sub-Category Added");
  await page.goto(subSubUrl);
  await expect(page.getByRole("row", { name: new RegExp(subSubName) })).toContainText("Inactive");

  await page.goto(`/admin/sub-categories/${parent.category_id}`);
  await page.getByRole("link", { name: `Quick edit ${subName}` }).click();
  await expect(page.getByLabel("Sub-Category Name")).toHaveValue(subName);
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expect(toasts(page)).toContainText("No Change Detected");
  await page.getByLabel("Status").selectOption("Hold");
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expect(toasts(page)).toContainText("Updated Successfully");
  await page
    .getByRole("link", { name: /sub-categories/ })
    .first()
    .click();
  await expect(page.getByRole("row", { name: new RegExp(subName) })).toContainText("Hold");
});

test("a viewer cannot open categories", async ({ page, loginAs }) => {
  await loginAs("viewer");
  const response = await page.goto("/admin/category");
  expect(response?.status()).toBe(403);
});

test("sort by Category Name and Status, on the categories and a category's sub-categories: a header click orders the rows, a second click reverses them", async ({
  page,
  apiCall,
}) => {
  const tag = `Sorted ${suffix()}`;
  const beta = await newCategory(apiCall, { categoryName: `${tag} Beta`, status: "Active" });
  const alpha = await newCategory(apiCall, { categoryName: `${tag} Alpha`, status: "Hold" });
  const gamma = await newCategory(apiCall, { categoryName: `${tag} Gamma`, status: "Inactive" });
  const names = [alpha, beta, gamma].map((c) => c.categoryName);
  // this test's rows, top to bottom
  const order = async () =>
    (await page.locator("tbody tr td:first-child").allTextContents()).map((t) => t.trim()).filter((t) => names.includes(t));
  const expectOrder = (...categories: Category[]) => expect.poll(order).toEqual(categories.map((c) => c.categoryName));
  const today = new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10);

  await page.goto(`/admin/category?start_date=${today}&end_date=${today}&page_size=100`);
  await expectOrder(gamma, alpha, beta);
  await sortByHeader(page, "Category Name", "ascending");
  await expect(page).toHaveURL(/sortField=categoryName&sortOrder=asc/);
  await expectOrder(alpha, beta, gamma);
  await sortByHeader(page, "Category Name", "descending");
  await expectOrder(gamma, beta, alpha);
  await sortByHeader(page, "Status", "ascending");
  await expect(page).toHaveURL(/sortField=status&sortOrder=asc/);
  // the date filter stays
  await expect(page).toHaveURL(new RegExp(`start_date=${today}`));
  await expectOrder(beta, alpha, gamma);

  // a category's sub-categories sort the same way
  const parent = await newCategory(apiCall);
  const subs: Category[] = [];
  for (const [name, status] of [
    ["Beta", "Active"],
    ["Alpha", "Hold"],
    ["Gamma", "Inactive"],
  ]) {
    subs.push(await newCategory(apiCall, { parentCategoryId: parent.category_id, categoryName: `${tag} sub ${name}`, status }));
  }
  const subRows = () => page.locator("tbody tr td:first-child");
  await page.goto(`/admin/sub-categories/${parent.category_id}`);
  await sortByHeader(page, "Sub-Category Name", "ascending");
  await expect(subRows()).toHaveText([subs[1], subs[0], subs[2]].map((c) => c.categoryName));
  await sortByHeader(page, "Sub-Category Name", "descending");
  await expect(subRows()).toHaveText([subs[2], subs[0], subs[1]].map((c) => c.categoryName));
  await sortByHeader(page, "Status", "ascending");
  await sortByHeader(page, "Status", "descending");
  await expect(subRows()).toHaveText([subs[2], subs[1], subs[0]].map((c) => c.categoryName));
});
