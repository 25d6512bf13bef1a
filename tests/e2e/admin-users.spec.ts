import type { Browser, Page } from "@playwright/test";
import {
  ADMIN_USER_ADDED,
  ADMIN_USER_DELETE_FAILED,
  ADMIN_USER_DELETED,
  ADMIN_USER_UPDATED,
  CANNOT_BLOCK_SELF,
  CANNOT_DELETE_SELF,
  EMAIL_INVALID,
  EMAIL_REQUIRED,
  lastAllAccessAdmin,
  PASSWORD_REQUIRED,
  PASSWORD_RULE,
  PASSWORD_TOO_SHORT,
  ROLE_REQUIRED,
  STATUS_REQUIRED,
  USERNAME_REQUIRED,
} from "../../app/models/admin-user-labels";
import { expect, test, type apiCall as ApiCall } from "./fixtures";

const suffix = () => Math.random().toString(36).slice(2, 8);
const PASSWORD = "E2e-admin-pass-42";
const LIST = "/admin/list-admin-users";

type Admin = { adminUserId: number; adminUsername: string; adminStatus: string; adminAccessRoleSettings: string[]; updated_at: string };

/** An admin user of this test's own (unique name), made through the API. */
async function newAdmin(apiCall: typeof ApiCall, access: string[], extra: Record<string, unknown> = {}): Promise<Admin> {
  const username = `e2e-au-${suffix()}`;
  const answer = await apiCall<{ data: Admin }>("/register-admin-user", {
    method: "POST",
    actingAdmin: "admin",
    body: {
      adminUsername: username,
      adminPassword: PASSWORD,
      adminEmail: `${username}@example.com`,
      adminStatus: "Active",
      adminRole: "Support",
      adminAccessRoleSettings: access,
      ...extra,
    },
  });
  return answer.data;
}

async function signIn(page: Page, username: string, password = PASSWORD) {
  await page.goto("/admin/login");
  const form = page.getByRole("form", { name: "Admin sign-in" });
  await form.getByLabel("Username").fill(username);
  await form.getByLabel("Password").fill(password);
  await form.getByRole("button", { name: "Login" }).click();
  await expect(page).toHaveURL(/\/admin$/);
}

/** Another browser (its own cookies), with JavaScript as this project has it. */
async function otherBrowser(browser: Browser) {
  return browser.newContext({ javaScriptEnabled: test.info().project.name === "js", reducedMotion: "reduce" });
}

const toasts = (page: Page) => page.locator(".toasts");
const dialog = (page: Page) => page.getByRole("dialog");
const sidebarNames = async (page: Page) =>
  (await page.getByRole("navigation", { name: "Sidebar" }).locator(".sidebar-label").allInnerTexts()).map((t) => t.trim());

test("add an admin with a limited access list: they see and open only those areas, the rest answer 403", async ({ page, browser, loginAs }) => {
  const username = `e2e-au-${suffix()}`;
  await loginAs("admin");
  await page.goto(LIST);
  await page.getByRole("link", { name: "Add Admin User" }).click();
  await expect(page).toHaveURL(/\?dialog=add$/);
  const form = dialog(page);
  await expect(form.getByRole("heading", { name: "Add Admin User" })).toBeVisible();
  await expect(form.getByText(PASSWORD_RULE)).toBeVisible();

  // nothing typed: every field says what it needs
  await form.getByRole("button", { name: "Add Admin User" }).click();
  for (const message of [USERNAME_REQUIRED, PASSWORD_REQUIRED, EMAIL_REQUIRED, STATUS_REQUIRED, ROLE_REQUIRED]) {
    await expect(dialog(page).getByText(message, { exact: true })).toBeVisible();
  }

  await dialog(page).getByLabel("Username").fill(username);
  await dialog(page).getByLabel("Password", { exact: true }).fill("short1");
  if (test.info().project.name === "js") {
    await expect(dialog(page).getByRole("meter", { name: "Password strength" })).toBeVisible();
    await expect(dialog(page).getByText("Too weak")).toBeVisible();
  }
  await dialog(page).getByLabel("Email").fill("not-an-email");
  await dialog(page).getByLabel("Status").selectOption("Active");
  await dialog(page).getByLabel("Role").selectOption("Support");
  await dialog(page).getByLabel("Bookings", { exact: true }).check();
  await dialog(page).getByLabel("Contacts", { exact: true }).check();
  await dialog(page).getByRole("button", { name: "Add Admin User" }).click();
  await expect(dialog(page).getByText(PASSWORD_TOO_SHORT)).toBeVisible();
  await expect(dialog(page).getByText(EMAIL_INVALID)).toBeVisible();
  // what was typed stays (the password is typed again)
  await expect(dialog(page).getByLabel("Username")).toHaveValue(username);
  await expect(dialog(page).getByLabel("Bookings", { exact: true })).toBeChecked();

  await dialog(page).getByLabel("Password", { exact: true }).fill(PASSWORD);
  if (test.info().project.name === "js") await expect(dialog(page).getByText(/^(Good|Strong)$/)).toBeVisible();
  await dialog(page).getByLabel("Email").fill(`${username}@example.com`);
  await dialog(page).getByRole("button", { name: "Add Admin User" }).click();
  await expect(toasts(page)).toContainText(ADMIN_USER_ADDED);
  await expect(page).toHaveURL(new RegExp(`${LIST}$`));

  await page.goto(`${LIST}?search=${username}`);
  const row = page.getByRole("row", { name: new RegExp(username) });
  await expect(row).toContainText("Support");
  await expect(row).toContainText("Active");
  await expect(row).toContainText("Bookings, Contacts");

  const theirs = await otherBrowser(browser);
  try {
    const other = await theirs.newPage();
    await signIn(other, username);
    expect(await sidebarNames(other)).toEqual(["Dashboard", "Contact Leads", "Booking List"]);
    const bookings = await other.goto("/admin/bookings");
    expect(bookings?.status()).toBe(200);
    await expect(other.getByRole("heading", { level: 1 })).toBeVisible();
    for (const path of ["/admin/category", LIST, "/admin/payments", "/admin/service-provider-bank-details"]) {
      const response = await other.goto(path);
      expect(response?.status(), path).toBe(403);
      await expect(other.getByRole("heading", { name: "You do not have access to this page" })).toBeVisible();
    }
  } finally {
    await theirs.close();
  }
});

test("blocking an admin signs them out on their next request", async ({ page, browser, loginAs, apiCall }) => {
  const target = await newAdmin(apiCall, ["Bookings"]);
  const theirs = await otherBrowser(browser);
  try {
    const other = await theirs.newPage();
    await signIn(other, target.adminUsername);
    await other.goto("/admin/bookings");
    await expect(other).toHaveURL(/\/admin\/bookings$/);

    await loginAs("admin");
    await page.goto(`${LIST}?search=${target.adminUsername}`);
    await page.getByRole("link", { name: `Edit ${target.adminUsername}` }).click();
    await expect(dialog(page).getByRole("heading", { name: "Edit Admin User" })).toBeVisible();
    await expect(dialog(page).getByLabel("Username")).toHaveAttribute("readonly", "");
    await expect(dialog(page).getByLabel("Password", { exact: true })).toHaveCount(0);
    await dialog(page).getByLabel("Status").selectOption("Block");
    await dialog(page).getByRole("button", { name: "Save Changes" }).click();
    await expect(toasts(page)).toContainText(ADMIN_USER_UPDATED);
    await expect(page.getByRole("row", { name: new RegExp(target.adminUsername) })).toContainText("Block");

    await other.goto("/admin/bookings");
    await expect(other).toHaveURL(/\/admin\/login\?redirectTo=%2Fadmin%2Fbookings$/);
  } finally {
    await theirs.close();
  }
});

test("an admin cannot delete or block themselves: refused with the reason", async ({ page, apiCall }) => {
  const me = await newAdmin(apiCall, ["AdminUsers"]);
  await signIn(page, me.adminUsername);
  await page.goto(`${LIST}?search=${me.adminUsername}`);
  await expect(page.getByRole("row", { name: new RegExp(me.adminUsername) })).toContainText("(you)");

  await page.getByRole("link", { name: `Delete ${me.adminUsername}` }).click();
  await expect(dialog(page).getByText(CANNOT_DELETE_SELF)).toBeVisible();
  await dialog(page).getByRole("button", { name: "Confirm Delete" }).click();
  await expect(toasts(page)).toContainText(ADMIN_USER_DELETE_FAILED);
  await expect(toasts(page)).toContainText(CANNOT_DELETE_SELF);

  await page.getByRole("link", { name: `Edit ${me.adminUsername}` }).click();
  await dialog(page).getByLabel("Status").selectOption("Block");
  await dialog(page).getByRole("button", { name: "Save Changes" }).click();
  await expect(dialog(page).getByRole("alert").filter({ hasText: CANNOT_BLOCK_SELF })).toBeVisible();
  await expect(dialog(page).getByLabel("Status")).toHaveValue("Block");
  await page.goto(`${LIST}?search=${me.adminUsername}`);
  await expect(page.getByRole("row", { name: new RegExp(me.adminUsername) })).toContainText("Active");
});

test("the last Active admin with All Access cannot be deleted or blocked: refused with the reason", async ({ page, apiCall }) => {
  // "admin" must be the only Active admin with All Access here, or this test would really change it
  const everyone = await apiCall<{ data: Admin[] }>("/get-all-admin-users?page_size=200");
  const holders = everyone.data.filter((a) => a.adminStatus === "Active" && a.adminAccessRoleSettings.includes("*"));
  expect(holders.map((a) => a.adminUsername)).toEqual(["admin"]);

  const manager = await newAdmin(apiCall, ["AdminUsers"]);
  await signIn(page, manager.adminUsername);
  await page.goto(`${LIST}?search=admin@marketplace.test`);
  await page.getByRole("link", { name: "Delete admin", exact: true }).click();
  await dialog(page).getByRole("button", { name: "Confirm Delete" }).click();
  await expect(toasts(page)).toContainText(ADMIN_USER_DELETE_FAILED);
  await expect(toasts(page)).toContainText(lastAllAccessAdmin("admin", "delete"));

  await page.getByRole("link", { name: "Edit admin", exact: true }).click();
  await expect(dialog(page).getByLabel("All Access")).toBeChecked();
  await dialog(page).getByLabel("Status").selectOption("Block");
  await dialog(page).getByRole("button", { name: "Save Changes" }).click();
  await expect(dialog(page).getByRole("alert").filter({ hasText: lastAllAccessAdmin("admin", "update") })).toBeVisible();
  const root = (await apiCall<{ data: Admin[] }>("/get-all-admin-users?search=admin@marketplace.test")).data[0];
  expect(root).toMatchObject({ adminStatus: "Active", adminAccessRoleSettings: ["*"] });
});

test("delete an admin user after the confirmation; Cancel keeps them", async ({ page, loginAs, apiCall }) => {
  const target = await newAdmin(apiCall, ["Contacts"]);
  await loginAs("admin");
  await page.goto(`${LIST}?search=${target.adminUsername}`);
  await page.getByRole("link", { name: `Delete ${target.adminUsername}` }).click();
  await expect(page).toHaveURL(/dialog=delete/);
  await dialog(page).getByRole("link", { name: "Cancel" }).click();
  await expect(page).not.toHaveURL(/dialog=/);
  await expect(page.getByRole("row", { name: new RegExp(target.adminUsername) })).toBeVisible();

  await page.getByRole("link", { name: `Delete ${target.adminUsername}` }).click();
  await expect(dialog(page)).toContainText(target.adminUsername);
  await dialog(page).getByRole("button", { name: "Confirm Delete" }).click();
  await expect(toasts(page)).toContainText(ADMIN_USER_DELETED);
  await expect(page).toHaveURL(new RegExp(`search=${target.adminUsername}$`));
  await expect(page.getByText("No admin users found")).toBeVisible();
});
