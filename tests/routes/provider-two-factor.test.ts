/**
 * A provider's optional two-factor sign-in (issue 36) through the provider portal's routes, called
 * as plain functions against the real API: the dashboard's card (set up, recovery codes, new codes,
 * turn off), the codes' download, and the sign-in's second page (/provider/login/two-factor).
 * TOTP codes come from otplib; each 30-second step is accepted once, so successive codes of one
 * account use successive steps (the API allows one step either side of now).
 */
import { generate } from "otplib";
import { describe, expect, test } from "vitest";
import { PROVIDER_AUTH_MESSAGES as PM } from "~contract/provider-auth-labels";
import { CHALLENGE_MAX_ATTEMPTS, TWO_FACTOR_ISSUERS, TWO_FACTOR_MESSAGES as M } from "~contract/two-factor";
import type { FormFailure } from "../../app/models/form-result";
import type { EnrolmentView, ShownRecoveryCodes, TwoFactorCardData } from "~/models/two-factor";
import * as dashboard from "~/routes/provider.provider-dashboard";
import * as login from "~/routes/provider_.login";
import * as secondStep from "~/routes/provider_.login_.two-factor";
import * as logout from "~/routes/provider_.logout";
import * as recoveryCodes from "~/routes/provider.recovery-codes";
import { getProvider } from "~/services/provider-auth/auth.server";
import { PROVIDER_SESSION_COOKIE } from "~/services/provider-auth/session.server";
import { apiCall, callRoute, expectRedirect, readToast, requestAs, statusOf } from "../support/routes";

const PASSWORD = "Provider@TwoFactor1";
const STEP_COOKIE = "__provider_sign_in";
const DASHBOARD = "/provider/provider-dashboard";

function payloadOf<T>(result: unknown): T {
  if (result && typeof result === "object" && "data" in result && "init" in result) return result.data as T;
  return result as T;
}

function cookieNamed(response: Response, name: string): string | null {
  const mine = response.headers.getSetCookie().find((c) => c.startsWith(`${name}=`));
  return mine ? mine.split(";")[0] : null;
}

/** The app's code `steps` 30-second steps from now (each step's code is accepted once per account). */
const appCode = (secret: string, steps = 0) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + steps * 30 });

async function newAccount() {
  const { data } = await apiCall<{ data: { serviceProvider_id: number; username: string } }>("/test-fixtures/provider-accounts", {
    method: "POST",
    body: { password: PASSWORD },
  });
  return data;
}

const withCookie = (cookie: string, path: string, form?: Record<string, string | string[]>) =>
  requestAs(null, path, { headers: { Cookie: cookie }, ...(form ? { form } : {}) });

/** Signs in with the password: the response (a redirect: home, or the second page with the step's cookie). */
async function signIn(username: string, password = PASSWORD, redirectTo?: string) {
  const form: Record<string, string> = { username, password, ...(redirectTo ? { redirectTo } : {}) };
  return callRoute(login, await requestAs(null, "/provider/login", { form }), {}, { clientAddress: "127.0.0.1" });
}

async function signedInCookie(username: string) {
  const response = expectRedirect(await signIn(username), "/provider/");
  return cookieNamed(response, PROVIDER_SESSION_COOKIE)!;
}

/** Signs in with the password of a provider whose two-factor is on: the step's cookie. */
async function stepCookieOf(username: string, redirectTo?: string) {
  const response = expectRedirect(await signIn(username, PASSWORD, redirectTo), "/provider/login/two-factor");
  expect(response.headers.get("Location")).toBe("/provider/login/two-factor");
  // no session yet: only the step's cookie
  expect(cookieNamed(response, PROVIDER_SESSION_COOKIE)).toBeNull();
  return cookieNamed(response, STEP_COOKIE)!;
}

const postCode = async (stepCookie: string, code: string) =>
  callRoute(secondStep, await withCookie(stepCookie, "/provider/login/two-factor", { code }));

const card = async (cookie: string) =>
  payloadOf<{ twoFactor: TwoFactorCardData }>(await callRoute(dashboard, await withCookie(cookie, DASHBOARD))).twoFactor;

const post = async (cookie: string, form: Record<string, string>) => callRoute(dashboard, await withCookie(cookie, DASHBOARD, form));

/** A new provider who turned two-factor on from the dashboard (its code one step back: now's step stays free). */
async function enrolledProvider() {
  const account = await newAccount();
  const cookie = await signedInCookie(account.username);
  const started = payloadOf<{ twoFactor: { view: EnrolmentView } }>(await post(cookie, { intent: "two-factor-start" }));
  const { secret } = started.twoFactor.view;
  const confirmed = await post(cookie, { intent: "two-factor-confirm", code: await appCode(secret, -1) });
  expect(statusOf(confirmed)).toBe(200);
  const shown = payloadOf<{ twoFactor: ShownRecoveryCodes }>(confirmed).twoFactor;
  return { account, cookie, secret, codes: shown.codes };
}

describe("provider two-factor: the dashboard's card", () => {
  test("set up: the QR code and key, a wrong code refused, the right one turns it on and shows ten recovery codes once", async () => {
    const account = await newAccount();
    const cookie = await signedInCookie(account.username);
    expect(await card(cookie)).toEqual({
      status: { enabled: false, enabled_at: null, recovery_codes_left: 0, required: false },
      enabledSince: null,
    });

    const started = await post(cookie, { intent: "two-factor-start" });
    expect(statusOf(started)).toBe(200);
    const { view } = payloadOf<{ twoFactor: { view: EnrolmentView } }>(started).twoFactor;
    expect(view.qrSvg).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);
    expect(view).toMatchObject({ account: account.username, issuer: TWO_FACTOR_ISSUERS.provider });
    expect(view.otpauth_uri).toContain(`secret=${view.secret}`);

    const wrong = await post(cookie, { intent: "two-factor-confirm", code: "000000" });
    expect(statusOf(wrong)).toBe(400);
    const again = payloadOf<{ twoFactor: { view: EnrolmentView } }>(wrong).twoFactor.view;
    expect(again.error).toBe(M.enrolCodeInvalid);
    expect(again.secret).toBe(view.secret);
    expect((await card(cookie)).status?.enabled).toBe(false);

    const confirmed = await post(cookie, { intent: "two-factor-confirm", code: await appCode(view.secret) });
    expect(statusOf(confirmed)).toBe(200);
    const shown = payloadOf<{ twoFactor: ShownRecoveryCodes }>(confirmed).twoFactor;
    expect(shown).toMatchObject({ account: account.username, issuer: TWO_FACTOR_ISSUERS.provider });
    expect(shown.codes).toHaveLength(10);
    expect(new Set(shown.codes).size).toBe(10);

    const on = await card(cookie);
    expect(on.status).toMatchObject({ enabled: true, recovery_codes_left: 10, required: false });
    expect(on.enabledSince).toBeTruthy();
  });

  test("the codes' download answers a text file attachment with the codes; without a session it asks for the sign-in", async () => {
    const { account, cookie, codes } = await enrolledProvider();
    const form = { code: codes, account: account.username, issuer: TWO_FACTOR_ISSUERS.provider };
    const file = (await callRoute(recoveryCodes, await withCookie(cookie, "/provider/recovery-codes", form))) as Response;
    expect(file.status).toBe(200);
    expect(file.headers.get("Content-Type")).toBe("text/plain; charset=utf-8");
    expect(file.headers.get("Content-Disposition")).toBe('attachment; filename="recovery-codes.txt"');
    const text = await file.text();
    expect(text).toContain(`${TWO_FACTOR_ISSUERS.provider}: recovery codes for ${account.username}`);
    for (const code of codes) expect(text).toContain(`\n${code}\n`);

    const anonymous = await callRoute(recoveryCodes, await requestAs(null, "/provider/recovery-codes", { form }));
    expectRedirect(anonymous, "/provider/login");
  });

  test("turn off: a wrong password is refused beside its field and leaves it on; the right password and a code turn it off", async () => {
    const { account, cookie, secret } = await enrolledProvider();
    const refused = await post(cookie, { intent: "two-factor-disable", password: "Wrong@Password9", code: await appCode(secret) });
    expect(statusOf(refused)).toBe(400);
    expect(payloadOf<FormFailure>(refused)).toMatchObject({ intent: "two-factor-disable", fieldErrors: { password: M.passwordWrong } });
    expect((await card(cookie)).status?.enabled).toBe(true);

    const missing = await post(cookie, { intent: "two-factor-disable", password: PASSWORD, code: "" });
    expect(statusOf(missing)).toBe(400);
    expect(payloadOf<FormFailure>(missing).fieldErrors?.code).toBe(M.codeRequired);

    const off = expectRedirect(
      await post(cookie, { intent: "two-factor-disable", password: PASSWORD, code: await appCode(secret) }),
      DASHBOARD,
    );
    expect(await readToast(off)).toMatchObject({ type: "success", message: M.disabled });
    expect((await card(cookie)).status?.enabled).toBe(false);
    // signing in is the password alone again
    expectRedirect(await signIn(account.username), "/provider/complete-profile");
  });

  test("new recovery codes: confirmed with a code; the old ones stop working at sign-in, the new ones work", async () => {
    const { account, cookie, secret, codes: old } = await enrolledProvider();
    const wrong = await post(cookie, { intent: "two-factor-renew", code: "000000" });
    expect(statusOf(wrong)).toBe(400);
    expect(payloadOf<FormFailure>(wrong)).toMatchObject({ intent: "two-factor-renew" });
    expect(payloadOf<FormFailure>(wrong).fieldErrors?.code).toBeTruthy();

    const renewed = await post(cookie, { intent: "two-factor-renew", code: await appCode(secret) });
    expect(statusOf(renewed)).toBe(200);
    const fresh = payloadOf<{ twoFactor: ShownRecoveryCodes }>(renewed).twoFactor.codes;
    expect(fresh).toHaveLength(10);
    expect(fresh.some((code) => old.includes(code))).toBe(false);

    const step = await stepCookieOf(account.username);
    expect(statusOf(await postCode(step, old[0]!))).toBe(400);
    expectRedirect(await postCode(step, fresh[0]!), "/provider/complete-profile");
  });
});

describe("provider two-factor: signing in", () => {
  test("after sign-out the password leads to the code page with its cookie; a wrong code says so; the right one signs in and goes home", async () => {
    const { account, cookie, secret } = await enrolledProvider();
    expectRedirect(await callRoute(logout, await withCookie(cookie, "/provider/logout", {})), "/provider/login");

    const response = expectRedirect(await signIn(account.username, PASSWORD, "/provider/thank-you"), "/provider/login/two-factor");
    const setCookie = response.headers.getSetCookie().find((c) => c.startsWith(`${STEP_COOKIE}=`))!;
    expect(setCookie).toMatch(/; Path=\/provider\/login(;|$)/);
    expect(setCookie).toMatch(/; HttpOnly/);
    expect(setCookie).toMatch(/; SameSite=Lax/);
    expect(cookieNamed(response, PROVIDER_SESSION_COOKIE)).toBeNull();
    const step = cookieNamed(response, STEP_COOKIE)!;

    // the page: the code's form with the step, "sign in again" without it
    expect(payloadOf(await callRoute(secondStep, await withCookie(step, "/provider/login/two-factor")))).toEqual({ expired: false });
    expect(payloadOf(await callRoute(secondStep, await requestAs(null, "/provider/login/two-factor")))).toEqual({
      expired: true,
      error: M.challengeExpired,
    });

    const wrong = await postCode(step, "000000");
    expect(statusOf(wrong)).toBe(400);
    expect(payloadOf(wrong)).toMatchObject({ expired: false, error: M.codeInvalid });
    const empty = await postCode(step, "");
    expect(payloadOf(empty)).toMatchObject({ expired: false, error: M.codeRequired });

    const signedIn = expectRedirect(await postCode(step, await appCode(secret)), "/provider/thank-you");
    expect(signedIn.headers.get("Location")).toBe("/provider/thank-you");
    expect(await readToast(signedIn)).toMatchObject({ type: "success", message: PM.signedIn });
    expect(signedIn.headers.getSetCookie().find((c) => c.startsWith(`${STEP_COOKIE}=`))).toMatch(/Max-Age=0|Expires=Thu, 01 Jan 1970/);
    const session = cookieNamed(signedIn, PROVIDER_SESSION_COOKIE)!;
    expect(await getProvider(await withCookie(session, DASHBOARD))).toMatchObject({ username: account.username });
    expect(statusOf(await callRoute(dashboard, await withCookie(session, DASHBOARD)))).toBe(200);

    // signed in, the code page sends them home
    expectRedirect(await callRoute(secondStep, await withCookie(session, "/provider/login/two-factor")), "/provider/complete-profile");
  });

  test("a recovery code signs in once, with a warning saying how many are left", async () => {
    const { account, codes } = await enrolledProvider();
    const first = expectRedirect(await postCode(await stepCookieOf(account.username), codes[3]!), "/provider/complete-profile");
    expect(cookieNamed(first, PROVIDER_SESSION_COOKIE)).toBeTruthy();
    const toast = await readToast(first);
    expect(toast).toMatchObject({ type: "warning" });
    expect(toast?.message).toContain("recovery code: 9 left");

    const reused = await postCode(await stepCookieOf(account.username), codes[3]!.toUpperCase());
    expect(statusOf(reused)).toBe(400);
    expect(payloadOf(reused)).toMatchObject({ expired: false, error: M.codeInvalid });
  });

  test("too many wrong codes end the step: sign in again, the step's cookie cleared", async () => {
    const { account } = await enrolledProvider();
    const step = await stepCookieOf(account.username);
    for (let i = 1; i < CHALLENGE_MAX_ATTEMPTS; i++) expect(payloadOf(await postCode(step, "000000"))).toMatchObject({ expired: false });
    const ended = (await postCode(step, "000000")) as { data: unknown; init: { status: number; headers: Record<string, string> } };
    expect(ended.data).toEqual({ expired: true, error: M.tooManyCodes });
    expect(ended.init.status).toBe(400);
    expect(new Headers(ended.init.headers).get("Set-Cookie")).toMatch(new RegExp(`^${STEP_COOKIE}=; Max-Age=0`));
  });

  test("a step cookie not signed by the app is no step", async () => {
    const forged = `${STEP_COOKIE}=${Buffer.from(JSON.stringify({ token: "x".repeat(43), step: "code", redirectTo: "" })).toString("base64")}`;
    expect(payloadOf(await postCode(forged, "123456"))).toEqual({ expired: true, error: M.challengeExpired });
  });
});
