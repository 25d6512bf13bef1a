import type { Browser, Page } from "@playwright/test";
import { expect, test, type apiCall as ApiCall } from "./fixtures";

const suffix = () => Math.random().toString(36).slice(2, 8);
const toasts = (page: Page) => page.locator(".toasts");

/** An admin of this test's own (Contacts only, so it never counts as the last All Access admin). */
async function ownAdmin(apiCall: typeof ApiCall, password: string) {
  const adminUsername = `prof-${suffix()}`;
  await apiCall("/register-admin-user", {
    method: "POST",
    actingAdmin: "admin",
    body: {
      adminUsername,
      adminPassword: password,
      adminEmail: `${adminUsername}@example.com`,
      adminStatus: "Active",
      adminRole: "Support",
      adminAccessRoleSettings: ["Contacts"],
    },
  });
  return adminUsername;
}

async function signIn(page: Page, username: string, password: string) {
  await page.goto("/admin/login");
  const form = page.getByRole("form", { name: "Admin sign-in" });
  await form.getByLabel("Username").fill(username);
  await form.getByLabel("Password").fill(password);
  await form.getByRole("button", { name: "Login" }).click();
  return form;
}

async function newPage(browser: Browser, javaScriptEnabled: boolean) {
  const context = await browser.newContext({ javaScriptEnabled, baseURL: test.info().project.use.baseURL, reducedMotion: "reduce" });
  return context.newPage();
}

test("a password change: the old password and the other session stop working, the new one signs in", async ({
  page,
  browser,
  apiCall,
}, testInfo) => {
  const username = await ownAdmin(apiCall, "Profile-pass-1");
  await signIn(page, username, "Profile-pass-1");
  await expect(page).toHaveURL(/\/admin$/);
  const other = await newPage(browser, testInfo.project.name === "js");
  await signIn(other, username, "Profile-pass-1");
  await expect(other).toHaveURL(/\/admin$/);

  await page.goto("/admin/profile");
  await expect(page.getByText(username, { exact: true }).first()).toBeVisible();
  // refused first: the wrong current password, then a mismatch; nothing typed comes back
  await page.getByLabel("Current Password").fill("Not-my-pass-1");
  await page.getByLabel("New Password", { exact: true }).fill("Changed-pass-22");
  await page.getByLabel("Confirm New Password").fill("Changed-pass-22");
  await page.getByRole("button", { name: "Change Password" }).click();
  await expect(page.getByText("The current password is not correct")).toBeVisible();
  await expect(page.getByLabel("Current Password")).toHaveValue("");
  await page.getByLabel("Current Password").fill("Profile-pass-1");
  await page.getByLabel("New Password", { exact: true }).fill("Changed-pass-22");
  await page.getByLabel("Confirm New Password").fill("Changed-pass-23");
  await page.getByRole("button", { name: "Change Password" }).click();
  await expect(page.getByText("The new passwords do not match")).toBeVisible();

  await page.getByLabel("Current Password").fill("Profile-pass-1");
  await page.getByLabel("New Password", { exact: true }).fill("Changed-pass-22");
  await page.getByLabel("Confirm New Password").fill("Changed-pass-22");
  await page.getByRole("button", { name: "Change Password" }).click();
  await expect(toasts(page)).toContainText("Password changed. Your other sessions were signed out.");
  // this session stays; the other one is gone on its next request
  await page.goto("/admin/list-contacts");
  await expect(page).toHaveURL(/\/admin\/list-contacts/);
  await other.goto("/admin/list-contacts");
  await expect(other).toHaveURL(/\/admin\/login/);

  const refused = await signIn(other, username, "Profile-pass-1");
  await expect(refused.getByRole("alert")).toContainText("Invalid username or password");
  await signIn(other, username, "Changed-pass-22");
  await expect(other).toHaveURL(/\/admin$/);
  await other.context().close();
});

test("the appearance is kept for the admin and painted by the server: dark, then the device's", async ({
  page,
  browser,
  apiCall,
}, testInfo) => {
  const username = await ownAdmin(apiCall, "Profile-pass-1");
  await signIn(page, username, "Profile-pass-1");
  await expect(page).toHaveURL(/\/admin$/);
  await page.goto("/admin/profile");
  const theme = page.locator(".radix-themes[data-is-root-theme]");
  const background = () => theme.evaluate((element) => getComputedStyle(element).backgroundColor);
  await expect(theme).toHaveClass(/system-appearance/);
  const light = await background();

  await page.getByLabel("Dark").check();
  await page.getByRole("button", { name: "Save Appearance" }).click();
  await expect(toasts(page)).toContainText("Appearance saved");
  await expect(theme).toHaveClass(/\bdark\b/);
  const dark = await background();
  expect(dark).not.toBe(light);

  // another browser of the same admin gets it from the server, on its first page
  const other = await newPage(browser, testInfo.project.name === "js");
  await signIn(other, username, "Profile-pass-1");
  await expect(other).toHaveURL(/\/admin$/);
  await expect(other.locator(".radix-themes[data-is-root-theme]")).toHaveClass(/\bdark\b/);
  await other.context().close();

  // System follows the device, without a script
  await page.getByLabel("System").check();
  await page.getByRole("button", { name: "Save Appearance" }).click();
  await expect(toasts(page)).toContainText("Appearance saved");
  await expect(theme).toHaveClass(/system-appearance/);
  await page.emulateMedia({ colorScheme: "dark" });
  await expect.poll(background).toBe(dark);
  await page.emulateMedia({ colorScheme: "light" });
  await expect.poll(background).toBe(light);
});
