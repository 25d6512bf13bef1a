/**
 * Playwright fixtures: `loginAs(name)` puts a real admin session cookie in the browser context;
 * `apiCall(path, init)` calls the e2e API directly with the secret, for setting up data
 * (tests/support/api-client.ts, shared with the routes tests).
 */
import { test as base, expect } from "@playwright/test";
import { createCookieSessionStorage } from "@remix-run/node";
import type { DemoAdminName } from "../../api/src/seed/demo-admins";
import { apiClient } from "../support/api-client";
import { E2E, ROUTES_TEST_ENV } from "../support/test-env.mjs";

export type { DemoAdminName } from "../../api/src/seed/demo-admins";
export { E2E };

// Same cookie as app/services/session.server.ts, signed with the e2e server's SESSION_SECRET.
const SESSION_COOKIE = "__admin_session";
const storage = createCookieSessionStorage({
  cookie: {
    name: SESSION_COOKIE,
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    secure: false,
    secrets: [ROUTES_TEST_ENV.SESSION_SECRET],
    maxAge: 60 * 60 * 12,
  },
});

export { ApiCallError, type ApiCallInit } from "../support/api-client";
export const { apiCall, adminUserIdOf } = apiClient(() => ({ url: E2E.apiUrl, apiKey: E2E.apiKey, apiKeyHeader: E2E.apiKeyHeader }));

/** The value of a signed session cookie for this demo admin. */
export async function sessionCookieValue(name: DemoAdminName): Promise<string> {
  const session = await storage.getSession();
  session.set("adminUserId", await adminUserIdOf(name));
  const setCookie = await storage.commitSession(session);
  return setCookie.split(";")[0].slice(SESSION_COOKIE.length + 1);
}

type Fixtures = {
  loginAs: (name: DemoAdminName) => Promise<void>;
  apiCall: typeof apiCall;
};

export const test = base.extend<Fixtures>({
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
