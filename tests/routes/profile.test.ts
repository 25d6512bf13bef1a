import { describe, expect, test } from "vitest";
import * as category from "~/routes/admin.category._index";
import * as profile from "~/routes/admin.profile";
import { sessionStorage } from "~/services/session.server";
import { callRoute, newSessionCookieFor, readToast, requestAs, statusOf } from "../support/routes";

type ProfileData = { sessions: { sessionId: number; device: string; current: boolean; address: string }[] | null };

async function profileAs(cookie: string) {
  return (await callRoute(profile, await requestAs(null, "/admin/profile", { headers: { Cookie: cookie } }))) as ProfileData;
}
async function post(cookie: string, form: Record<string, string>) {
  return (await callRoute(profile, await requestAs(null, "/admin/profile", { form, headers: { Cookie: cookie } }))) as Response;
}
async function opensPages(cookie: string) {
  const result = await callRoute(category, new Request("http://admin.test/admin/category", { headers: { Cookie: cookie } }));
  return statusOf(result) === 200;
}
async function sessionIdOf(cookie: string) {
  return (await sessionStorage().getSession(cookie)).get("session")!.sessionId;
}

describe("Profile: signed-in sessions", () => {
  test("lists this admin's sessions, marks this one, and never shows a token", async () => {
    const mine = await newSessionCookieFor("catalog", "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36");
    const phone = await newSessionCookieFor("catalog", "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1");
    const data = await profileAs(mine);
    const ids = data.sessions!.map((s) => s.sessionId);
    expect(ids).toContain(await sessionIdOf(mine));
    expect(ids).toContain(await sessionIdOf(phone));
    expect(data.sessions!.filter((s) => s.current).map((s) => s.sessionId)).toEqual([await sessionIdOf(mine)]);
    expect(data.sessions!.find((s) => s.current)?.device).toBe("Chrome on Linux");
    const phoneId = await sessionIdOf(phone);
    expect(data.sessions!.find((s) => s.sessionId === phoneId)).toMatchObject({ device: "Safari on iOS", current: false, address: "127.0.0.1" });
    const token = (await sessionStorage().getSession(mine)).id;
    expect(JSON.stringify(data)).not.toContain(token);
    // another admin's sessions are not listed
    const theirs = await newSessionCookieFor("support");
    expect((await profileAs(mine)).sessions!.map((s) => s.sessionId)).not.toContain(await sessionIdOf(theirs));
  });

  test("'Sign out other sessions' ends every other session of this admin, and keeps this one", async () => {
    const mine = await newSessionCookieFor("viewer");
    const laptop = await newSessionCookieFor("viewer");
    const phone = await newSessionCookieFor("viewer");
    const someoneElse = await newSessionCookieFor("catalog");
    expect(await opensPages(someoneElse)).toBe(true);
    const response = await post(mine, { intent: "sign-out-others" });
    expect(response).toHaveRedirect("/admin/profile");
    expect((await readToast(response))?.message).toMatch(/^Signed out \d+ other sessions?\.$/);
    expect((await profileAs(mine)).sessions!.map((s) => s.current)).toEqual([true]);
    for (const cookie of [laptop, phone]) {
      expect(await callRoute(profile, await requestAs(null, "/admin/profile", { headers: { Cookie: cookie } }))).toHaveRedirect("/admin/login");
    }
    expect(await opensPages(someoneElse)).toBe(true);
  });

  test("signs out one other session; not this one, and not another admin's", async () => {
    const mine = await newSessionCookieFor("support");
    const other = await newSessionCookieFor("support");
    const notMine = await newSessionCookieFor("catalog");

    const one = await post(mine, { intent: "sign-out-session", sessionId: String(await sessionIdOf(other)) });
    await expect(one).toSendToast({ type: "success", message: "Signed out that session." });
    expect(await opensPages(other)).toBe(false);

    const self = await post(mine, { intent: "sign-out-session", sessionId: String(await sessionIdOf(mine)) });
    await expect(self).toSendToast({ type: "error", message: "To end this session, use Logout." });

    const foreign = await post(mine, { intent: "sign-out-session", sessionId: String(await sessionIdOf(notMine)) });
    await expect(foreign).toSendToast({ type: "info", message: "That session has already ended." });
    expect(await opensPages(notMine)).toBe(true);
    expect(await opensPages(mine)).toBe(true);
  });

  test("without a session: to the login page; an unknown intent: 400", async () => {
    expect(await callRoute(profile, await requestAs(null, "/admin/profile", { form: { intent: "sign-out-others" } }))).toHaveRedirect("/admin/login");
    const mine = await newSessionCookieFor("admin");
    expect(statusOf(await post(mine, { intent: "drop-tables" }))).toBe(400);
  });
});
