/**
 * ADMIN_REFRESH_SECONDS (app/services/session-reads.server.ts): how long this admin process reuses
 * its read of a signed-in session. A session ended through another admin process (here: ended in
 * the real API directly, as that process would) is refused on the very next request with 0, and
 * after N seconds at most with N.
 */
import { createSession } from "@remix-run/node";
import { afterEach, describe, expect, test } from "vitest";
import * as category from "~/routes/admin.category._index";
import * as providerLayout from "~/routes/provider";
import * as providerLogin from "~/routes/provider_.login";
import { getServerEnv } from "~/services/env.server";
import { PROVIDER_SESSION_COOKIE, providerSessionStorage } from "~/services/provider-auth/session.server";
import { sessionReadsClock } from "~/services/session-reads.server";
import { sessionStorage } from "~/services/session.server";
import { apiCall, callRoute, expectRedirect, openSession, requestAs, statusOf } from "../support/routes";

const saved = process.env.ADMIN_REFRESH_SECONDS;
const realNow = sessionReadsClock.now;
afterEach(() => {
  sessionReadsClock.now = realNow;
  if (saved === undefined) delete process.env.ADMIN_REFRESH_SECONDS;
  else process.env.ADMIN_REFRESH_SECONDS = saved;
});

/** A signed-in admin (a real session in the API): its cookie, and the token to end it with. */
async function signedInAdmin() {
  const { token } = await openSession("catalog", "refresh test");
  const cookie = (await sessionStorage().commitSession(createSession({}, token))).split(";")[0];
  return { token, cookie };
}

/** The Category list, as the browser with this cookie asks for it. */
const categoriesWith = async (cookie: string) =>
  callRoute(category, await requestAs(null, "/admin/category", { headers: { Cookie: cookie } }));

/** Ends the session in the API, as sign-out in another admin process does. */
const endInApi = (token: string) => apiCall("/admin-sessions/end", { method: "POST", body: { token } });

describe("ADMIN_REFRESH_SECONDS", () => {
  test("defaults to 1 and is refused outside 0–60", () => {
    delete process.env.ADMIN_REFRESH_SECONDS;
    expect(getServerEnv().ADMIN_REFRESH_SECONDS).toBe(1);
    process.env.ADMIN_REFRESH_SECONDS = "61";
    expect(() => getServerEnv()).toThrow(/ADMIN_REFRESH_SECONDS/);
    process.env.ADMIN_REFRESH_SECONDS = "-1";
    expect(() => getServerEnv()).toThrow(/ADMIN_REFRESH_SECONDS/);
    process.env.ADMIN_REFRESH_SECONDS = "0.5";
    expect(getServerEnv().ADMIN_REFRESH_SECONDS).toBe(0.5);
  });

  test("0: an admin session ended in the API is refused on the very next request", async () => {
    process.env.ADMIN_REFRESH_SECONDS = "0";
    const { token, cookie } = await signedInAdmin();
    expect(statusOf(await categoriesWith(cookie))).toBe(200);
    await endInApi(token);
    expectRedirect(await categoriesWith(cookie), "/admin/login?redirectTo=%2Fadmin%2Fcategory");
  });

  test("N: the read is reused for N seconds at most, then the ended session is refused", async () => {
    const seconds = 2;
    process.env.ADMIN_REFRESH_SECONDS = String(seconds);
    const { token, cookie } = await signedInAdmin();
    // the session reads' clock, stepped by the test instead of waiting
    let now = Date.now();
    sessionReadsClock.now = () => now;
    const readAt = now;
    expect(statusOf(await categoriesWith(cookie))).toBe(200);
    await endInApi(token);
    // within the N seconds, this process still goes by its read
    expect(statusOf(await categoriesWith(cookie))).toBe(200);
    now = readAt + seconds * 1000 - 1;
    expect(statusOf(await categoriesWith(cookie))).toBe(200);
    // N seconds after the read, the API is asked again: the ended session is refused
    now = readAt + seconds * 1000;
    expectRedirect(await categoriesWith(cookie), "/admin/login");
  });

  test("0: a provider session ended in the API is refused on the very next request", async () => {
    process.env.ADMIN_REFRESH_SECONDS = "0";
    const { data: account } = await apiCall<{ data: { username: string } }>("/test-fixtures/provider-accounts", {
      method: "POST",
      body: { password: "Provider@Refresh1" },
    });
    const signedIn = expectRedirect(
      await callRoute(
        providerLogin,
        await requestAs(null, "/provider/login", { form: { username: account.username, password: "Provider@Refresh1" } }),
      ),
      "/provider",
    );
    const cookie = signedIn.headers
      .getSetCookie()
      .find((c) => c.startsWith(`${PROVIDER_SESSION_COOKIE}=`))!
      .split(";")[0];
    const token = (await providerSessionStorage().getSession(cookie)).id;
    const providerPage = async () =>
      callRoute(providerLayout, await requestAs(null, "/provider/provider-dashboard", { headers: { Cookie: cookie } }));
    expect(statusOf(await providerPage())).toBe(200);
    await apiCall("/provider-sessions/end", { method: "POST", body: { token } });
    expectRedirect(await providerPage(), "/provider/login");
  });
});
