/**
 * Provider sign-in in the browser, with JavaScript on and off: sign-in (a wrong password, then the
 * right one), the dashboard, sign-out, sign-up, and that a provider's cookie never opens /admin.
 */
import type { Page } from "@playwright/test";
import { PROVIDER_AUTH_MESSAGES as M } from "~contract/provider-auth-labels";
import { expect, test } from "./fixtures";

const PASSWORD = "Provider@E2e12345";

type Account = { serviceProvider_id: number; user_id: number; username: string };

async function signIn(page: Page, username: string, password: string) {
  const form = page.getByRole("form", { name: "Provider sign-in" });
  await form.getByLabel("Username").fill(username);
  await form.getByLabel("Password").fill(password);
  await form.getByRole("button", { name: "Sign In" }).click();
}

test("a wrong password is refused beside the form; the right one signs in; the dashboard shows the status and the edit link; sign out ends it", async ({
  page,
  apiCall,
}) => {
  const { data: account } = await apiCall<{ data: Account }>("/test-fixtures/provider-accounts", {
    method: "POST",
    body: { password: PASSWORD },
  });
  await page.goto("/provider/provider-dashboard");
  await expect(page).toHaveURL(/\/provider\/login\?redirectTo=%2Fprovider%2Fprovider-dashboard$/);
  await expect(page).toHaveTitle("Provider | Sign In");
  await expect(page.getByRole("heading", { name: "Provider Sign In" })).toBeVisible();

  await signIn(page, account.username, "Wrong@Password1");
  const form = page.getByRole("form", { name: "Provider sign-in" });
  await expect(form.getByRole("alert")).toHaveText(M.wrongCredentials);
  await expect(form.getByLabel("Username")).toHaveValue(account.username);
  await expect(form.getByLabel("Password")).toHaveValue("");

  await signIn(page, account.username, PASSWORD);
  await expect(page).toHaveURL(/\/provider\/provider-dashboard$/);
  await expect(page).toHaveTitle("Provider | Dashboard");
  await expect(page.getByRole("status").filter({ hasText: M.signedIn })).toBeVisible();
  await expect(page.getByTestId("provider-name")).toHaveText(/^Test Provider /);
  await expect(page.getByTestId("profile-status")).toHaveText("Active");
  await expect(page.getByTestId("profile-stage")).toHaveText("Partial");
  await expect(page.getByRole("list", { name: "Profile steps" })).toContainText("Categories: not saved yet");
  await expect(page.getByRole("link", { name: "Edit profile" })).toHaveAttribute("href", "/provider/complete-profile");
  // no admin sidebar in the provider's pages
  await expect(page.getByRole("link", { name: "Dashboard", exact: true })).toHaveCount(0);

  // the cookie is HttpOnly, SameSite=Lax, only sent under /provider
  const cookie = (await page.context().cookies()).find((c) => c.name === "__provider_session");
  expect(cookie).toMatchObject({ httpOnly: true, sameSite: "Lax", path: "/provider" });
  expect(await page.evaluate(() => document.cookie)).not.toContain("__provider_session");

  // the marketplace's name leads home: for a provider not registered yet, the wizard
  await page.getByRole("banner").getByRole("link").first().click();
  await expect(page).toHaveURL(/\/provider\/complete-profile\?step=categories$/);
  await page.goto("/provider/provider-dashboard");

  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/provider\/login$/);
  await expect(page.getByRole("status").filter({ hasText: M.signedOut })).toBeVisible();
  await page.goto("/provider/provider-dashboard");
  await expect(page).toHaveURL(/\/provider\/login\?redirectTo=/);
});

test("a provider on Hold sees their profile under review", async ({ page, apiCall }) => {
  const { data: account } = await apiCall<{ data: Account }>("/test-fixtures/provider-accounts", {
    method: "POST",
    body: { password: PASSWORD },
  });
  await apiCall(`/update-user?user_id=${account.user_id}`, { method: "PUT", body: { status: "Hold" }, actingAdmin: "admin" });
  await page.goto("/provider/login");
  await signIn(page, account.username, PASSWORD);
  // not registered yet: the wizard (the lead's page) opens
  await expect(page).toHaveURL(/\/provider\/complete-profile\?step=categories$/);
  await page.goto("/provider/provider-dashboard");
  await expect(page.getByTestId("profile-status")).toHaveText("Under review");
  await expect(page.getByText("Your profile is under review by the marketplace.")).toBeVisible();
});

test("a blocked account is told why", async ({ page, apiCall }) => {
  const { data: account } = await apiCall<{ data: Account }>("/test-fixtures/provider-accounts", {
    method: "POST",
    body: { password: PASSWORD, is_active: false },
  });
  await page.goto("/provider/login");
  await signIn(page, account.username, PASSWORD);
  await expect(page.getByRole("form", { name: "Provider sign-in" }).getByRole("alert")).toHaveText(M.blocked);
});

test("sign-up creates the account, signs in and opens the wizard", async ({ page }) => {
  const username = `e2e.signup.${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
  await page.goto("/provider/login");
  await page.getByRole("link", { name: "Create a provider account" }).click();
  await expect(page).toHaveURL(/\/provider\/sign-up$/);
  await expect(page).toHaveTitle("Provider | Sign Up");
  const form = page.getByRole("form", { name: "Provider sign-up" });
  await form.getByLabel("Username").fill(username);
  await form.getByLabel("First Name").fill("Kavya");
  await form.getByLabel("Last Name").fill("Menon");
  await form.getByLabel("Email").fill(`${username}@example.in`);
  await form.getByLabel("Phone").fill("+91 9000012345");
  await form.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await form.getByLabel("Confirm Password").fill("Something@Else1");
  await form.getByRole("button", { name: "Create Account" }).click();
  // refused: the message beside the field, what was typed kept
  await expect(page.getByText(M.passwordsDiffer)).toBeVisible();
  await expect(form.getByLabel("Username")).toHaveValue(username);
  await expect(form.getByLabel("Email")).toHaveValue(`${username}@example.in`);
  await form.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await form.getByLabel("Confirm Password").fill(PASSWORD);
  await form.getByRole("button", { name: "Create Account" }).click();
  await expect(page).toHaveURL(/\/provider\/complete-profile\?step=categories$/);
});

test("a signed-in provider opening /admin gets the admin sign-in", async ({ page, apiCall }) => {
  const { data: account } = await apiCall<{ data: Account }>("/test-fixtures/provider-accounts", {
    method: "POST",
    body: { password: PASSWORD },
  });
  await page.goto("/provider/login");
  await signIn(page, account.username, PASSWORD);
  await expect(page).toHaveURL(/\/provider\/complete-profile\?step=categories$/);
  await page.goto("/admin");
  await expect(page).toHaveURL(/\/admin\/login\?redirectTo=%2Fadmin$/);
  await expect(page.getByRole("form", { name: "Admin sign-in" })).toBeVisible();
});

test("a sign-in posted from another site is refused", async ({ page, baseURL }) => {
  const answer = await page.request.post(`${baseURL}/provider/login`, {
    headers: { Origin: "http://evil.example", "Content-Type": "application/x-www-form-urlencoded" },
    data: "username=demo.provider&password=x",
  });
  expect(answer.status()).toBe(403);
});

test("issue 29: too many failed sign-ins answer 429 with Retry-After, and the page says when to try again", async ({ page }) => {
  const username = `throttled.${test.info().project.name}.${Date.now().toString(36)}`;
  await page.goto("/provider/login");
  const form = page.getByRole("form", { name: "Provider sign-in" });
  const attempt = async () => {
    const answer = page.waitForResponse((r) => r.request().method() === "POST" && new URL(r.url()).pathname.startsWith("/provider/login"));
    await signIn(page, username, "Wrong@Password1");
    return answer;
  };
  for (let i = 1; i <= 9; i++) {
    expect((await attempt()).status(), `attempt ${i}`).toBe(400);
    await expect(form.getByRole("alert")).toHaveText(M.wrongCredentials);
  }
  const tenth = await attempt();
  expect(tenth.status()).toBe(429);
  expect(Number(tenth.headers()["retry-after"])).toBeGreaterThan(14 * 60);
  await expect(form.getByRole("alert")).toHaveText(
    /^Too many failed sign-in attempts for this username from this address\. Try again in 1[45] minutes\.$/,
  );
});
