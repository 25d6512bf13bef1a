/**
 * Signing the browser in as an admin made for the test (issue 29's area rules need admins the demo
 * data does not have): a real session in the API, its signed cookie in the browser context.
 */
import type { BrowserContext } from "@playwright/test";
import { createCookie } from "@remix-run/node";
import { ROUTES_TEST_ENV } from "../support/test-env.mjs";
import { E2E, type apiCall as ApiCall } from "./fixtures";

const suffix = () => Math.random().toString(36).slice(2, 8);

/** Signs the browser in as a new Active admin holding these areas (a real session in the API); answers their id and username. */
export async function loginAsNewAdmin(context: BrowserContext, apiCall: typeof ApiCall, access: string[]) {
  const username = `e2e-${suffix()}`;
  const admin = (
    await apiCall<{ data: { adminUserId: number; adminUsername: string; updated_at: string } }>("/register-admin-user", {
      method: "POST",
      actingAdmin: "admin",
      body: {
        adminUsername: username,
        adminPassword: "E2e-area-pass-1",
        adminEmail: `${username}@example.com`,
        adminStatus: "Active",
        adminRole: "Support",
        adminAccessRoleSettings: access,
      },
    })
  ).data;
  await signInAs(context, apiCall, admin.adminUserId);
  return admin;
}
export async function signInAs(context: BrowserContext, apiCall: typeof ApiCall, adminUserId: number) {
  const session = await apiCall<{ data: { token: string } }>("/admin-sessions", {
    method: "POST",
    body: { adminUserId, user_agent: "Playwright", address: "127.0.0.1", idle_seconds: 3600, absolute_seconds: 86_400 },
  });
  const cookie = createCookie("__admin_session", { secrets: [ROUTES_TEST_ENV.SESSION_SECRET], path: "/" });
  const value = (await cookie.serialize(session.data.token)).split(";")[0].slice("__admin_session=".length);
  await context.clearCookies({ name: "__admin_session" });
  await context.addCookies([
    { name: "__admin_session", value, domain: new URL(E2E.adminUrl).hostname, path: "/", httpOnly: true, secure: false, sameSite: "Lax" },
  ]);
}
