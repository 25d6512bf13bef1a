import type { Page } from "@playwright/test";
import { USER_MESSAGES } from "~contract/user-labels";
import { expect, sortByHeader, test, type apiCall as ApiCall } from "./fixtures";

const toasts = (page: Page) => page.locator(".toasts");
const rows = (page: Page) => page.locator("table.data-table tbody tr");

type Made = { user_id: number; username: string; is_active: boolean; orders: string[] };
/** A plain user of this test's own (the e2e API's fixture), so no other test, project or retry touches it. */
async function makeUser(
  apiCall: typeof ApiCall,
  body: { is_active?: boolean; open_orders?: number; rating?: number; created_at?: string; phone?: string } = {},
) {
  return (await apiCall<{ data: Made }>("/test-fixtures/users", { method: "POST", body })).data;
}

async function searchFor(page: Page, text: string) {
  const box = page.getByRole("searchbox", { name: "Search by username" });
  await box.fill(text);
  // the form is drawn again after each search (its key is the URL): type into the one that stays
  await expect(box).toHaveValue(text);
  await box.press("Enter");
  const query = new URLSearchParams({ search: text }).toString().replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  if (text) await expect(page).toHaveURL(new RegExp(`[?&]${query}(&|$)`));
}

test.beforeEach(async ({ loginAs }) => {
  await loginAs("admin");
});

test("search by username: Enter searches, clearing shows every user", async ({ page, apiCall }) => {
  const user = await makeUser(apiCall);
  await page.goto("/admin/user");
  await expect(page.getByRole("heading", { name: "Users", level: 1 })).toBeVisible();
  const all = page.getByText(/Showing 1 to 10 of \d+ entries/);
  await expect(all).toBeVisible();
  const totalOf = async () => Number(/of (\d+) entries/.exec((await all.textContent()) ?? "")?.[1]);
  const everyone = await totalOf();
  // the sortable headers carry their arrow (hidden from screen readers, which read aria-sort)
  await expect(page.getByRole("columnheader")).toHaveText([
    /^Username/,
    /^Name/,
    "Email",
    "Phone",
    /^Joined/,
    /^Rating/,
    /^Status/,
    "Actions",
  ]);

  await searchFor(page, user.username.slice(0, -2).toUpperCase());
  await expect(page).toHaveURL(/search=/);
  await expect(page.getByText("Showing 1 to 1 of 1 entries")).toBeVisible();
  const row = rows(page).first();
  await expect(row).toContainText(user.username);
  await expect(row).toContainText("Test User");
  await expect(row).toContainText("+91 90000");
  await expect(row).toContainText("Active");

  // with JavaScript, clearing the box shows every user again, without Enter
  if (test.info().project.name === "js") {
    await page.getByRole("searchbox", { name: "Search by username" }).fill("");
    await expect(page).not.toHaveURL(/search=/);
    await expect(all).toBeVisible();
    expect(await totalOf()).toBeGreaterThanOrEqual(everyone);
    await expect(rows(page)).toHaveCount(10);
  } else {
    await page.getByRole("link", { name: "Clear" }).click();
    await expect(page).not.toHaveURL(/search=/);
    await expect(all).toBeVisible();
  }
  await expect(page.getByRole("searchbox", { name: "Search by username" })).toHaveValue("");
});

test("a blank search does nothing: the list and its filters stay as they are", async ({ page, apiCall }) => {
  const blocked = await makeUser(apiCall, { is_active: false });
  await page.goto(`/admin/user?status=Blocked&search=${blocked.username}`);
  await expect(page.getByText("Showing 1 to 1 of 1 entries")).toBeVisible();
  const before = page.url();
  const box = page.getByRole("searchbox", { name: "Search by username" });
  // blank (spaces only), then Enter: nothing happens
  await box.fill("   ");
  await box.press("Enter");
  await page.waitForTimeout(500);
  expect(page.url()).toBe(before);
  await expect(page.getByText("Showing 1 to 1 of 1 entries")).toBeVisible();
  await expect(rows(page).first()).toContainText(blocked.username);

  // with no search applied, a blank search keeps the filter and shows the same list
  await page.goto("/admin/user?status=Blocked");
  const filtered = page.url();
  await box.fill("");
  await box.press("Enter");
  await page.waitForTimeout(500);
  expect(page.url()).toBe(filtered);
});

test("the page's title is the sidebar's name: Admin | User", async ({ page }) => {
  await page.goto("/admin/user");
  await expect(page).toHaveTitle("Admin | User");
});

test("a destructive dialog opened by its URL focuses Cancel: Enter deletes nothing", async ({ page, apiCall }) => {
  const user = await makeUser(apiCall);
  await page.goto(`/admin/user?search=${user.username}&dialog=delete&user=${user.username}`);
  const dialog = page.getByRole("dialog", { name: "Delete this user?" });
  await expect(dialog.getByRole("link", { name: "Cancel" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(dialog).toBeHidden();
  await expect(page).not.toHaveURL(/dialog=/);
  await expect(rows(page).first()).toContainText(user.username);
  const { data } = await apiCall<{ data: { username: string }[] }>(`/search-users?username=${user.username}`);
  expect(data.map((u) => u.username)).toEqual([user.username]);
});

test("Block then Activate, each after a confirmation", async ({ page, apiCall }) => {
  const user = await makeUser(apiCall);
  await page.goto(`/admin/user?search=${user.username}`);
  await page.getByRole("link", { name: `Block ${user.username}` }).click();
  await expect(page).toHaveURL(/dialog=block/);
  const dialog = page.getByRole("dialog", { name: "Block this user?" });
  await expect(dialog).toContainText(user.username);
  await dialog.getByRole("button", { name: "Block" }).click();
  await expect(toasts(page)).toContainText("User Updated Successfully");
  await expect(page).not.toHaveURL(/dialog=/);
  await expect(page).toHaveURL(new RegExp(`search=${user.username}`));
  await expect(rows(page).first()).toContainText("Blocked");

  await page.getByRole("link", { name: `Activate ${user.username}` }).click();
  const activate = page.getByRole("dialog", { name: "Activate this user?" });
  await activate.getByRole("button", { name: "Activate" }).click();
  await expect(page).not.toHaveURL(/dialog=/);
  await expect(rows(page).first()).toContainText("Active");
  await expect(page.getByRole("link", { name: `Block ${user.username}` })).toBeVisible();
  const { data } = await apiCall<{ data: { is_active: boolean }[] }>(`/search-users?username=${user.username}`);
  expect(data[0].is_active).toBe(true);
});

test("Cancel closes the confirmation and changes nothing", async ({ page, apiCall }) => {
  const user = await makeUser(apiCall);
  await page.goto(`/admin/user?search=${user.username}&dialog=delete&user=${user.username}`);
  const dialog = page.getByRole("dialog", { name: "Delete this user?" });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("link", { name: "Cancel" }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page).not.toHaveURL(/dialog=/);
  await expect(rows(page).first()).toContainText(user.username);
});

test("Delete a user after confirming", async ({ page, apiCall }) => {
  const user = await makeUser(apiCall);
  await page.goto(`/admin/user?search=${user.username}`);
  await page.getByRole("link", { name: `Delete ${user.username}` }).click();
  const dialog = page.getByRole("dialog", { name: "Delete this user?" });
  await expect(dialog).toContainText("A user with open orders cannot be deleted");
  await dialog.getByRole("button", { name: "Delete" }).click();
  await expect(toasts(page)).toContainText("User Deleted Successfully");
  await expect(page).not.toHaveURL(/dialog=/);
  await expect(page.getByText("No Data Found")).toBeVisible();
  await expect(page.getByText("Showing 0 to 0 of 0 entries")).toBeVisible();
});

test("a user with an open order cannot be deleted: the dialog says why and offers no Delete", async ({ page, apiCall }) => {
  const user = await makeUser(apiCall, { open_orders: 1 });
  await page.goto(`/admin/user?search=${user.username}`);
  await page.getByRole("link", { name: `Delete ${user.username}` }).click();
  const refused = page.getByRole("dialog", { name: "This user cannot be deleted" });
  await expect(refused).toContainText("This user has 1 open order: they cannot be deleted until it is completed or cancelled");
  await expect(refused.getByRole("button")).toHaveCount(0);
  await refused.getByRole("link", { name: "Close" }).click();
  await expect(refused).toHaveCount(0);
  await expect(rows(page).first()).toContainText(user.username);
  await expect(page.getByText("Showing 1 to 1 of 1 entries")).toBeVisible();
});

test("the filter card: status and joined dates, in the URL", async ({ page, apiCall }) => {
  const blocked = await makeUser(apiCall, { is_active: false });
  const today = new Date(Date.now() + 5.5 * 3600_000).toISOString().slice(0, 10);
  await page.goto("/admin/user?page_size=100");
  await page.getByText("Filter", { exact: true }).click();
  await page.getByLabel("Status").selectOption("Blocked");
  await page.getByLabel("Joined from").fill(today);
  await page.getByLabel("Joined to").fill(today);
  await page.getByRole("button", { name: "Submit" }).click();
  await expect(page).toHaveURL(/status=Blocked/);
  await expect(page).toHaveURL(new RegExp(`start_date=${today}&end_date=${today}`));
  await expect(page).toHaveURL(/page_size=100/);
  await expect(rows(page).filter({ hasText: blocked.username })).toHaveCount(1);
  const statuses = await page.locator("table.data-table tbody tr td:nth-child(7)").allTextContents();
  expect(statuses.length).toBeGreaterThan(0);
  expect(new Set(statuses)).toEqual(new Set(["Blocked"]));

  // a search keeps the filters
  await searchFor(page, blocked.username);
  await expect(page).toHaveURL(/status=Blocked/);
  await expect(page.getByText("Showing 1 to 1 of 1 entries")).toBeVisible();
  await page.getByRole("link", { name: "Reset" }).click();
  await expect(page).not.toHaveURL(/status=/);
  await expect(page).toHaveURL(/search=/);

  await page.goto("/admin/user?status=Active&search=" + blocked.username);
  await expect(page.getByText("Showing 0 to 0 of 0 entries")).toBeVisible();
});

test("a user who is also a provider: an admin with only User access is told why instead of a Delete", async ({
  page,
  apiCall,
  context,
}) => {
  const name = `e2e-users-only-${Math.random().toString(36).slice(2, 8)}`;
  const password = "Users-only-2026";
  await apiCall("/register-admin-user", {
    method: "POST",
    actingAdmin: "admin",
    body: {
      adminUsername: name,
      adminPassword: password,
      adminEmail: `${name}@example.com`,
      adminStatus: "Active",
      adminRole: "Support",
      adminAccessRoleSettings: ["User"],
    },
  });
  const { data: provider } = await apiCall<{ data: { username: string } }>("/test-fixtures/provider-accounts", {
    method: "POST",
    body: { password: "Provider-2026x" },
  });
  await context.clearCookies();
  await page.goto("/admin/login");
  const form = page.getByRole("form", { name: "Admin sign-in" });
  await form.getByLabel("Username").fill(name);
  await form.getByLabel("Password").fill(password);
  await form.getByRole("button", { name: "Login" }).click();
  await expect(page).toHaveURL(/\/admin$/);

  await page.goto(`/admin/user?search=${provider.username}`);
  await page.getByRole("link", { name: `Delete ${provider.username}` }).click();
  const refused = page.getByRole("dialog", { name: "This user cannot be deleted" });
  await expect(refused).toContainText(USER_MESSAGES.providerNeedsAccess(provider.username));
  await expect(refused.getByRole("button")).toHaveCount(0);
  await refused.getByRole("link", { name: "Close" }).click();
  await expect(rows(page).first()).toContainText(provider.username);
});

const byUsername = (...users: Made[]) => users.map((u) => new RegExp(u.username.replace(/[.]/g, "\\.")));

test("sort by Rating, Joined and Status: a header click orders the rows, a second click reverses them", async ({ page, apiCall }) => {
  const phone = `+91 63${String(Date.now()).slice(-8)}`;
  const low = await makeUser(apiCall, { phone, rating: 1.5, created_at: "2024-03-03T10:00:00+05:30" });
  const high = await makeUser(apiCall, { phone, rating: 4.75, created_at: "2024-03-01T10:00:00+05:30", is_active: false });
  const mid = await makeUser(apiCall, { phone, rating: 3, created_at: "2024-03-02T10:00:00+05:30" });
  await page.goto("/admin/user");
  // the search finds them by their phone
  await searchFor(page, phone);
  await expect(page.getByText("Showing 1 to 3 of 3 entries")).toBeVisible();
  await expect(rows(page)).toHaveText(byUsername(low, mid, high));

  await sortByHeader(page, "Rating", "ascending");
  await expect(page).toHaveURL(/sortField=rating&sortOrder=asc/);
  await expect(rows(page)).toHaveText(byUsername(low, mid, high));
  await expect(rows(page).first()).toContainText("1.5");
  await sortByHeader(page, "Rating", "descending");
  await expect(page).toHaveURL(/sortOrder=desc/);
  await expect(rows(page)).toHaveText(byUsername(high, mid, low));

  await sortByHeader(page, "Joined", "ascending");
  await expect(page).toHaveURL(/sortField=created_at&sortOrder=asc/);
  await expect(rows(page)).toHaveText(byUsername(high, mid, low));
  // Status ascending: Active first (each newest first), then Blocked
  await sortByHeader(page, "Status", "ascending");
  await expect(rows(page)).toHaveText(byUsername(low, mid, high));
  // the sort stays through a new search (by email)
  const email = `e2e.user.${mid.username.slice("e2e_user_".length)}@copies.test`;
  await searchFor(page, email.toUpperCase());
  await expect(page).toHaveURL(/sortField=status/);
  await expect(rows(page)).toHaveText(byUsername(mid));
});

test("a user who is also a service provider is marked, and the marker opens their provider page", async ({ page, apiCall }) => {
  const provider = (
    await apiCall<{ data: { serviceProvider_id: number; username: string } }>("/test-fixtures/providers", { method: "POST", body: {} })
  ).data;
  const plain = await makeUser(apiCall);
  await page.goto("/admin/user");
  await searchFor(page, plain.username);
  await expect(rows(page).first()).toContainText(plain.username);
  await expect(rows(page).first().getByText("Provider", { exact: true })).toHaveCount(0);

  await searchFor(page, provider.username);
  const marker = rows(page)
    .first()
    .getByRole("link", { name: `Provider page of ${provider.username}` });
  await expect(marker).toHaveText("Provider");
  await marker.click();
  await expect(page).toHaveURL(new RegExp(`/admin/provider-details/${provider.serviceProvider_id}$`));
  await expect(page.getByText(provider.username).first()).toBeVisible();
});
