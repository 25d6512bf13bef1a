/**
 * Playwright fixtures: `loginAs(name)` puts a real admin session cookie in the browser context;
 * `apiCall(path, init)` calls the e2e API directly with the secret, for setting up data.
 */
import { test as base, expect } from "@playwright/test";
import { createCookieSessionStorage } from "@remix-run/node";
import { DEMO_ADMINS, type DemoAdminName } from "../../api/src/seed/demo-admins";
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

export type ApiCallInit = { method?: string; body?: unknown; actingAdmin?: DemoAdminName };

export class ApiCallError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
    path: string,
  ) {
    super(`API ${path} answered ${status}: ${typeof body === "string" ? body : JSON.stringify(body)}`);
    this.name = "ApiCallError";
  }
}

/** A direct call to the e2e API with the secret; the parsed JSON answer, ApiCallError on non-2xx. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function apiCall<T = any>(path: string, init: ApiCallInit = {}): Promise<T> {
  const headers = new Headers({ accept: "application/json", [E2E.apiKeyHeader]: E2E.apiKey });
  if (init.actingAdmin) headers.set("x-acting-admin", String(await adminUserIdOf(init.actingAdmin)));
  let body: string | undefined;
  if (init.body !== undefined) {
    headers.set("content-type", "application/json");
    body = JSON.stringify(init.body);
  }
  const response = await fetch(new URL(path.replace(/^\//, ""), E2E.apiUrl + "/"), {
    method: init.method ?? (body === undefined ? "GET" : "POST"),
    headers,
    body,
  });
  const text = await response.text();
  let parsed: unknown = undefined;
  if (text) {
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = text;
    }
  }
  if (!response.ok) throw new ApiCallError(response.status, parsed, path);
  return parsed as T;
}

const adminIds = new Map<DemoAdminName, Promise<number>>();

/** The adminUserId of a demo admin (signs in to the API once per worker and name). */
export function adminUserIdOf(name: DemoAdminName): Promise<number> {
  let id = adminIds.get(name);
  if (!id) {
    id = apiCall<{ data: { adminUserId: number } }>("/login-admin-user", {
      method: "POST",
      body: { username: name, password: DEMO_ADMINS[name].password },
    }).then((answer) => answer.data.adminUserId);
    id.catch(() => adminIds.delete(name));
    adminIds.set(name, id);
  }
  return id;
}

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
