/**
 * Provider sign-in's routes (app/routes/provider*.tsx, app/services/provider-auth/) as plain
 * functions against the real API: the login action, the guard and its redirectTo, sign-out,
 * sign-up, the dashboard, and that a provider's cookie never opens /admin.
 */
import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import express from "express";
import { createSession } from "@remix-run/node";
import { afterAll, describe, expect, test } from "vitest";
import { DEMO_PROVIDER_PASSWORD, DEMO_PROVIDERS } from "../../api/src/seed/demo-providers";
import { sameOriginOnly } from "../../server/admin-server";
import { PROVIDER_AUTH_MESSAGES as M } from "~contract/provider-auth-labels";
import type { FormFailure } from "../../app/models/form-result";
import * as adminDashboard from "~/routes/admin._index";
import * as adminLayout from "~/routes/admin";
import * as dashboard from "~/routes/provider.provider-dashboard";
import * as providerIndex from "~/routes/provider._index";
import * as layout from "~/routes/provider";
import * as login from "~/routes/provider_.login";
import * as logout from "~/routes/provider_.logout";
import * as signUp from "~/routes/provider_.sign-up";
import * as thankYou from "~/routes/provider.thank-you";
import { getProvider, safeProviderRedirect } from "~/services/provider-auth/auth.server";
import { PROVIDER_SESSION_COOKIE, providerSessionStorage } from "~/services/provider-auth/session.server";
import { API_UNAVAILABLE_MESSAGE } from "~/services/marketplace/client.server";
import { sessionReadsClock } from "~/services/session-reads.server";
import { apiCall, callRoute, expectRedirect, readToast, requestAs, statusOf } from "../support/routes";

const PASSWORD = "Provider@Route1";

function payloadOf(result: unknown): unknown {
  if (result && typeof result === "object" && "data" in result && "init" in result) return result.data;
  return result;
}

function providerCookieOf(response: Response): string | null {
  const mine = response.headers.getSetCookie().find((c) => c.startsWith(`${PROVIDER_SESSION_COOKIE}=`));
  return mine ? mine.split(";")[0] : null;
}

/** a fresh provider account of this test's own (not registered) */
async function newAccount(password = PASSWORD) {
  const { data } = await apiCall<{ data: { serviceProvider_id: number; user_id: number; username: string } }>(
    "/test-fixtures/provider-accounts",
    {
      method: "POST",
      body: { password },
    },
  );
  return data;
}

async function signIn(username: string, password: string, redirectTo?: string, from = "127.0.0.1") {
  const form: Record<string, string> = { username, password };
  if (redirectTo !== undefined) form.redirectTo = redirectTo;
  return callRoute(login, await requestAs(null, "/provider/login", { form }), {}, { clientAddress: from });
}

async function signedInCookie(username: string, password = PASSWORD) {
  const response = expectRedirect(await signIn(username, password), "/provider");
  const cookie = providerCookieOf(response);
  expect(cookie).toBeTruthy();
  return cookie!;
}

const asProvider = (cookie: string, path: string, init: { form?: Record<string, string> } = {}) =>
  requestAs(null, path, { ...init, headers: { Cookie: cookie } });

describe("provider login action", () => {
  test("the right password signs in: the cookie (HttpOnly, SameSite=Lax, path /provider) carries a random token, then redirectTo", async () => {
    const account = await newAccount();
    const response = expectRedirect(
      await signIn(account.username, PASSWORD, "/provider/provider-dashboard?tab=1"),
      "/provider/provider-dashboard?tab=1",
    );
    const setCookie = response.headers.getSetCookie().find((c) => c.startsWith(`${PROVIDER_SESSION_COOKIE}=`))!;
    expect(setCookie).toMatch(/; Path=\/provider(;|$)/);
    expect(setCookie).toMatch(/; HttpOnly/);
    expect(setCookie).toMatch(/; SameSite=Lax/);
    expect(await readToast(response)).toMatchObject({ type: "success", message: M.signedIn });
    const session = await providerSessionStorage().getSession(providerCookieOf(response));
    expect(session.id).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(session.get("provider")?.serviceProvider_id).toBe(account.serviceProvider_id);
  });

  test("without redirectTo (or with one outside /provider, or bare /provider) an unregistered provider goes to the wizard", async () => {
    const account = await newAccount();
    const plain = expectRedirect(await signIn(account.username, PASSWORD), "/provider/complete-profile");
    expect(plain.headers.get("Location")).toBe("/provider/complete-profile");
    for (const elsewhere of [
      "/provider",
      "/admin",
      "https://evil.example/provider",
      "//evil.example/provider",
      "/provider/../admin",
      "/provider/login",
    ]) {
      expect(expectRedirect(await signIn(account.username, PASSWORD, elsewhere), "/provider").headers.get("Location")).toBe(
        "/provider/complete-profile",
      );
    }
    // /provider itself sends them on too
    const home = await callRoute(providerIndex, await asProvider(providerCookieOf(plain)!, "/provider"));
    expect(expectRedirect(home, "/provider/complete-profile").headers.get("Location")).toBe("/provider/complete-profile");
    // already signed in, the sign-in and sign-up pages send them on
    expect(
      expectRedirect(await callRoute(login, await asProvider(providerCookieOf(plain)!, "/provider/login")), "/provider/complete-profile"),
    ).toBeTruthy();
    expect(
      expectRedirect(
        await callRoute(signUp, await asProvider(providerCookieOf(plain)!, "/provider/sign-up")),
        "/provider/complete-profile",
      ),
    ).toBeTruthy();
  });

  test("issue 29: signing in again on a browser ends the provider session it held", async () => {
    const account = await newAccount();
    const held = await signedInCookie(account.username);
    expect(await getProvider(await asProvider(held, "/provider"))).toMatchObject({ username: account.username });
    const again = expectRedirect(
      await callRoute(
        login,
        await requestAs(null, "/provider/login", { form: { username: account.username, password: PASSWORD }, headers: { Cookie: held } }),
        {},
        { clientAddress: "127.0.0.1" },
      ),
      "/provider",
    );
    expect(await getProvider(await asProvider(providerCookieOf(again)!, "/provider"))).toMatchObject({ username: account.username });
    expect(await getProvider(await asProvider(held, "/provider"))).toBeNull();
  });

  test("a wrong password says so beside the form, keeps the username, and signs nobody in", async () => {
    const account = await newAccount();
    const result = await signIn(account.username, "Wrong@Password9");
    expect(statusOf(result)).toBe(400);
    expect(payloadOf(result)).toEqual({ error: M.wrongCredentials, field: null, username: account.username });
    const empty = await signIn(account.username, "");
    expect(payloadOf(empty)).toMatchObject({ error: M.passwordRequired, field: "password" });
  });

  test("a blocked account is told why; too many failures are throttled with the API's message", async () => {
    const { data: blocked } = await apiCall("/test-fixtures/provider-accounts", {
      method: "POST",
      body: { password: PASSWORD, is_active: false },
    });
    expect(payloadOf(await signIn(blocked.username, PASSWORD))).toMatchObject({ error: M.blocked });
    const account = await newAccount();
    let last: unknown;
    for (let i = 0; i < 10; i++) last = await signIn(account.username, "Wrong@Password9", undefined, "203.0.113.55");
    expect((payloadOf(last) as { error: string }).error).toMatch(/^Too many failed sign-in attempts/);
    const refused = await signIn(account.username, PASSWORD, undefined, "203.0.113.55");
    expect((payloadOf(refused) as { error: string }).error).toMatch(/^Too many failed sign-in attempts/);
    // issue 29: throttled is 429 with Retry-After (the page still shows the sentence), not 400
    for (const answer of [last, refused]) {
      expect(statusOf(answer)).toBe(429);
      expect(Number(new Headers((answer as { init?: ResponseInit }).init?.headers).get("Retry-After"))).toBeGreaterThan(13 * 60);
    }
  });

  test("the demo providers sign in: the fresh one to the wizard, the registered one to the dashboard", async () => {
    const fresh = await signedInCookie(DEMO_PROVIDERS.fresh.username, DEMO_PROVIDER_PASSWORD);
    expect(expectRedirect(await callRoute(providerIndex, await asProvider(fresh, "/provider")), "/provider/complete-profile")).toBeTruthy();
    const registered = await signedInCookie(DEMO_PROVIDERS.registered.username, DEMO_PROVIDER_PASSWORD);
    expect(
      expectRedirect(await callRoute(providerIndex, await asProvider(registered, "/provider")), "/provider/provider-dashboard"),
    ).toBeTruthy();
  });
});

describe("requireProvider and redirectTo", () => {
  test("no session: every provider page redirects to the provider sign-in, coming back to the same /provider path", async () => {
    for (const [module, path] of [
      [dashboard, "/provider/provider-dashboard?x=1"],
      [layout, "/provider/thank-you"],
      [thankYou, "/provider/thank-you"],
      [providerIndex, "/provider"],
    ] as const) {
      const response = expectRedirect(await callRoute(module, await requestAs(null, path)), "/provider/login");
      expect(response.headers.get("Location")).toBe(`/provider/login?${new URLSearchParams({ redirectTo: path })}`);
    }
  });

  test("safeProviderRedirect keeps same-site /provider paths only", () => {
    expect(safeProviderRedirect("/provider/provider-dashboard?a=1#b")).toBe("/provider/provider-dashboard?a=1#b");
    expect(safeProviderRedirect("/provider")).toBe("/provider");
    for (const bad of [
      "/admin",
      "/admin/category",
      "https://evil.example/",
      "//evil.example",
      "/\\evil.example",
      "/provider/../admin",
      "/providers",
      "/provider/login",
      "/provider/sign-up",
      "provider",
      "/provider\u0000x",
      null,
      "",
    ]) {
      expect(safeProviderRedirect(bad), String(bad)).toBe("/provider");
    }
  });

  test("a forged (signed, but never issued) token is no session", async () => {
    const forged = (await providerSessionStorage().commitSession(createSession({}, "A".repeat(43)))).split(";")[0];
    expect(await getProvider(await asProvider(forged, "/provider"))).toBeNull();
    expectRedirect(await callRoute(dashboard, await asProvider(forged, "/provider/provider-dashboard")), "/provider/login");
  });

  test("a signed-in provider's cookie never opens /admin: the admin guard asks for the admin sign-in", async () => {
    const account = await newAccount();
    const cookie = await signedInCookie(account.username);
    const response = expectRedirect(await callRoute(adminLayout, await asProvider(cookie, "/admin")), "/admin/login");
    expect(response.headers.get("Location")).toBe("/admin/login?redirectTo=%2Fadmin");
    expectRedirect(await callRoute(adminDashboard, await asProvider(cookie, "/admin")), "/admin/login");
  });
});

describe("provider pages", () => {
  test("the layout shows the marketplace's name and the provider's; the dashboard shows status, stage and the wizard's steps", async () => {
    const account = await newAccount();
    const cookie = await signedInCookie(account.username);
    const shell = payloadOf(await callRoute(layout, await asProvider(cookie, "/provider/provider-dashboard"))) as {
      marketplaceName: string;
      providerName: string;
    };
    expect(shell.marketplaceName.length).toBeGreaterThan(0);
    expect(shell.providerName).toMatch(/^Test Provider /);
    const { view } = payloadOf(await callRoute(dashboard, await asProvider(cookie, "/provider/provider-dashboard"))) as {
      view: Record<string, unknown> & { sections: { label: string; savedAt: string | null }[] };
    };
    expect(view).toMatchObject({
      status: "Active",
      underReview: false,
      stage: "Partial",
      registeredOn: "Not registered yet",
      sectionsError: null,
    });
    expect(view.sections.map((s) => s.label)).toEqual([
      "Categories",
      "Create Services",
      "Service Details",
      "Documents & Terms",
      "Choose plan Free / Paid",
    ]);
    expect(view.sections.every((s) => s.savedAt === null)).toBe(true);
  });

  test("the registered demo provider's dashboard: saved steps with their dates, plan and registration date", async () => {
    const cookie = await signedInCookie(DEMO_PROVIDERS.registered.username, DEMO_PROVIDER_PASSWORD);
    const { view } = payloadOf(await callRoute(dashboard, await asProvider(cookie, "/provider/provider-dashboard"))) as {
      view: { plan: string; registeredOn: string; sections: { savedAt: string | null }[] };
    };
    expect(view.plan).not.toBe("No plan chosen yet");
    expect(view.registeredOn).toMatch(/^\d{2}-[A-Z][a-z]{2}-\d{4}$/);
    expect(view.sections.filter((s) => s.savedAt !== null).length).toBe(5);
  });

  test("sign-out ends the session in the API and clears the cookie", async () => {
    const account = await newAccount();
    const cookie = await signedInCookie(account.username);
    const response = expectRedirect(await callRoute(logout, await asProvider(cookie, "/provider/logout", { form: {} })), "/provider/login");
    expect(response.headers.getSetCookie().find((c) => c.startsWith(`${PROVIDER_SESSION_COOKIE}=`))).toMatch(
      /Max-Age=0|Expires=Thu, 01 Jan 1970/,
    );
    expect(await readToast(response)).toMatchObject({ message: M.signedOut });
    // the old cookie no longer opens anything
    expectRedirect(await callRoute(dashboard, await asProvider(cookie, "/provider/provider-dashboard")), "/provider/login");
  });

  test("sign-up: bad fields named with the values kept (never the passwords); a taken username; success signs in and opens the wizard", async () => {
    const bad = await callRoute(
      signUp,
      await requestAs(null, "/provider/sign-up", {
        form: { username: "a b", firstName: "", lastName: "Rao", email: "nope", phone: "x", password: "short", confirmPassword: "other" },
      }),
    );
    expect(statusOf(bad)).toBe(400);
    const failure = payloadOf(bad) as FormFailure;
    expect(Object.keys(failure.fieldErrors).sort()).toEqual(["confirmPassword", "email", "firstName", "password", "phone", "username"]);
    expect(failure.repopulateFields).toEqual({ username: "a b", firstName: "", lastName: "Rao", email: "nope", phone: "x" });

    const taken = await callRoute(
      signUp,
      await requestAs(null, "/provider/sign-up", {
        form: {
          username: DEMO_PROVIDERS.fresh.username,
          firstName: "A",
          lastName: "B",
          email: "a@b.in",
          phone: "+91 9000000001",
          password: PASSWORD,
          confirmPassword: PASSWORD,
        },
      }),
    );
    expect(statusOf(taken)).toBe(409);
    expect((payloadOf(taken) as FormFailure).fieldErrors).toEqual({ username: M.usernameTaken });

    const username = `route.${Date.now().toString(36)}`;
    const made = await callRoute(
      signUp,
      await requestAs(null, "/provider/sign-up", {
        form: {
          username,
          firstName: "Asha",
          lastName: "Nair",
          email: `${username}@example.in`,
          phone: "+91 9000000002",
          password: PASSWORD,
          confirmPassword: PASSWORD,
        },
      }),
    );
    const response = expectRedirect(made, "/provider/complete-profile");
    expect(await readToast(response)).toMatchObject({ message: M.accountCreated });
    const provider = await getProvider(await asProvider(providerCookieOf(response)!, "/provider"));
    expect(provider).toMatchObject({ username, registered: false, firstName: "Asha" });
  });
});

describe("every /provider POST checks its Origin", () => {
  const servers: Server[] = [];
  afterAll(() => servers.forEach((s) => s.close()));
  test("a sign-in or sign-out posted from another site is refused with 403", async () => {
    const admin = "https://admin.example.in";
    const app = express();
    app.use(sameOriginOnly([admin]));
    app.all("*", (_req, res) => res.json({ reached: true }));
    const server = await new Promise<Server>((resolve) => {
      const s = app.listen(0, "127.0.0.1", () => resolve(s));
    });
    servers.push(server);
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const form = { "Content-Type": "application/x-www-form-urlencoded" };
    for (const path of ["/provider/login", "/provider/logout", "/provider/sign-up"]) {
      expect(
        (await fetch(`${url}${path}`, { method: "POST", headers: { ...form, Origin: "http://evil.example" }, body: "username=x" })).status,
      ).toBe(403);
      // issue 29: neither Origin nor Sec-Fetch-Site is refused too
      expect((await fetch(`${url}${path}`, { method: "POST", headers: form, body: "username=x" })).status).toBe(403);
      expect((await fetch(`${url}${path}`, { method: "POST", headers: { ...form, Origin: admin }, body: "username=x" })).status).toBe(200);
    }
  });
});

describe("with the API down", () => {
  test("the sign-in says so and keeps the username; a provider page answers 503 with the message; sign-out still clears the cookie", async () => {
    const account = await newAccount();
    const cookie = await signedInCookie(account.username);
    const saved = process.env.MARKETPLACE_API_URL;
    process.env.MARKETPLACE_API_URL = "http://127.0.0.1:9/";
    try {
      const result = await signIn(account.username, PASSWORD);
      expect(statusOf(result)).toBe(400);
      expect(payloadOf(result)).toEqual({ error: API_UNAVAILABLE_MESSAGE, field: null, username: account.username });
      // the sign-in page itself still opens
      expect(statusOf(await callRoute(login, await requestAs(null, "/provider/login")))).toBe(200);
      // a fresh read of the session (past the one-second reuse: its clock stepped) cannot be made: 503, said on the page
      const realNow = sessionReadsClock.now;
      const readAt = Date.now();
      sessionReadsClock.now = () => readAt + 1100;
      const page = await callRoute(dashboard, await asProvider(cookie, "/provider/provider-dashboard")).finally(() => {
        sessionReadsClock.now = realNow;
      });
      expect(statusOf(page)).toBe(503);
      expect(await (page as Response).text()).toBe(API_UNAVAILABLE_MESSAGE);
      const out = expectRedirect(await callRoute(logout, await asProvider(cookie, "/provider/logout", { form: {} })), "/provider/login");
      expect(out.headers.getSetCookie().find((c) => c.startsWith(`${PROVIDER_SESSION_COOKIE}=`))).toMatch(/Max-Age=0/);
      expect((await readToast(out))?.type).toBe("warning");
    } finally {
      process.env.MARKETPLACE_API_URL = saved;
    }
  });
});
