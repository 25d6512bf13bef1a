import { expect, test } from "./fixtures";

// Issue 29 item 7: addresses the lists cannot use say what is wrong, never "The marketplace API is not answering"
test.beforeEach(async ({ loginAs }) => {
  await loginAs("admin");
});

test("a date in year 0001 is the filter's message; the list still shows", async ({ page }) => {
  const response = await page.goto("/admin/payments?start_date=0001-01-01");
  expect(response?.status()).toBe(400);
  await expect(page.getByText('From Date "0001-01-01": use a date between 1900-01-01 and 2999-12-31.')).toBeVisible();
  await expect(page.getByText(/Showing 1 to 10 of \d+ entries/)).toBeVisible();
});

test("a NUL in a search is the search's message; in another filter, a 400 page naming it", async ({ page }) => {
  await page.goto("/admin/user?search=a%00b");
  await expect(page.getByText("Search must not contain control characters (such as NUL).")).toBeVisible();

  const response = await page.goto("/admin/payments?provider=a%00b");
  expect(response?.status()).toBe(400);
  await expect(page.getByRole("heading", { name: "This address holds a value the page cannot use" })).toBeVisible();
  await expect(page.getByText("Provider must not contain control characters (such as NUL).")).toBeVisible();
  await expect(page.getByText("The marketplace API is not answering")).toHaveCount(0);
  await page.getByRole("link", { name: "Open the page without its filters" }).click();
  await expect(page).toHaveURL(/\/admin\/payments$/);
  await expect(page.getByText(/Showing 1 to 10 of \d+ entries/)).toBeVisible();
});
