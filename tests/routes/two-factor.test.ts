/**
 * Two-factor sign-in through the admin's own loaders and actions (issue 36), on the real test API:
 * Profile's setup and recovery codes, the second sign-in page, the policy's setup at sign-in and an
 * All Access admin's reset. Codes are computed here from the secret the page showed (otplib).
 * The policy is the worker's API's alone (each routes worker has its own): turned off again in finally.
 */
import { generate } from "otplib";
import { describe, expect, test } from "vitest";
import { ACTING_ADMIN_HEADER } from "~contract/api";
import { TWO_FACTOR_MESSAGES as M } from "~contract/two-factor";
import * as adminUsers from "~/routes/admin.list-admin-users";
import * as category from "~/routes/admin.category._index";
import * as profile from "~/routes/admin.profile";
import * as recoveryCodes from "~/routes/admin.recovery-codes";
import * as login from "~/routes/admin_.login";
import * as codeStep from "~/routes/admin_.login_.two-factor";
import * as setupStep from "~/routes/admin_.login_.two-factor-setup";
import { apiCall, callRoute, cookieFrom, readToast, requestAs, statusOf } from "../support/routes";

const PASSWORD = "Two-factor-2026";

function payloadOf<T>(result: unknown): T {
  if (result && typeof result === "object" && "data" in result && "init" in result) return result.data as T;
  return result as T;
}
function headersOf(result: unknown): Headers {
  if (result instanceof Response) return result.headers;
  const init = (result as { init?: { headers?: HeadersInit } | null }).init;
  return new Headers(init?.headers);
}
function setCookie(result: unknown, name: string): string | null {
  const found = headersOf(result)
    .getSetCookie()
    .find((c) => c.startsWith(`${name}=`));
  return found ? found.split(";")[0] : null;
}

/** The code the app would show `offsetSteps` 30-second steps from now (each step is accepted once). */
const codeAt = (secret: string, offsetSteps = 0) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + offsetSteps * 30 });

/** A new Active admin with this access; answers their name and id. */
async function newAdmin(access: string[]) {
  const name = `tfa-${Math.random().toString(36).slice(2, 10)}`;
  const { data } = await apiCall<{ data: { adminUserId: number } }>("/register-admin-user", {
    method: "POST",
    actingAdmin: "admin",
    body: {
      adminUsername: name,
      adminPassword: PASSWORD,
      adminEmail: `${name}@example.com`,
      adminStatus: "Active",
      adminRole: "Support",
      adminAccessRoleSettings: access,
    },
  });
  return { name, id: data.adminUserId };
}

/** Signs in through the login page: the Response (a redirect) and the cookies it set. */
async function passwordStep(name: string, redirectTo = "/admin/category") {
  const result = (await callRoute(
    login,
    await requestAs(null, "/admin/login", { form: { username: name, password: PASSWORD, redirectTo } }),
  )) as Response;
  return { result, step: setCookie(result, "__admin_sign_in"), session: cookieFrom(result) };
}

async function opensCategories(cookie: string) {
  return statusOf(await callRoute(category, new Request("http://admin.test/admin/category", { headers: { Cookie: cookie } }))) === 200;
}

type EnrolmentAnswer = { twoFactor: { view?: { secret: string; qrSvg: string; account: string; error?: string }; codes?: string[] } };

/** Profile: Set up, then Turn on with the app's code; answers the secret and the recovery codes shown. */
async function enrolOnProfile(cookie: string) {
  const post = async (form: Record<string, string>) =>
    callRoute(profile, await requestAs(null, "/admin/profile", { form, headers: { Cookie: cookie } }));
  const started = payloadOf<EnrolmentAnswer>(await post({ intent: "two-factor-start" }));
  const secret = started.twoFactor.view!.secret;
  const confirmed = payloadOf<EnrolmentAnswer>(await post({ intent: "two-factor-confirm", code: await codeAt(secret) }));
  return { secret, codes: confirmed.twoFactor.codes!, started };
}

/** A real session of this admin, through the login page and (when asked) the code. */
async function sessionCookie(name: string, secret?: string, offsetSteps = 0) {
  const { step, session } = await passwordStep(name);
  if (session) return session;
  const verified = (await callRoute(
    codeStep,
    await requestAs(null, "/admin/login/two-factor", { form: { code: await codeAt(secret!, offsetSteps) }, headers: { Cookie: step! } }),
  )) as Response;
  return cookieFrom(verified)!;
}

describe("Profile: setting up two-factor sign-in", () => {
  test("shows a QR code drawn on the server and the key, refuses a wrong code, then shows ten recovery codes once", async () => {
    const admin = await newAdmin(["Category"]);
    const cookie = await sessionCookie(admin.name);
    const post = async (form: Record<string, string>) =>
      callRoute(profile, await requestAs(null, "/admin/profile", { form, headers: { Cookie: cookie } }));

    const started = payloadOf<EnrolmentAnswer>(await post({ intent: "two-factor-start" }));
    const view = started.twoFactor.view!;
    expect(view.qrSvg).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);
    expect(view.secret).toMatch(/^[A-Z2-7]{16,}$/);
    expect(view.account).toBe(admin.name);

    const wrong = await post({ intent: "two-factor-confirm", code: "000000" === (await codeAt(view.secret)) ? "111111" : "000000" });
    expect(statusOf(wrong)).toBe(400);
    expect(payloadOf<EnrolmentAnswer>(wrong).twoFactor.view).toMatchObject({ secret: view.secret, error: M.enrolCodeInvalid });
    const stillOff = payloadOf<{ twoFactor: { status: { enabled: boolean } } }>(
      await callRoute(profile, await requestAs(null, "/admin/profile", { headers: { Cookie: cookie } })),
    );
    expect(stillOff.twoFactor.status.enabled).toBe(false);

    const confirmed = payloadOf<EnrolmentAnswer>(await post({ intent: "two-factor-confirm", code: await codeAt(view.secret) }));
    expect(confirmed.twoFactor.codes).toHaveLength(10);
    expect(new Set(confirmed.twoFactor.codes).size).toBe(10);
    const on = payloadOf<{ twoFactor: { status: { enabled: boolean; recovery_codes_left: number }; enabledSince: string } }>(
      await callRoute(profile, await requestAs(null, "/admin/profile", { headers: { Cookie: cookie } })),
    );
    expect(on.twoFactor.status).toMatchObject({ enabled: true, recovery_codes_left: 10 });
    expect(on.twoFactor.enabledSince).toBeTruthy();
    // this session goes on: setting it up signs no one out
    expect(await opensCategories(cookie)).toBe(true);

    // the download answers the codes the page posts back as a text file
    const download = (await callRoute(
      recoveryCodes,
      await requestAs(null, "/admin/recovery-codes", {
        form: { code: confirmed.twoFactor.codes!, account: admin.name, issuer: "Marketplace Admin" },
        headers: { Cookie: cookie },
      }),
    )) as Response;
    expect(download.headers.get("Content-Type")).toMatch(/^text\/plain/);
    expect(download.headers.get("Content-Disposition")).toBe('attachment; filename="recovery-codes.txt"');
    const text = await download.text();
    for (const code of confirmed.twoFactor.codes!) expect(text).toContain(code);
    expect(text).toContain(admin.name);
    // not without a session
    expect(
      await callRoute(recoveryCodes, await requestAs(null, "/admin/recovery-codes", { form: { code: "abcde-fghij" } })),
    ).toHaveRedirect("/admin/login");
  });
});

describe("signing in with two-factor on", () => {
  test("the password leads to the code page; no session until the right code, then on to where the admin was going", async () => {
    const admin = await newAdmin(["Category"]);
    const { secret } = await enrolOnProfile(await sessionCookie(admin.name));

    const { result, step, session } = await passwordStep(admin.name, "/admin/category?page=1");
    expect(result).toHaveRedirect("/admin/login/two-factor");
    expect(session).toBeNull();
    expect(step).toBeTruthy();

    const page = async (cookie: string | null) =>
      payloadOf<{ expired: boolean; error?: string }>(
        await callRoute(codeStep, await requestAs(null, "/admin/login/two-factor", { headers: cookie ? { Cookie: cookie } : {} })),
      );
    expect(await page(step)).toEqual({ expired: false });
    // without the step's cookie (or a forged one) the page says to sign in again
    expect(await page(null)).toMatchObject({ expired: true, error: M.challengeExpired });
    expect(await page("__admin_sign_in=forged")).toMatchObject({ expired: true });

    const post = async (code: string) =>
      callRoute(codeStep, await requestAs(null, "/admin/login/two-factor", { form: { code }, headers: { Cookie: step! } }));
    const empty = await post("");
    expect(statusOf(empty)).toBe(400);
    expect(payloadOf<{ error: string }>(empty).error).toBe(M.codeRequired);
    const wrong = await post((await codeAt(secret, 3)) as string);
    expect(statusOf(wrong)).toBe(400);
    expect(payloadOf<{ error: string }>(wrong).error).toBe(M.codeInvalid);
    expect(setCookie(wrong, "__admin_session")).toBeNull();

    const right = (await post(await codeAt(secret, 1))) as Response;
    expect(right).toHaveRedirect("/admin/category?page=1");
    expect((await readToast(right))?.message).toBe("Login Successful");
    expect(setCookie(right, "__admin_sign_in")).toBe("__admin_sign_in=");
    expect(await opensCategories(cookieFrom(right)!)).toBe(true);

    // the same code again (a new sign-in) is refused: each code once
    const again = await passwordStep(admin.name);
    const replay = await callRoute(
      codeStep,
      await requestAs(null, "/admin/login/two-factor", { form: { code: await codeAt(secret, 1) }, headers: { Cookie: again.step! } }),
    );
    expect(payloadOf<{ error: string }>(replay).error).toBe(M.codeInvalid);
  });

  test("a recovery code signs in once, and the admin is told how many are left", async () => {
    const admin = await newAdmin(["Category"]);
    const { codes } = await enrolOnProfile(await sessionCookie(admin.name));
    const first = await passwordStep(admin.name);
    const used = (await callRoute(
      codeStep,
      await requestAs(null, "/admin/login/two-factor", { form: { code: codes[3].toUpperCase() }, headers: { Cookie: first.step! } }),
    )) as Response;
    expect(used).toHaveRedirect("/admin/category");
    expect(await readToast(used)).toMatchObject({ type: "warning", message: expect.stringContaining("9 left") });
    expect(await opensCategories(cookieFrom(used)!)).toBe(true);

    const second = await passwordStep(admin.name);
    const reused = await callRoute(
      codeStep,
      await requestAs(null, "/admin/login/two-factor", { form: { code: codes[3] }, headers: { Cookie: second.step! } }),
    );
    expect(payloadOf<{ error: string }>(reused).error).toBe(M.codeInvalid);
  });

  test("turning it off needs the password and a code", async () => {
    const admin = await newAdmin(["Category"]);
    const cookie = await sessionCookie(admin.name);
    const { secret } = await enrolOnProfile(cookie);
    const post = async (form: Record<string, string>) =>
      callRoute(profile, await requestAs(null, "/admin/profile", { form, headers: { Cookie: cookie } }));

    const wrongPassword = await post({ intent: "two-factor-disable", password: "Not-the-password-1", code: await codeAt(secret, 1) });
    expect(statusOf(wrongPassword)).toBe(400);
    expect(payloadOf<{ fieldErrors: Record<string, string> }>(wrongPassword).fieldErrors.password).toBe(M.passwordWrong);
    const wrongCode = await post({ intent: "two-factor-disable", password: PASSWORD, code: await codeAt(secret, -5) });
    expect(payloadOf<{ fieldErrors: Record<string, string> }>(wrongCode).fieldErrors.code).toBe(M.codeInvalid);

    const off = (await post({ intent: "two-factor-disable", password: PASSWORD, code: await codeAt(secret, 1) })) as Response;
    expect(off).toHaveRedirect("/admin/profile");
    expect((await readToast(off))?.message).toBe(M.disabled);
    // the password alone signs in again
    expect((await passwordStep(admin.name)).session).toBeTruthy();
  });
});

describe("the policy and the reset (All Access)", () => {
  test("under the policy a Payment admin sets up two-factor right after the password; reset returns them to it", async () => {
    const chief = await newAdmin(["*"]);
    const chiefCookie = await sessionCookie(chief.name);
    const chiefSecret = (await enrolOnProfile(chiefCookie)).secret;
    const payer = await newAdmin(["Payment"]);
    const payerEarlier = await sessionCookie(payer.name);
    const catalog = await newAdmin(["Category"]);
    const listPost = async (cookie: string, form: Record<string, string>) =>
      (await callRoute(adminUsers, await requestAs(null, "/admin/list-admin-users", { form, headers: { Cookie: cookie } }))) as Response;

    // not for an admin without All Access
    const refused = await listPost(await sessionCookie(catalog.name), { intent: "two-factor-policy", require_two_factor: "on" });
    expect(statusOf(refused)).toBe(403);

    const chiefNow = await sessionCookie(chief.name, chiefSecret, 1);
    try {
      const on = await listPost(chiefNow, { intent: "two-factor-policy", require_two_factor: "on" });
      expect((await readToast(on))?.message).toBe(M.policySaved(true));
      const listed = payloadOf<{ twoFactorPolicy: { on: boolean; changed: string } }>(
        await callRoute(adminUsers, await requestAs(null, "/admin/list-admin-users", { headers: { Cookie: chiefNow } })),
      );
      expect(listed.twoFactorPolicy.on).toBe(true);
      expect(listed.twoFactorPolicy.changed).toContain(chief.name);
      // the Payment admin's session from before ended; an admin it does not apply to signs in as before
      expect(await opensCategories(payerEarlier)).toBe(false);
      expect((await passwordStep(catalog.name)).session).toBeTruthy();

      const { result, step, session } = await passwordStep(payer.name);
      expect(result).toHaveRedirect("/admin/login/two-factor-setup");
      expect(session).toBeNull();
      const setup = payloadOf<{ expired: false; view: { secret: string; qrSvg: string } }>(
        await callRoute(setupStep, await requestAs(null, "/admin/login/two-factor-setup", { headers: { Cookie: step! } })),
      );
      expect(setup.view.qrSvg).toContain("<svg");
      const confirmed = await callRoute(
        setupStep,
        await requestAs(null, "/admin/login/two-factor-setup", {
          form: { code: await codeAt(setup.view.secret) },
          headers: { Cookie: step! },
        }),
      );
      const shown = payloadOf<{ codes: string[]; redirectTo: string }>(confirmed);
      expect(shown.codes).toHaveLength(10);
      expect(shown.redirectTo).toBe("/admin/category");
      const payerSession = setCookie(confirmed, "__admin_session")!;
      expect(payerSession).toBeTruthy();
      const payments = await import("~/routes/admin.payments._index");
      expect(
        statusOf(await callRoute(payments, new Request("http://admin.test/admin/payments", { headers: { Cookie: payerSession } }))),
      ).toBe(200);

      // the reset: the payer's sessions end, and the next sign-in sets it up again
      const reset = await listPost(chiefNow, { intent: "reset-two-factor", id: String(payer.id), username: payer.name });
      expect((await readToast(reset))?.message).toBe(M.resetDone(payer.name));
      expect(
        statusOf(await callRoute(payments, new Request("http://admin.test/admin/payments", { headers: { Cookie: payerSession } }))),
      ).toBe(302);
      expect((await passwordStep(payer.name)).result).toHaveRedirect("/admin/login/two-factor-setup");
    } finally {
      await apiCall("/two-factor-policy", {
        method: "PUT",
        headers: { [ACTING_ADMIN_HEADER]: String(chief.id) },
        body: { require_two_factor: false },
      });
    }
  });
});
