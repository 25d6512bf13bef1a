import { DEMO_ADMINS } from "../../api/src/seed/demo-admins";
import { expect, test } from "./fixtures";
import type { Page } from "@playwright/test";

function signInForm(page: Page) {
  return page.getByRole("form", { name: "Admin sign-in" });
}

async function signIn(page: Page, username: string, password: string) {
  const form = signInForm(page);
  await form.getByLabel("Username").fill(username);
  await form.getByLabel("Password").fill(password);
  await form.getByRole("button", { name: "Login" }).click();
}

test("a wrong password shows the API's message beside the form and keeps the username", async ({ page }) => {
  await page.goto("/admin/login");
  await signIn(page, "admin", "not-the-password");
  const form = signInForm(page);
  await expect(form.getByRole("alert")).toBeVisible();
  await expect(form.getByRole("alert")).not.toHaveText("");
  // a refused password is not an outage
  await expect(form.getByRole("alert")).not.toContainText("not answering");
  await expect(form.getByLabel("Username")).toHaveValue("admin");
  await expect(form.getByLabel("Password")).toHaveValue("");
  await expect(page).toHaveURL(/\/admin\/login/);
});

test("an inactive account is refused with 'Your Account is not Active'", async ({ page }) => {
  await page.goto("/admin/login");
  await signIn(page, "technical", DEMO_ADMINS.technical.password);
  await expect(signInForm(page).getByRole("alert")).toHaveText("Your Account is not Active");
  await page.goto("/admin");
  await expect(page).toHaveURL(/\/admin\/login\?redirectTo=%2Fadmin$/);
});

test("a deep link asks to sign in, then returns to the same URL with a toast", async ({ page }) => {
  await page.goto("/admin/category?page=2");
  await expect(page).toHaveURL(/\/admin\/login\?redirectTo=%2Fadmin%2Fcategory%3Fpage%3D2$/);
  await signIn(page, "catalog", DEMO_ADMINS.catalog.password);
  await expect(page).toHaveURL(/\/admin\/category\?page=2$/);
  await expect(page.getByRole("status").filter({ hasText: "Login Successful" })).toBeVisible();
});

test("an already signed-in admin skips the login page", async ({ page, loginAs }) => {
  await loginAs("admin");
  await page.goto("/admin/login?redirectTo=%2Fadmin%2Fprofile");
  await expect(page).toHaveURL(/\/admin\/profile$/);
});

test("logout from the user menu ends the session", async ({ page, loginAs }) => {
  await loginAs("admin");
  await page.goto("/admin");
  await page.locator("summary", { hasText: "admin: user menu" }).click();
  await page.getByRole("button", { name: "Logout" }).click();
  await expect(page).toHaveURL(/\/admin\/login\?redirectTo=%2Fadmin$/);
  await page.goto("/admin/profile");
  await expect(page).toHaveURL(/\/admin\/login/);
});

test("issue 29: too many failed sign-ins answer 429 with Retry-After, and the page says when to try again", async ({ page }) => {
  // a name of this test's own (unknown names are counted like known ones), so no other test's pair is blocked
  const username = `throttled.${test.info().project.name}.${Date.now().toString(36)}`;
  await page.goto("/admin/login");
  const attempt = async () => {
    const answer = page.waitForResponse((r) => r.request().method() === "POST" && new URL(r.url()).pathname.startsWith("/admin/login"));
    await signIn(page, username, "not-the-password");
    return answer;
  };
  for (let i = 1; i <= 9; i++) {
    expect((await attempt()).status(), `attempt ${i}`).toBe(400);
    await expect(signInForm(page).getByRole("alert")).toHaveText("Invalid username or password");
  }
  const tenth = await attempt();
  expect(tenth.status()).toBe(429);
  expect(Number(tenth.headers()["retry-after"])).toBeGreaterThan(14 * 60);
  await expect(signInForm(page).getByRole("alert")).toHaveText(
    /^Too many failed sign-in attempts for this username from this address\. Try again in 1[45] minutes\.$/,
  );
  await expect(signInForm(page).getByLabel("Username")).toHaveValue(username);
});
