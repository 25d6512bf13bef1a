import type { Page } from "@playwright/test";
import { expect, signInAsNewAdmin, test, type apiCall as ApiCall } from "./fixtures";

type Made = { user: { user_id: number; username: string }; order: { order_id: number; short_id: string } };

/** A user of this test's own with one Completed order, rated Excellent (the e2e API's fixtures and the marketplace's rating call). */
async function userWithRatedOrder(apiCall: typeof ApiCall): Promise<Made> {
  const user = (await apiCall<{ data: { user_id: number; username: string } }>("/test-fixtures/users", { method: "POST", body: {} })).data;
  const order = (
    await apiCall<{ data: { order_id: number; short_id: string } }>("/test-fixtures/orders", {
      method: "POST",
      body: { serviceType: "Service", status: "Completed", user_id: user.user_id },
    })
  ).data;
  await apiCall("/create-rating", { method: "POST", body: { order_id: order.order_id, type: "Excellent", comment: "Story rating" } });
  return { user, order };
}

const section = (page: Page, title: string) => page.getByRole("region", { name: title });

test("from the Users list to a user's story, and on to their order", async ({ page, apiCall, loginAs }) => {
  await loginAs("admin");
  const { user, order } = await userWithRatedOrder(apiCall);
  await page.goto(`/admin/user?${new URLSearchParams({ search: user.username })}`);
  await page.getByRole("table", { name: "Users" }).getByRole("link", { name: user.username, exact: true }).click();

  await expect(page).toHaveURL(new RegExp(`/admin/user/${user.user_id}$`));
  await expect(page.getByRole("heading", { name: user.username, level: 1 })).toBeVisible();
  await expect(section(page, "Profile")).toContainText("Active");
  await expect(section(page, "Status history")).toContainText("No status changes recorded.");

  const orders = section(page, "Orders and bookings");
  await expect(orders).toContainText("1 in all");
  await expect(orders.getByRole("row").filter({ hasText: order.short_id })).toContainText("Completed");
  const ratings = section(page, "Ratings given");
  await expect(ratings.getByRole("row").filter({ hasText: order.short_id })).toContainText("Excellent");
  await expect(ratings).toContainText("Story rating");
  // an admin with All Access sees every section
  for (const title of ["Payments", "Contact messages", "Customer queries"]) await expect(section(page, title)).toBeVisible();

  // See all: the Ratings list narrowed to this user, which says so and offers everyone's again
  await page.getByRole("link", { name: "See all: Ratings given" }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/rating\\?user=${user.user_id}$`));
  await expect(page.getByText("Only the ratings of")).toBeVisible();
  await expect(page.getByRole("table").getByRole("row")).toHaveCount(2);
  await expect(page.getByRole("table").getByRole("row").nth(1)).toContainText(order.short_id);
  await page.getByRole("link", { name: "Show everyone's" }).click();
  await expect(page).toHaveURL(/\/admin\/rating$/);
  await page.goto(`/admin/user/${user.user_id}`);

  // the order opens its page, whose User links back to the story
  await orders.getByRole("link", { name: order.short_id }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/bookings/${order.order_id}$`));
  await page.getByRole("link", { name: user.username }).first().click();
  await expect(page).toHaveURL(new RegExp(`/admin/user/${user.user_id}$`));
});

test("a blocked user's status history names who blocked them", async ({ page, apiCall, loginAs }) => {
  await loginAs("admin");
  const { user } = await userWithRatedOrder(apiCall);
  await apiCall(`/update-user-status?user_id=${user.user_id}`, { method: "PUT", actingAdmin: "admin", body: { is_active: false } });
  await page.goto(`/admin/user/${user.user_id}`);
  await expect(section(page, "Profile")).toContainText("Blocked");
  const change = section(page, "Status history").getByRole("row").nth(1);
  await expect(change).toContainText("admin");
  await expect(change).toContainText("Active");
  await expect(change).toContainText("Blocked");
});

test("an admin sees only the sections of the areas they hold; without User access names are plain text", async ({ page, apiCall }) => {
  const { user, order } = await userWithRatedOrder(apiCall);

  await signInAsNewAdmin(page, ["User"]);
  await page.goto(`/admin/user/${user.user_id}`);
  await expect(page.getByRole("heading", { name: user.username, level: 1 })).toBeVisible();
  await expect(section(page, "Profile")).toBeVisible();
  await expect(section(page, "Orders and bookings")).toHaveCount(0);
  await expect(section(page, "Ratings given")).toHaveCount(0);

  await signInAsNewAdmin(page, ["Bookings"]);
  await page.goto(`/admin/bookings?${new URLSearchParams({ search: order.short_id })}`);
  const row = page.getByRole("row").filter({ hasText: order.short_id });
  await expect(row).toContainText(user.username);
  await expect(row.getByRole("link", { name: user.username, exact: true })).toHaveCount(0);
  // and the user's page itself is refused
  const refused = await page.goto(`/admin/user/${user.user_id}`);
  expect(refused?.status()).toBe(403);
});

test("an unknown user is the not-found page", async ({ page, loginAs }) => {
  await loginAs("admin");
  const answer = await page.goto("/admin/user/2000000000");
  expect(answer?.status()).toBe(404);
});
