import { describe, expect, test } from "vitest";
import { DEMO_ADMINS } from "../../api/src/seed/demo-admins";
import { NOT_ACTIVE_MESSAGE } from "~/models/admin-user";
import * as login from "~/routes/admin_.login";
import * as logout from "~/routes/admin_.logout";
import { API_UNAVAILABLE_MESSAGE } from "~/services/marketplace/client.server";
import { sessionStorage } from "~/services/session.server";
import {
  adminUserIdOf,
  callRoute,
  cookieFrom,
  expectRedirect,
  readToast,
  requestAs,
  statusOf,
  type DemoAdminName,
} from "../support/routes";

function payloadOf(result: unknown): unknown {
  if (result && typeof result === "object" && "data" in result && "init" in result) return result.data;
  return result;
}

async function signIn(username: string, password: string, redirectTo?: string) {
  const form: Record<string, string> = { username, password };
  if (redirectTo !== undefined) form.redirectTo = redirectTo;
  return callRoute(login, await requestAs(null, "/admin/login", { form }));
}

async function sessionOf(response: Response) {
  return sessionStorage().getSession(cookieFrom(response));
}

describe("admin login action", () => {
  test("success signs in, toasts 'Login Successful' and goes back to redirectTo (one Set-Cookie)", async () => {
    const result = await signIn("catalog", DEMO_ADMINS.catalog.password, "/admin/category?page=2");
    const response = expectRedirect(result, "/admin/category?page=2");
    expect(response.headers.get("Location")).toBe("/admin/category?page=2");
    expect(response.headers.getSetCookie()).toHaveLength(1);
    expect(await readToast(response)).toMatchObject({ type: "success", message: "Login Successful" });
    const session = await sessionOf(response);
    expect(session.get("adminUserId")).toBe(await adminUserIdOf("catalog"));
  });

  test("without redirectTo it goes to the dashboard", async () => {
    const result = await signIn("admin", DEMO_ADMINS.admin.password);
    expect(expectRedirect(result, "/admin").headers.get("Location")).toBe("/admin");
  });

  test("a wrong password shows the API's message and keeps the username", async () => {
    const result = await signIn("admin", "not-the-password");
    expect(statusOf(result)).toBe(400);
    const payload = payloadOf(result) as { error: string; username: string };
    expect(payload.username).toBe("admin");
    expect(payload.error).toEqual(expect.any(String));
    expect(payload.error.length).toBeGreaterThan(0);
    expect(payload.error).not.toBe(API_UNAVAILABLE_MESSAGE);
    expect(payload.error).not.toBe("Login Successful");
  });

  test("an empty username is refused before the API is asked", async () => {
    const result = await signIn("", "whatever");
    expect(statusOf(result)).toBe(400);
    expect(payloadOf(result)).toMatchObject({ error: "Please input username!", username: "" });
  });

  test.each<[DemoAdminName]>([["technical"], ["blocked"]])(
    "%s (not Active) → 'Your Account is not Active', no session",
    async (name) => {
      const result = await signIn(name, DEMO_ADMINS[name].password);
      expect(statusOf(result)).toBe(400);
      expect(payloadOf(result)).toMatchObject({ error: NOT_ACTIVE_MESSAGE, username: name });
      expect(result instanceof Response ? result.headers.get("Set-Cookie") : null).toBeNull();
    },
  );

  test.each([
    "//evil.example/admin",
    "https://evil.example/admin",
    "/\\evil.example",
    "/somewhere-else",
    "/admin/login?redirectTo=/admin",
    "javascript:alert(1)",
  ])("unsafe redirectTo %s falls back to /admin", async (redirectTo) => {
    const result = await signIn("admin", DEMO_ADMINS.admin.password, redirectTo);
    expect(expectRedirect(result, "/admin").headers.get("Location")).toBe("/admin");
  });
});

describe("admin login loader", () => {
  test("signed out: the page renders", async () => {
    const result = await callRoute(login, await requestAs(null, "/admin/login?redirectTo=%2Fadmin%2Fcategory"));
    expect(result).toBeNull();
  });

  test("already signed in: straight to redirectTo", async () => {
    const result = await callRoute(login, await requestAs("admin", "/admin/login?redirectTo=%2Fadmin%2Fprofile"));
    expect(expectRedirect(result, "/admin/profile").headers.get("Location")).toBe("/admin/profile");
  });

  test("already signed in with an unsafe redirectTo: the dashboard", async () => {
    const result = await callRoute(login, await requestAs("admin", "/admin/login?redirectTo=%2F%2Fevil.example"));
    expect(expectRedirect(result, "/admin").headers.get("Location")).toBe("/admin");
  });
});

describe("logout", () => {
  test("POST clears the session and goes to /admin", async () => {
    const result = await callRoute(logout, await requestAs("admin", "/admin/logout", { method: "POST", form: {} }));
    const response = expectRedirect(result, "/admin");
    expect(response.headers.get("Location")).toBe("/admin");
    const setCookie = response.headers.get("Set-Cookie") ?? "";
    expect(setCookie).toMatch(/^__admin_session=;/);
    expect(setCookie).toMatch(/Expires=Thu, 01 Jan 1970/i);
  });

  test("GET does not sign out; it just goes to /admin", async () => {
    const result = await callRoute(logout, await requestAs("admin", "/admin/logout"));
    const response = expectRedirect(result, "/admin");
    expect(response.headers.get("Set-Cookie")).toBeNull();
  });
});

describe("with the API down", () => {
  test("the login page says so and keeps the username", async () => {
    const saved = process.env.MARKETPLACE_API_URL;
    process.env.MARKETPLACE_API_URL = "http://127.0.0.1:9/";
    try {
      const result = await signIn("admin", DEMO_ADMINS.admin.password);
      expect(statusOf(result)).toBe(400);
      expect(payloadOf(result)).toEqual({ error: API_UNAVAILABLE_MESSAGE, username: "admin" });
      // the page itself still opens
      expect(await callRoute(login, await requestAs(null, "/admin/login"))).toBeNull();
    } finally {
      process.env.MARKETPLACE_API_URL = saved;
    }
  });
});
