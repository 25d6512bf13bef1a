/**
 * Two-factor sign-in in the browser (issue 36), with JavaScript on and off: setting it up on
 * Profile (the code computed here from the key the page shows), the recovery codes as a file, the
 * second sign-in page (a double click on Verify too), a recovery code, and under the policy the
 * setup right after the password and an All Access admin's reset. The policy belongs to this
 * worker's own stack (nothing else runs on it meanwhile) and is turned off again in finally.
 */
import { readFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import { generate } from "otplib";
import { ACTING_ADMIN_HEADER } from "~contract/api";
import { expect, test, type apiCall as ApiCall } from "./fixtures";
import { signInAs } from "./new-admin";

const PASSWORD = "Two-factor-e2e-1";
const suffix = () => Math.random().toString(36).slice(2, 8);
const toasts = (page: Page) => page.locator(".toasts");

/** The code the app shows `offsetSteps` 30-second steps from now (each step is accepted once per account). */
const codeAt = (secret: string, offsetSteps = 0) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + offsetSteps * 30 });

async function newAdmin(apiCall: typeof ApiCall, access: string[]) {
  const username = `tfa-${suffix()}`;
  const { data } = await apiCall<{ data: { adminUserId: number } }>("/register-admin-user", {
    method: "POST",
    actingAdmin: "admin",
    body: {
      adminUsername: username,
      adminPassword: PASSWORD,
      adminEmail: `${username}@example.com`,
      adminStatus: "Active",
      adminRole: "Support",
      adminAccessRoleSettings: access,
    },
  });
  return { username, id: data.adminUserId };
}

async function passwordStep(page: Page, username: string) {
  await page.context().clearCookies();
  await page.goto("/admin/login");
  const form = page.getByRole("form", { name: "Admin sign-in" });
  await form.getByLabel("Username").fill(username);
  await form.getByLabel("Password").fill(PASSWORD);
  await form.getByRole("button", { name: "Login" }).click();
}

/** Reads the key the setup shows (grouped by four for reading) and types the app's current code. */
async function confirmSetup(page: Page, offsetSteps = 0): Promise<string> {
  await expect(page.locator(".two-factor-qr svg")).toBeVisible();
  const secret = ((await page.getByTestId("two-factor-secret").textContent()) ?? "").replace(/\s/g, "");
  expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
  await page.getByLabel("Code from the app").fill(await codeAt(secret, offsetSteps));
  await page.getByRole("button", { name: "Turn on" }).click();
  return secret;
}

async function recoveryCodesShown(page: Page): Promise<string[]> {
  const list = page.getByRole("list", { name: "Your recovery codes" });
  await expect(list.getByRole("listitem")).toHaveCount(10);
  return list.getByRole("listitem").allTextContents();
}

test("set up on Profile, keep the codes as a file, then sign in with a code and with a recovery code", async ({ page, apiCall }) => {
  const admin = await newAdmin(apiCall, ["Category"]);
  await passwordStep(page, admin.username);
  await expect(page).toHaveURL(/\/admin$/);

  await page.goto("/admin/profile");
  const card = page.getByRole("region", { name: "Two-factor sign-in" });
  await expect(card.getByTestId("two-factor-state")).toHaveText("Off");
  await card.getByRole("button", { name: "Set up two-factor sign-in" }).click();
  // a wrong code first: refused, the same key still shown
  await expect(page.getByTestId("two-factor-secret")).toBeVisible();
  const shownKey = await page.getByTestId("two-factor-secret").textContent();
  // the code of five steps (2½ minutes) from now: not accepted
  await page.getByLabel("Code from the app").fill(await codeAt((shownKey ?? "").replace(/\s/g, ""), 5));
  await page.getByRole("button", { name: "Turn on" }).click();
  await expect(page.getByText("That code is not right").first()).toBeVisible();
  await expect(page.getByTestId("two-factor-secret")).toHaveText(shownKey ?? "");

  const secret = await confirmSetup(page);
  const codes = await recoveryCodesShown(page);
  expect(new Set(codes).size).toBe(10);
  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Download the codes (.txt)" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe("recovery-codes.txt");
  const text = await readFile((await file.path())!, "utf8");
  for (const code of codes) expect(text).toContain(code);

  await page.goto("/admin/profile");
  await expect(card.getByTestId("two-factor-state")).toHaveText("On");
  await expect(card.getByTestId("recovery-codes-left")).toHaveText("10");

  // signing in now asks for the code; a wrong one is refused, the right one (double-clicked) signs in
  await passwordStep(page, admin.username);
  await expect(page).toHaveURL(/\/admin\/login\/two-factor$/);
  const code = page.getByLabel("Authentication code");
  await code.fill(await codeAt(secret, 3));
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page.getByText("That code is not right").first()).toBeVisible();
  await code.fill(await codeAt(secret, 1));
  await page.getByRole("button", { name: "Verify" }).dblclick();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(toasts(page)).toContainText("Login Successful");

  // a recovery code signs in once, and says how many are left
  await passwordStep(page, admin.username);
  await page.getByLabel("Authentication code").fill(codes[0]);
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(toasts(page)).toContainText("9 left");
  await passwordStep(page, admin.username);
  await page.getByLabel("Authentication code").fill(codes[0]);
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page.getByText("That code is not right").first()).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/login\/two-factor$/);
});

test("under the policy a Payment admin sets it up right after the password; an All Access admin resets it", async ({
  page,
  browser,
  apiCall,
}, testInfo) => {
  // the chief: All Access, signed in, with two-factor on (set up through the API with a computed code)
  const chief = await newAdmin(apiCall, ["*"]);
  await signInAs(page.context(), apiCall, chief.id);
  const asChief = { [ACTING_ADMIN_HEADER]: String(chief.id) };
  const pending = await apiCall<{ data: { secret: string } }>("/admin-two-factor/enrolment", {
    method: "POST",
    headers: asChief,
    body: { adminUserId: chief.id },
  });
  await apiCall("/admin-two-factor/enrolment/confirm", {
    method: "POST",
    headers: asChief,
    body: { adminUserId: chief.id, code: await codeAt(pending.data.secret) },
  });
  const payer = await newAdmin(apiCall, ["Payment"]);

  try {
    await page.goto("/admin/list-admin-users");
    const policy = page.getByRole("region", { name: "Two-factor sign-in policy" });
    await policy.getByRole("checkbox").check();
    await policy.getByRole("button", { name: "Save policy" }).click();
    await expect(toasts(page)).toContainText("Two-factor sign-in is now required");
    await expect(policy.getByRole("checkbox")).toBeChecked();

    // the payer, in a browser of their own: the setup comes right after the password
    const context = await browser.newContext({
      javaScriptEnabled: testInfo.project.name === "js",
      baseURL: testInfo.project.use.baseURL,
      reducedMotion: "reduce",
    });
    const payerPage = await context.newPage();
    await passwordStep(payerPage, payer.username);
    await expect(payerPage).toHaveURL(/\/admin\/login\/two-factor-setup$/);
    await expect(payerPage.getByRole("heading", { name: "Set up two-factor sign-in" })).toBeVisible();
    // nothing else opens until it is set up
    await payerPage.goto("/admin/payments");
    await expect(payerPage).toHaveURL(/\/admin\/login/);
    await payerPage.goto("/admin/login/two-factor-setup");
    await confirmSetup(payerPage);
    await recoveryCodesShown(payerPage);
    await payerPage.getByRole("link", { name: "I have kept my codes: continue" }).click();
    await expect(payerPage).toHaveURL(/\/admin$/);
    await payerPage.goto("/admin/payments");
    await expect(payerPage.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(payerPage).toHaveURL(/\/admin\/payments$/);

    // the chief resets it: the payer is signed out and sets it up again at the next sign-in
    await page.goto("/admin/list-admin-users");
    await page.getByRole("link", { name: `Reset two-factor of ${payer.username}` }).click();
    const dialog = page.getByRole("dialog", { name: "Reset this admin's two-factor sign-in?" });
    await dialog.getByRole("button", { name: "Reset two-factor" }).click();
    await expect(toasts(page)).toContainText(`Two-factor sign-in of ${payer.username} was reset`);
    await payerPage.goto("/admin/payments");
    await expect(payerPage).toHaveURL(/\/admin\/login/);
    await passwordStep(payerPage, payer.username);
    await expect(payerPage).toHaveURL(/\/admin\/login\/two-factor-setup$/);
    await context.close();
  } finally {
    await apiCall("/two-factor-policy", { method: "PUT", headers: asChief, body: { require_two_factor: false } });
  }
});

test("a provider turns it on from the dashboard, then signs in with a code", async ({ page, apiCall }) => {
  const { data: account } = await apiCall<{ data: { username: string } }>("/test-fixtures/provider-accounts", {
    method: "POST",
    body: { password: PASSWORD },
  });
  const providerPasswordStep = async () => {
    await page.goto("/provider/login?redirectTo=%2Fprovider%2Fprovider-dashboard");
    const form = page.getByRole("form", { name: "Provider sign-in" });
    await form.getByLabel("Username").fill(account.username);
    await form.getByLabel("Password").fill(PASSWORD);
    await form.getByRole("button", { name: "Sign In" }).click();
  };
  await providerPasswordStep();
  await expect(page).toHaveURL(/\/provider\/provider-dashboard$/);
  const card = page.getByRole("region", { name: "Two-factor sign-in" });
  await expect(card.getByTestId("two-factor-state")).toHaveText("Off");
  await card.getByRole("button", { name: "Set up two-factor sign-in" }).click();
  const secret = await confirmSetup(page);
  const codes = await recoveryCodesShown(page);
  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Download the codes (.txt)" }).click();
  const text = await readFile((await (await download).path())!, "utf8");
  expect(text).toContain(codes[9]);
  expect(text).toContain(account.username);

  await page.goto("/provider/provider-dashboard");
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/provider\/login/);
  await providerPasswordStep();
  await expect(page).toHaveURL(/\/provider\/login\/two-factor$/);
  await page.getByLabel("Authentication code").fill(await codeAt(secret, 1));
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page).toHaveURL(/\/provider\/provider-dashboard$/);
  await expect(page.getByRole("region", { name: "Two-factor sign-in" }).getByTestId("two-factor-state")).toHaveText("On");
});
