import { createSession } from "@remix-run/node";
import { describe, expect, test } from "vitest";
import type { FormFailure } from "../../app/models/form-result";
import { PASSWORD_TOO_SHORT } from "~contract/passwords";
import { PROFILE_MESSAGES } from "~contract/profile";
import * as adminLayout from "~/routes/admin";
import * as category from "~/routes/admin.category._index";
import * as profile from "~/routes/admin.profile";
import { sessionStorage } from "~/services/session.server";
import { apiCall, callRoute, newSessionCookieFor, readToast, requestAs, statusOf } from "../support/routes";

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
    const mine = await newSessionCookieFor(
      "catalog",
      "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36",
    );
    const phone = await newSessionCookieFor(
      "catalog",
      "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1",
    );
    const data = await profileAs(mine);
    const ids = data.sessions!.map((s) => s.sessionId);
    expect(ids).toContain(await sessionIdOf(mine));
    expect(ids).toContain(await sessionIdOf(phone));
    expect(data.sessions!.filter((s) => s.current).map((s) => s.sessionId)).toEqual([await sessionIdOf(mine)]);
    expect(data.sessions!.find((s) => s.current)?.device).toBe("Chrome on Linux");
    const phoneId = await sessionIdOf(phone);
    expect(data.sessions!.find((s) => s.sessionId === phoneId)).toMatchObject({
      device: "Safari on iOS",
      current: false,
      address: "127.0.0.1",
    });
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
      expect(await callRoute(profile, await requestAs(null, "/admin/profile", { headers: { Cookie: cookie } }))).toHaveRedirect(
        "/admin/login",
      );
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
    expect(await callRoute(profile, await requestAs(null, "/admin/profile", { form: { intent: "sign-out-others" } }))).toHaveRedirect(
      "/admin/login",
    );
    const mine = await newSessionCookieFor("admin");
    expect(statusOf(await post(mine, { intent: "drop-tables" }))).toBe(400);
  });
});

/** A throwaway admin of this test's own (limited access), signed in: its id, name and a session cookie. */
async function ownAdmin(password: string) {
  const adminUsername = `profile-${Math.random().toString(36).slice(2, 8)}`;
  const created = await apiCall<{ data: { adminUserId: number } }>("/register-admin-user", {
    body: {
      adminUsername,
      adminPassword: password,
      adminEmail: `${adminUsername}@example.com`,
      adminStatus: "Active",
      adminRole: "Support",
      adminAccessRoleSettings: ["Contacts"],
    },
    actingAdmin: "admin",
  });
  const signIn = async () => {
    const opened = await apiCall<{ data: { token: string } }>("/admin-sessions", {
      body: {
        adminUserId: created.data.adminUserId,
        user_agent: "route test",
        address: "127.0.0.1",
        idle_seconds: 3600,
        absolute_seconds: 86_400,
      },
    });
    return (await sessionStorage().commitSession(createSession({}, opened.data.token))).split(";")[0];
  };
  return { adminUserId: created.data.adminUserId, adminUsername, signIn };
}
const signsIn = async (username: string, password: string) =>
  apiCall("/login-admin-user", { body: { username, password } }).then(
    () => true,
    () => false,
  );

describe("Profile: the sessions list is paged (issue 29)", () => {
  test("ten sessions a page, most recently used first; ?sessions_page=2 shows the rest; 'Sign out other sessions' counts them all", async () => {
    const own = await ownAdmin("Paged-sessions-1");
    const cookies: string[] = [];
    // the routes tests' API allows 1000 sessions an admin (the default is 10): 12 here, all live
    for (let i = 0; i < 12; i++) cookies.push(await own.signIn());
    const mine = cookies[cookies.length - 1];
    const first = (await profileAs(mine)) as ProfileData & { sessionPaging: { page: number; pageSize: number; total: number } };
    expect(first.sessions).toHaveLength(10);
    expect(first.sessionPaging).toEqual({ page: 1, pageSize: 10, total: 12 });
    expect(first.sessions![0].current).toBe(true);
    const second = (await callRoute(
      profile,
      await requestAs(null, "/admin/profile?sessions_page=2", { headers: { Cookie: mine } }),
    )) as ProfileData & {
      sessionPaging: { page: number; total: number };
    };
    expect(second.sessions).toHaveLength(2);
    expect(second.sessionPaging).toMatchObject({ page: 2, total: 12 });
    const ids = [...first.sessions!, ...second.sessions!].map((s) => s.sessionId);
    expect(new Set(ids).size).toBe(12);
    // a page that is no page number falls back to the first
    const odd = (await callRoute(
      profile,
      await requestAs(null, "/admin/profile?sessions_page=x", { headers: { Cookie: mine } }),
    )) as ProfileData;
    expect(odd.sessions).toHaveLength(10);
    // signing out one on page 2 comes back to page 2
    const back = (await callRoute(
      profile,
      await requestAs(null, "/admin/profile?sessions_page=2", {
        form: { intent: "sign-out-session", sessionId: String(second.sessions![0].sessionId) },
        headers: { Cookie: mine },
      }),
    )) as Response;
    expect(back.headers.get("Location")).toBe("/admin/profile?sessions_page=2");
    const response = await post(mine, { intent: "sign-out-others" });
    expect((await readToast(response))?.message).toBe("Signed out 10 other sessions.");
  });
});

describe("Profile: password change", () => {
  test("wrong current password, a weak or mismatched new one: told beside the field, nothing changed, no password sent back", async () => {
    const admin = await ownAdmin("Profile-pass-1");
    const cookie = await admin.signIn();
    const cases: [Record<string, string>, string, string][] = [
      [
        { current_password: "Wrong-pass-9", new_password: "Changed-pass-2", confirm_password: "Changed-pass-2" },
        "current_password",
        PROFILE_MESSAGES.wrongCurrentPassword,
      ],
      [{ current_password: "Profile-pass-1", new_password: "short1", confirm_password: "short1" }, "new_password", PASSWORD_TOO_SHORT],
      [
        { current_password: "Profile-pass-1", new_password: "Changed-pass-2", confirm_password: "Changed-pass-3" },
        "confirm_password",
        PROFILE_MESSAGES.confirmMismatch,
      ],
      [
        { current_password: "Profile-pass-1", new_password: "Profile-pass-1", confirm_password: "Profile-pass-1" },
        "new_password",
        PROFILE_MESSAGES.sameAsCurrent,
      ],
    ];
    for (const [form, field, message] of cases) {
      const result = await callRoute(
        profile,
        await requestAs(null, "/admin/profile", { form: { intent: "change-password", ...form }, headers: { Cookie: cookie } }),
      );
      expect(statusOf(result)).toBe(400);
      const answer = (result as { data: FormFailure }).data;
      expect(answer.fieldErrors[field]).toBe(message);
      expect(JSON.stringify(answer)).not.toContain("pass-");
    }
    expect(await signsIn(admin.adminUsername, "Profile-pass-1")).toBe(true);
    expect(await opensPages(cookie)).toBe(false); // Contacts only: the category page is not theirs
    expect(statusOf(await callRoute(profile, await requestAs(null, "/admin/profile", { headers: { Cookie: cookie } })))).toBe(200);
  });

  test("a changed password signs in, the old one does not, this session stays and the others end", async () => {
    const admin = await ownAdmin("Profile-pass-1");
    const here = await admin.signIn();
    const elsewhere = await admin.signIn();
    const response = (await callRoute(
      profile,
      await requestAs(null, "/admin/profile", {
        form: {
          intent: "change-password",
          current_password: "Profile-pass-1",
          new_password: "Changed-pass-22",
          confirm_password: "Changed-pass-22",
        },
        headers: { Cookie: here },
      }),
    )) as Response;
    expect(response).toHaveRedirect("/admin/profile");
    expect(await readToast(response)).toMatchObject({ type: "success", message: PROFILE_MESSAGES.passwordChanged });
    expect(await signsIn(admin.adminUsername, "Changed-pass-22")).toBe(true);
    expect(await signsIn(admin.adminUsername, "Profile-pass-1")).toBe(false);
    expect(statusOf(await callRoute(profile, await requestAs(null, "/admin/profile", { headers: { Cookie: here } })))).toBe(200);
    expect(await callRoute(profile, await requestAs(null, "/admin/profile", { headers: { Cookie: elsewhere } }))).toHaveRedirect(
      "/admin/login",
    );
  });
});

describe("Profile: appearance", () => {
  test("is kept per admin and rendered by the admin layout; a made-up choice is refused", async () => {
    const admin = await ownAdmin("Profile-pass-1");
    const cookie = await admin.signIn();
    expect(
      ((await callRoute(profile, await requestAs(null, "/admin/profile", { headers: { Cookie: cookie } }))) as { appearance: string })
        .appearance,
    ).toBe("system");
    const saved = (await callRoute(
      profile,
      await requestAs(null, "/admin/profile", { form: { intent: "appearance", appearance: "dark" }, headers: { Cookie: cookie } }),
    )) as Response;
    expect(saved).toHaveRedirect("/admin/profile");
    expect(await readToast(saved)).toMatchObject({ type: "success", message: PROFILE_MESSAGES.appearanceSaved });
    const layout = (await callRoute(adminLayout, await requestAs(null, "/admin/profile", { headers: { Cookie: cookie } }))) as {
      data: { appearance: string };
    };
    expect(layout.data.appearance).toBe("dark");
    const refused = (await callRoute(
      profile,
      await requestAs(null, "/admin/profile", { form: { intent: "appearance", appearance: "neon" }, headers: { Cookie: cookie } }),
    )) as Response;
    expect(await readToast(refused)).toMatchObject({ type: "error", message: "Choose Light, Dark or System" });
    expect(
      ((await callRoute(profile, await requestAs(null, "/admin/profile", { headers: { Cookie: cookie } }))) as { appearance: string })
        .appearance,
    ).toBe("dark");
  });
});
