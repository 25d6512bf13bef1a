/**
 * Playwright fixtures: `loginAs(name)` opens a real admin session in the API and puts its signed
 * cookie in the browser context; `apiCall(path, init)` calls the e2e API directly with the secret,
 * for setting up data (tests/support/api-client.ts, shared with the routes tests). Each worker has
 * a stack of its own (E2E: its admin, API and database), so a test sees no other worker's changes. Every page is
 * watched for Content-Security-Policy violations: a test that causes one fails.
 */
import { test as base, expect, type Page, type TestInfo } from "@playwright/test";
import { createCookie } from "@remix-run/node";
import type { DemoAdminName } from "../../api/src/seed/demo-admins";
import { apiClient } from "../support/api-client";
import { E2E, ROUTES_TEST_ENV } from "../support/test-env.mjs";

export type { DemoAdminName } from "../../api/src/seed/demo-admins";
export { E2E };

// Same cookie as app/services/session.server.ts, signed with the e2e server's SESSION_SECRET: its
// value is the token of a session opened in the API.
const SESSION_COOKIE = "__admin_session";
const sessionCookie = createCookie(SESSION_COOKIE, { secrets: [ROUTES_TEST_ENV.SESSION_SECRET], path: "/" });

export { ApiCallError, type ApiCallInit } from "../support/api-client";
export const { apiCall, adminUserIdOf, openSession } = apiClient(() => ({
  url: E2E.apiUrl,
  apiKey: E2E.apiKey,
  apiKeyHeader: E2E.apiKeyHeader,
}));

/** The value of a signed session cookie of a new session for this demo admin. */
export async function sessionCookieValue(name: DemoAdminName): Promise<string> {
  const { token } = await openSession(name, "Playwright");
  const setCookie = await sessionCookie.serialize(token);
  return setCookie.split(";")[0].slice(SESSION_COOKIE.length + 1);
}

type Fixtures = {
  loginAs: (name: DemoAdminName) => Promise<void>;
  apiCall: typeof apiCall;
  /** CSP violations the page reported (checked after every test) */
  cspViolations: string[];
};

export const test = base.extend<Fixtures>({
  // this worker's own stack (tests/support/e2e-server.mjs): its admin, on its own API and database
  // eslint-disable-next-line no-empty-pattern
  baseURL: async ({}, use) => {
    await use(E2E.adminUrl);
  },
  /**
   * With JavaScript on, a page's scripts start after its first paint (deferred-scripts.server.ts),
   * after the load event Playwright's goto waits for. A click before that is a plain link or form
   * post (the no-JS behaviour, which works); the JS project tests the scripted one, so its page.goto
   * and page.reload also wait until Remix has started (it creates its router as it hydrates; React
   * replays clicks that come during hydration).
   */
  page: async ({ page }, use, testInfo) => {
    if (testInfo.project.name === "js") {
      const started = () => page.waitForFunction(() => "__remixRouter" in window, undefined, { timeout: 15_000 });
      const goto = page.goto.bind(page);
      const reload = page.reload.bind(page);
      page.goto = async (...args) => {
        const response = await goto(...args);
        if (response?.headers()["content-type"]?.startsWith("text/html")) await started();
        return response;
      };
      page.reload = async (...args) => {
        const response = await reload(...args);
        if (response?.headers()["content-type"]?.startsWith("text/html")) await started();
        return response;
      };
    }
    await use(page);
  },
  cspViolations: [
    async ({ page }, use) => {
      const violations: string[] = [];
      page.on("console", (message) => {
        if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
      });
      await use(violations);
      expect(violations, "Content-Security-Policy violations on this test's pages").toEqual([]);
    },
    { auto: true },
  ],
  loginAs: async ({ context, baseURL }, use) => {
    await use(async (name) => {
      const url = new URL(baseURL ?? E2E.adminUrl);
      await context.clearCookies({ name: SESSION_COOKIE });
      await context.addCookies([
        {
          name: SESSION_COOKIE,
          value: await sessionCookieValue(name),
          domain: url.hostname,
          path: "/",
          httpOnly: true,
          secure: false,
          sameSite: "Lax",
        },
      ]);
    });
  },
  // eslint-disable-next-line no-empty-pattern
  apiCall: async ({}, use) => {
    await use(apiCall);
  },
});

export { expect };

/**
 * Clicks a sortable column's header and waits until the table says it is sorted that way
 * (`aria-sort`). With JS the URL changes before React renders the new table, so a second click
 * right after the URL check could still hit the old header link; waiting for the header itself
 * makes each click act on the table it follows.
 */
export async function sortByHeader(page: Page, header: string, order: "ascending" | "descending") {
  const th = page.getByRole("columnheader", { name: header });
  await th.getByRole("link").click();
  await expect(th).toHaveAttribute("aria-sort", order);
}

/**
 * Types HTML into a rich-text field (FAQs, posts, terms, email templates): without JS the field is
 * the HTML textarea; with JS the lexical editor covers it (loaded on demand) and its "Edit HTML"
 * view shows the same textarea.
 */
export async function fillRichTextHtml(page: Page, testInfo: TestInfo, name: string, html: string) {
  if (testInfo.project.name === "js") {
    const toggle = page.getByRole("button", { name: "Edit HTML" });
    await expect(toggle.or(page.getByRole("button", { name: "Rich text" }))).toBeVisible({ timeout: 30_000 });
    if (await toggle.isVisible()) await toggle.click();
  }
  await page.locator(`textarea[name="${name}"]`).fill(html);
}

/** Fills the Add/Edit Subscription form (labels as the page gives them); Plan Duration is an option's value or label. */
export async function fillPlanForm(
  page: Page,
  plan: {
    name: string;
    amount: string;
    fee: string;
    points: string;
    duration: string | { label: string };
    approvalDays: string;
    status: "Active" | "Inactive";
  },
) {
  await page.getByLabel("Plan Name").fill(plan.name);
  await page.getByLabel("Plan Amount (₹)").fill(plan.amount);
  await page.getByLabel("Service Fee").fill(plan.fee);
  await page.getByLabel("Booster Points").fill(plan.points);
  await page.getByLabel("Plan Duration").selectOption(plan.duration);
  await page.getByLabel("Approval Time").fill(plan.approvalDays);
  await page.getByLabel("Status").selectOption(plan.status);
}

const NEW_ADMIN_PASSWORD = "E2e-admin-pass-42";

/** Signs in through the sign-in form (this page's browser, its cookies cleared first). */
export async function signInThroughForm(page: Page, username: string, password = NEW_ADMIN_PASSWORD) {
  await page.context().clearCookies();
  await page.goto("/admin/login");
  const form = page.getByRole("form", { name: "Admin sign-in" });
  await form.getByLabel("Username").fill(username);
  await form.getByLabel("Password").fill(password);
  await form.getByRole("button", { name: "Login" }).click();
  await expect(page).toHaveURL(/\/admin$/);
}

/**
 * A new Active admin with this access (its own: views, defaults and preferences no other test
 * shares), signed in through the sign-in form of this page's browser. Returns the username.
 */
export async function signInAsNewAdmin(page: Page, access: string[]): Promise<string> {
  const username = `e2e-${Math.random().toString(36).slice(2, 10)}`;
  await apiCall("/register-admin-user", {
    method: "POST",
    actingAdmin: "admin",
    body: {
      adminUsername: username,
      adminPassword: NEW_ADMIN_PASSWORD,
      adminEmail: `${username}@example.com`,
      adminStatus: "Active",
      adminRole: "Support",
      adminAccessRoleSettings: access,
    },
  });
  await signInThroughForm(page, username);
  return username;
}
