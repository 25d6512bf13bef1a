import { describe, expect, test } from "vitest";
import { DEMO_ADMINS } from "../../api/src/seed/demo-admins";
import { NOT_ACTIVE_MESSAGE } from "~contract/admin-users";
import * as login from "~/routes/admin_.login";
import * as logout from "~/routes/admin_.logout";
import { API_UNAVAILABLE_MESSAGE } from "~/services/marketplace/client.server";
import { getAdmin } from "~/services/auth.server";
import { createSession } from "@remix-run/node";
import * as category from "~/routes/admin.category._index";
import { sessionStorage } from "~/services/session.server";
import {
  adminUserIdOf,
  apiCall,
  callRoute,
  newSessionCookieFor,
  cookieFrom,
  expectRedirect,
  readToast,
  requestAs,
  statusOf,
  type DemoAdminName,
} from "../support/routes";

/** The Retry-After header of an action's data(value, init) answer. */
function retryAfterOf(result: unknown): string | null {
  const init = (result as { init?: ResponseInit | null }).init;
  return new Headers(init?.headers).get("Retry-After");
}

function payloadOf(result: unknown): unknown {
  if (result && typeof result === "object" && "data" in result && "init" in result) return result.data;
  return result;
}

async function signIn(username: string, password: string, redirectTo?: string, from = "127.0.0.1", headers?: HeadersInit) {
  const form: Record<string, string> = { username, password };
  if (redirectTo !== undefined) form.redirectTo = redirectTo;
  return callRoute(login, await requestAs(null, "/admin/login", { form, headers }), {}, { clientAddress: from });
}

async function sessionOf(response: Response) {
  return sessionStorage().getSession(cookieFrom(response));
}

describe("admin login action", () => {
  test("success signs in, toasts 'Login Successful' and goes back to redirectTo (one Set-Cookie)", async () => {
    const result = await signIn("catalog", DEMO_ADMINS.catalog.password, "/admin/category?page=2");
    const response = expectRedirect(result, "/admin/category?page=2");
    expect(response.headers.get("Location")).toBe("/admin/category?page=2");
    // the session's cookie and the toast's
    expect(
      response.headers
        .getSetCookie()
        .map((c) => c.split("=")[0])
        .sort(),
    ).toEqual(["__admin_flash", "__admin_session"]);
    expect(await readToast(response)).toMatchObject({ type: "success", message: "Login Successful" });
    const session = await sessionOf(response);
    expect(session.get("admin")?.adminUserId).toBe(await adminUserIdOf("catalog"));
  });

  test("every sign-in gets a new session: the cookie carries a random token, never the admin's id", async () => {
    const first = expectRedirect(await signIn("catalog", DEMO_ADMINS.catalog.password), "/admin");
    const second = expectRedirect(await signIn("catalog", DEMO_ADMINS.catalog.password), "/admin");
    expect(cookieFrom(first)).not.toBe(cookieFrom(second));
    const token = (await sessionOf(first)).id;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(cookieFrom(first)).not.toContain(
      Buffer.from(JSON.stringify({ adminUserId: await adminUserIdOf("catalog") }))
        .toString("base64")
        .slice(0, 12),
    );
    // the API lists both, with the browser and its address
    const { data } = await apiCall(`/admin-sessions?adminUserId=${await adminUserIdOf("catalog")}`);
    const ids = [(await sessionOf(first)).get("session")?.sessionId, (await sessionOf(second)).get("session")?.sessionId];
    for (const id of ids) expect(data.map((s: { sessionId: number }) => s.sessionId)).toContain(id);
  });

  test("issue 29: signing in again on a browser ends the session it held (its cookie is replaced)", async () => {
    const held = await newSessionCookieFor("catalog");
    const opens = async (cookie: string) =>
      (await getAdmin(new Request("http://admin.test/admin", { headers: { Cookie: cookie } }))) !== null;
    expect(await opens(held)).toBe(true);
    // the login form posted from this browser (a stale tab, JS off): the session it held ends
    const result = await signIn("catalog", DEMO_ADMINS.catalog.password, undefined, "127.0.0.1", { Cookie: held });
    const response = expectRedirect(result, "/admin");
    expect(await opens(cookieFrom(response)!)).toBe(true);
    expect(await opens(held)).toBe(false);
    // another admin's session this browser held ends too (the cookie now holds the new admin's)
    const other = await newSessionCookieFor("viewer");
    expectRedirect(await signIn("catalog", DEMO_ADMINS.catalog.password, undefined, "127.0.0.1", { Cookie: other }), "/admin");
    expect(await opens(other)).toBe(false);
  });

  test("a forged or ended session cookie is no session", async () => {
    const forged = await sessionStorage().commitSession(createSession({}, "A".repeat(43)));
    const request = new Request("http://admin.test/admin/category", { headers: { Cookie: forged.split(";")[0] } });
    expect(await callRoute(category, request)).toHaveRedirect("/admin/login");
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

  test.each<[DemoAdminName]>([["technical"], ["blocked"]])("%s (not Active) → 'Your Account is not Active', no session", async (name) => {
    const result = await signIn(name, DEMO_ADMINS[name].password);
    expect(statusOf(result)).toBe(400);
    expect(payloadOf(result)).toMatchObject({ error: NOT_ACTIVE_MESSAGE, username: name });
    expect(result instanceof Response ? result.headers.get("Set-Cookie") : null).toBeNull();
  });

  test.each([
    "//evil.example/admin",
    "https://evil.example/admin",
    "/\\evil.example",
    "/somewhere-else",
    "/admin/login?redirectTo=/admin",
    "javascript:alert(1)",
    "/admin/../somewhere",
    "/admin/%2e%2e/somewhere",
    "/admin/\n/x",
    "/admin/\r\nSet-Cookie: x=1",
    "/adminx",
  ])("unsafe redirectTo %s falls back to /admin", async (redirectTo) => {
    const result = await signIn("admin", DEMO_ADMINS.admin.password, redirectTo);
    expect(expectRedirect(result, "/admin").headers.get("Location")).toBe("/admin");
  });

  test("a redirectTo with an encoded line break is kept as a path, not a 500", async () => {
    const result = await signIn("admin", DEMO_ADMINS.admin.password, "/admin/%0a/x");
    expect(expectRedirect(result, "/admin").headers.get("Location")).toBe("/admin/%0a/x");
  });

  test("after 10 failures from one address the page says when to try again (429, Retry-After), and the right password waits too", async () => {
    const address = `10.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
    for (let i = 0; i < 9; i++) expect(statusOf(await signIn("support", "wrong", undefined, address))).toBe(400);
    // issue 29: the failure that reaches the limit, and every attempt while it holds, answer 429 with Retry-After
    const tenth = await signIn("support", "wrong", undefined, address);
    expect(statusOf(tenth)).toBe(429);
    expect(Number(retryAfterOf(tenth))).toBeGreaterThan(14 * 60);
    const refused = await signIn("support", DEMO_ADMINS.support.password, undefined, address);
    expect(statusOf(refused)).toBe(429);
    expect(Number(retryAfterOf(refused))).toBeGreaterThan(13 * 60);
    expect(Number(retryAfterOf(refused))).toBeLessThanOrEqual(15 * 60);
    expect((payloadOf(refused) as { error: string }).error).toMatch(
      /^Too many failed sign-in attempts for this username from this address\. Try again in 1[45] minutes\.$/,
    );
    // the same admin from another address signs in
    expectRedirect(await signIn("support", DEMO_ADMINS.support.password, undefined, "10.8.0.1"), "/admin");
  });

  test("issue 29: a blocked admin's right password says 'not Active' and does not clear the failures; a wrong one says what it says to anyone", async () => {
    const address = `10.6.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
    for (let i = 0; i < 9; i++) {
      const wrong = await signIn("blocked", "wrong", undefined, address);
      expect(payloadOf(wrong)).toEqual({ error: "Invalid username or password", username: "blocked" });
    }
    const right = await signIn("blocked", DEMO_ADMINS.blocked.password, undefined, address);
    expect(statusOf(right)).toBe(400);
    expect(payloadOf(right)).toEqual({ error: NOT_ACTIVE_MESSAGE, username: "blocked" });
    // the right password did not reset the count: this is the 10th consecutive failure
    const tenth = await signIn("blocked", "wrong", undefined, address);
    expect(statusOf(tenth)).toBe(429);
    expect((payloadOf(tenth) as { error: string }).error).toMatch(/^Too many failed sign-in attempts for this username from this address/);
  });

  test("the address is the server's (load context), not an X-Forwarded-For the browser sends", async () => {
    const address = `10.7.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
    // a new X-Forwarded-For on every try used to reset the count
    for (let i = 0; i < 10; i++) await signIn("viewer", "wrong", undefined, address, { "X-Forwarded-For": `203.0.113.${i}` });
    const refused = await signIn("viewer", DEMO_ADMINS.viewer.password, undefined, address, { "X-Forwarded-For": "198.51.100.1" });
    expect((payloadOf(refused) as { error: string }).error).toMatch(/^Too many failed sign-in attempts/);
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
  test("POST ends the session in the API: a kept copy of the cookie no longer opens any page", async () => {
    const signedIn = expectRedirect(await signIn("catalog", DEMO_ADMINS.catalog.password), "/admin");
    const kept = cookieFrom(signedIn)!;
    const page = () => callRoute(category, new Request("http://admin.test/admin/category", { headers: { Cookie: kept } }));
    expect(statusOf(await page())).toBe(200);
    const out = await callRoute(logout, new Request("http://admin.test/admin/logout", { method: "POST", headers: { Cookie: kept } }));
    expect(out).toHaveRedirect("/admin");
    expect(await page()).toHaveRedirect("/admin/login");
  });

  test("POST clears the session and goes to /admin", async () => {
    const cookie = await newSessionCookieFor("admin");
    const result = await callRoute(
      logout,
      await requestAs(null, "/admin/logout", { method: "POST", form: {}, headers: { Cookie: cookie } }),
    );
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
