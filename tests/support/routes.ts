/**
 * Helpers for the "routes" tests: loaders and actions called as plain functions with a Request
 * that carries a real session cookie, against this worker's own real API (routes-setup.ts).
 */
import { marketplaceFor } from "~/services/marketplace/index.server";
import { type ActionFunctionArgs, type AppLoadContext, type LoaderFunctionArgs, createSession } from "@remix-run/node";
import { expect } from "vitest";
import type { DemoAdminName } from "../../api/src/seed/demo-admins";
import type { Toast } from "~/models/toast";
import { FLASH_COOKIE, getFlash, SESSION_COOKIE, sessionStorage } from "~/services/session.server";
import { apiClient } from "./api-client";
import type { TestApiInfo } from "./test-env.mjs";
import type { WizardRoute } from "~/services/provider-wizard/wizard.server";

export type { DemoAdminName } from "../../api/src/seed/demo-admins";
export type { Toast } from "~/models/toast";

export const ADMIN_ORIGIN = "http://admin.test";

/** The API the routes under test talk to (with its secret, for setting up data). */
export function testApi(): TestApiInfo {
  const url = process.env.MARKETPLACE_API_URL;
  const apiKey = process.env.MARKETPLACE_API_KEY;
  const apiKeyHeader = process.env.MARKETPLACE_API_KEY_HEADER ?? "x-api-key";
  if (!url || !apiKey) {
    throw new Error("No test API: run this file in the vitest 'routes' project (its setupFile takes an API from the pool).");
  }
  return { url, apiKey, apiKeyHeader };
}

export { ApiCallError, type ApiCallInit } from "./api-client";
export const { apiCall, adminUserIdOf, openSession } = apiClient(testApi);

const sessionCookies = new Map<DemoAdminName, Promise<string>>();

/** The Cookie header value of a new real admin session (a row in the API) for this demo admin. */
export async function newSessionCookieFor(username: DemoAdminName, userAgent?: string): Promise<string> {
  const { token } = await openSession(username, userAgent);
  const setCookie = await sessionStorage().commitSession(createSession({}, token));
  return setCookie.split(";")[0];
}

/** The Cookie header value of a signed-in session of a new Active admin holding exactly `access`. */
export async function newAdminCookie(access: string[]): Promise<string> {
  const name = `routes-${Math.random().toString(36).slice(2, 10)}`;
  const { data } = await apiCall<{ data: { adminUserId: number } }>("/register-admin-user", {
    method: "POST",
    actingAdmin: "admin",
    body: {
      adminUsername: name,
      adminPassword: "Routes-test-2026",
      adminEmail: `${name}@example.com`,
      adminStatus: "Active",
      adminRole: "Support",
      adminAccessRoleSettings: access,
    },
  });
  const opened = await apiCall<{ data: { token: string } }>("/admin-sessions", {
    method: "POST",
    body: { adminUserId: data.adminUserId, user_agent: "routes test", address: "127.0.0.1", idle_seconds: 3600, absolute_seconds: 86_400 },
  });
  return (await sessionStorage().commitSession(createSession({}, opened.data.token))).split(";")[0];
}

/** The Cookie header value of a real admin session for this demo admin (one per admin per test file). */
export function sessionCookieFor(username: DemoAdminName): Promise<string> {
  let cookie = sessionCookies.get(username);
  if (!cookie) {
    cookie = newSessionCookieFor(username);
    cookie.catch(() => sessionCookies.delete(username));
    sessionCookies.set(username, cookie);
  }
  return cookie;
}

export type RequestInitAs = {
  method?: string;
  form?: Record<string, string | string[]>;
  headers?: HeadersInit;
};

/**
 * A Request to `http://admin.test${path}`, signed in as a demo admin (null = no session).
 * With `form`, a POST (or init.method) with a urlencoded body.
 */
export async function requestAs(username: DemoAdminName | null, path: string, init: RequestInitAs = {}): Promise<Request> {
  const headers = new Headers(init.headers);
  if (username) {
    const cookie = await sessionCookieFor(username);
    const existing = headers.get("Cookie");
    headers.set("Cookie", existing ? `${existing}; ${cookie}` : cookie);
  }
  let body: URLSearchParams | undefined;
  if (init.form) {
    body = new URLSearchParams();
    for (const [key, value] of Object.entries(init.form)) {
      for (const item of Array.isArray(value) ? value : [value]) body.append(key, item);
    }
    headers.set("Content-Type", "application/x-www-form-urlencoded");
  }
  const method = init.method ?? (body ? "POST" : "GET");
  return new Request(new URL(path, ADMIN_ORIGIN), { method, headers, body });
}

function setCookieNamed(response: Response, name: string): string | null {
  const all = response.headers.getSetCookie?.() ?? [response.headers.get("Set-Cookie") ?? ""];
  const mine = all.find((c) => c.startsWith(`${name}=`));
  return mine ? mine.split(";")[0] : null;
}

/** The flash toast a (redirect) response stores in the flash cookie, or null. */
export async function readToast(response: Response): Promise<Toast | null> {
  const cookie = setCookieNamed(response, FLASH_COOKIE);
  if (!cookie) return null;
  const flash = await getFlash(new Request(ADMIN_ORIGIN, { headers: { Cookie: cookie } }));
  return flash.get("toast") ?? null;
}

/** The session Cookie a browser would send after this response (for following a redirect). */
export function cookieFrom(response: Response): string | null {
  return setCookieNamed(response, SESSION_COOKIE);
}

function describe(value: unknown): string {
  if (value instanceof Response) return `Response ${value.status} (Location: ${value.headers.get("Location")})`;
  if (value instanceof Error) return `${value.name}: ${value.message}`;
  try {
    return JSON.stringify(value)?.slice(0, 300) ?? String(value);
  } catch {
    return String(value);
  }
}

/** Asserts a 3xx Response whose Location starts with `toPathPrefix`; returns it. */
export function expectRedirect(responseOrThrown: unknown, toPathPrefix: string): Response {
  if (!(responseOrThrown instanceof Response)) {
    throw new Error(`Expected a redirect to ${toPathPrefix}, got ${describe(responseOrThrown)}`);
  }
  const response = responseOrThrown;
  expect(response.status, `status of ${describe(response)}`).toBeGreaterThanOrEqual(300);
  expect(response.status, `status of ${describe(response)}`).toBeLessThan(400);
  const location = response.headers.get("Location") ?? "";
  expect(location.startsWith(toPathPrefix), `Location "${location}" should start with "${toPathPrefix}"`).toBe(true);
  return response;
}

export type RouteModule = {
  loader?: (args: LoaderFunctionArgs) => unknown;
  action?: (args: ActionFunctionArgs) => unknown;
};

/**
 * Calls the route's loader (GET/HEAD) or action (other methods) the way Remix does, and returns
 * what it returned or threw if that is a Response (redirects and 403/404s are usually thrown).
 * Anything else thrown is rethrown.
 */
export async function callRoute(
  module: RouteModule,
  request: Request,
  params: Record<string, string | undefined> = {},
  /** what the admin's server would put in the load context (server/admin-server.ts) */
  context: AppLoadContext = { clientAddress: "127.0.0.1", cspNonce: "test-nonce" },
): Promise<unknown> {
  const isRead = request.method === "GET" || request.method === "HEAD";
  const fn = isRead ? module.loader : module.action;
  if (!fn) throw new Error(`This route module has no ${isRead ? "loader" : "action"}`);
  try {
    return await fn({ request, params, context });
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

/** Status of what a loader/action gave back: a Response's status, or 200 for plain data. */
export function statusOf(result: unknown): number {
  if (result instanceof Response) return result.status;
  if (result && typeof result === "object" && "init" in result && "data" in result) {
    // single fetch's data(value, init)
    const init = (result as { init?: { status?: number } | null }).init;
    return init?.status ?? 200;
  }
  return 200;
}

// Custom matchers: `expect(result).toHaveRedirect("/admin/category")`,
// `await expect(response).toSendToast({ type: "success", message: "…" })` (partial match).
interface RouteMatchers<R = unknown> {
  toHaveRedirect(toPathPrefix: string): R;
  toSendToast(expected: Partial<Toast>): Promise<R>;
}
declare module "vitest" {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type, @typescript-eslint/no-explicit-any -- merges with vitest's Matchers<T = any>
  interface Matchers<T = any> extends RouteMatchers<T> {}
}

expect.extend({
  toHaveRedirect(received: unknown, toPathPrefix: string) {
    const isRedirect = received instanceof Response && received.status >= 300 && received.status < 400;
    const location = received instanceof Response ? (received.headers.get("Location") ?? "") : "";
    const pass = isRedirect && location.startsWith(toPathPrefix);
    return {
      pass,
      message: () => `expected ${describe(received)} ${pass ? "not " : ""}to redirect to a URL starting with "${toPathPrefix}"`,
    };
  },
  async toSendToast(received: unknown, expected: Partial<Toast>) {
    const toast = received instanceof Response ? await readToast(received) : null;
    const pass = toast !== null && Object.entries(expected).every(([key, value]) => toast[key as keyof Toast] === value);
    return {
      pass,
      message: () =>
        `expected ${describe(received)} ${pass ? "not " : ""}to send toast ${JSON.stringify(expected)}, it sent ${JSON.stringify(toast)}`,
    };
  },
});

/** The provider's own wizard (create mode until registered), as /provider/complete-profile builds it. */
export const providerWizardRoute = (id: number, request: Request, clientAddress?: string): WizardRoute => ({
  request,
  api: marketplaceFor({ providerId: id, signal: request.signal }, request),
  serviceProviderId: id,
  actor: { kind: "provider", serviceProviderId: id },
  basePath: "/provider/complete-profile",
  providerName: "Test Provider",
  exit: { to: "/provider/provider-dashboard", label: "Back to dashboard" },
  finishTo: (mode) => (mode === "create" ? "/provider/thank-you" : "/provider/provider-dashboard"),
  ...(clientAddress ? { clientAddress } : {}),
});

/** The fields of a General Settings save of the panel as loaded (`payload(...).panel.data`), with these changes. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function generalSettingsSave(panel: any, changes: Record<string, string> = {}): Record<string, string> {
  const d = panel.draft;
  return {
    intent: "save-general",
    version: panel.frame.version,
    part: panel.frame.part,
    siteName: d.siteName || "Marketplace",
    contactEmail: d.contactEmail,
    contactPhone: d.contactPhone,
    address: d.address,
    ...Object.fromEntries(Object.entries(d.socialLinks as Record<string, string>).map(([k, v]) => [`socialLinks.${k}`, v])),
    logo: d.logo,
    favicon: d.favicon,
    ...changes,
  };
}
