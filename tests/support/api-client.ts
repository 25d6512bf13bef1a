/**
 * A direct client of a test API (the one the routes tests or the e2e servers started), for
 * setting up and checking data: `apiCall` sends the secret, and the acting admin when asked;
 * `adminUserIdOf` signs a demo admin in once and remembers its id; `openSession` opens a real
 * admin session in the API (the cookie then carries its token).
 */
import { DEMO_ADMINS, type DemoAdminName } from "../../api/src/seed/demo-admins";
import { ACTING_ADMIN_HEADER } from "~contract/api";

export type ApiTarget = { url: string; apiKey: string; apiKeyHeader: string };

export type ApiCallInit = {
  method?: string;
  /** JSON-encoded unless it is already a string, FormData or URLSearchParams */
  body?: unknown;
  /** the demo admin the API should record as doing this (sent as the acting-admin header) */
  actingAdmin?: DemoAdminName;
  headers?: HeadersInit;
};

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

export function apiClient(target: () => ApiTarget) {
  const adminIds = new Map<DemoAdminName, Promise<number>>();

  /** The parsed JSON answer (undefined for an empty body, the text if it is not JSON); ApiCallError on a non-2xx answer. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  async function apiCall<T = any>(path: string, init: ApiCallInit = {}): Promise<T> {
    const api = target();
    const headers = new Headers(init.headers);
    headers.set(api.apiKeyHeader, api.apiKey);
    headers.set("accept", "application/json");
    if (init.actingAdmin) headers.set(ACTING_ADMIN_HEADER, String(await adminUserIdOf(init.actingAdmin)));
    let body: BodyInit | undefined;
    if (init.body !== undefined) {
      if (typeof init.body === "string" || init.body instanceof FormData || init.body instanceof URLSearchParams) {
        body = init.body;
      } else {
        headers.set("content-type", "application/json");
        body = JSON.stringify(init.body);
      }
    }
    const url = new URL(path.replace(/^\//, ""), api.url.replace(/\/?$/, "/"));
    const response = await fetch(url, { method: init.method ?? (body === undefined ? "GET" : "POST"), headers, body });
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

  /** The adminUserId of a demo admin, found by signing in to the API with its demo password (once per process). */
  function adminUserIdOf(username: DemoAdminName): Promise<number> {
    let id = adminIds.get(username);
    if (!id) {
      id = (async () => {
        const answer = await apiCall<{ data: { adminUserId: number } }>("/login-admin-user", {
          method: "POST",
          body: { username, password: DEMO_ADMINS[username].password },
        });
        const adminUserId = answer?.data?.adminUserId;
        if (typeof adminUserId !== "number") {
          throw new Error(`/login-admin-user gave no adminUserId for ${username}: ${JSON.stringify(answer)}`);
        }
        return adminUserId;
      })();
      id.catch(() => adminIds.delete(username));
      adminIds.set(username, id);
    }
    return id;
  }

  /** A new signed-in session in the API for this demo admin (as signing in makes): its token goes in the cookie. */
  async function openSession(username: DemoAdminName, userAgent = "test runner"): Promise<{ token: string; sessionId: number }> {
    const answer = await apiCall<{ data: { token: string; session: { sessionId: number } } }>("/admin-sessions", {
      method: "POST",
      body: {
        adminUserId: await adminUserIdOf(username),
        user_agent: userAgent,
        address: "127.0.0.1",
        idle_seconds: 12 * 3600,
        absolute_seconds: 7 * 86_400,
      },
    });
    return { token: answer.data.token, sessionId: answer.data.session.sessionId };
  }

  return { apiCall, adminUserIdOf, openSession };
}
