import { marketplaceFor, type Marketplace } from "~/services/marketplace/index.server";
import { redirect, type AppLoadContext } from "@remix-run/node";
import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import { SessionToken } from "~contract/admin-sessions";
import { ProviderSignInForm, type ProviderAccount } from "~contract/provider-auth";
import { PROVIDER_HOME_PATH, PROVIDER_LOGIN_PATH } from "~/models/provider-auth-labels";
import { retryAfterOf } from "../auth.server";
import { getServerEnv } from "../env.server";
import { throwLoaderError } from "../errors.server";
import { MarketplaceError, type Caller } from "../marketplace/client.server";
import { signInProvider, type ProviderSignInAnswer, type ProviderSignInInfo } from "../marketplace/provider-auth.server";
import { ProviderSignInStep, signInStepCookie } from "../two-factor/sign-in-step.server";
import { commitNewProviderSession, forgetProviderSessionRead, getProviderSession, providerSessionTokenOf } from "./session.server";

/** A failed provider sign-in, shown on the page as it is (field: which field it belongs beside). */
export class ProviderLoginError extends Error {
  constructor(
    message: string,
    readonly field?: "username" | "password",
    /** too many failures: how long to wait (the API's 429) */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }
}

/** The second step of a provider's sign-in (two-factor): its challenge rides in this cookie, under /provider/login only. */
export const providerSignInStep = signInStepCookie("__provider_sign_in", PROVIDER_LOGIN_PATH, ProviderSignInStep);

/**
 * The session a sign-in opens: this browser's, from `address`, for as long as the settings say; the
 * session this browser held until now ends with it (its cookie is replaced).
 */
export async function newSessionInfo(request: Request, address: string): Promise<ProviderSignInInfo> {
  const env = getServerEnv();
  const previous = await providerSessionTokenOf(request);
  return {
    userAgent: request.headers.get("User-Agent") ?? "",
    address,
    idleSeconds: env.SESSION_IDLE_MINUTES * 60,
    absoluteSeconds: env.SESSION_MAX_DAYS * 86_400,
    replacesToken: previous && SessionToken.safeParse(previous).success ? previous : undefined,
  };
}

// remix-auth hands the strategy a copy of the request only: the address rides in this header, set on our own copy
const SIGN_IN_ADDRESS_HEADER = "x-provider-sign-in-address";

/** The provider's sign-in checks the password and opens the API session in one call (or, two-factor on, answers the code's challenge). */
export const providerAuthenticator = new Authenticator<ProviderSignInAnswer>();
providerAuthenticator.use(
  new FormStrategy(async ({ form, request }) => {
    const parsed = ProviderSignInForm.safeParse({ username: form.get("username") ?? "", password: form.get("password") ?? "" });
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new ProviderLoginError(issue?.message ?? "Please input username!", issue?.path[0] === "password" ? "password" : "username");
    }
    const info = await newSessionInfo(request, request.headers.get(SIGN_IN_ADDRESS_HEADER) ?? "");
    try {
      const opened = await signInProvider(parsed.data.username, parsed.data.password, info);
      // two-factor on: nothing opened yet (the previous session ends when it does)
      if (info.replacesToken && !("second_factor" in opened)) forgetProviderSessionRead(info.replacesToken);
      return opened;
    } catch (error) {
      // wrong credentials, blocked, throttled, or the API down: the sentence to show
      if (error instanceof MarketplaceError) throw new ProviderLoginError(error.message, undefined, retryAfterOf(error));
      throw error;
    }
  }),
  "provider-form",
);

/** A provider sign-in's outcome: signed in (the session's cookie), or the code to pass first (the step's cookie). */
export type ProviderSignedIn =
  { kind: "signed-in"; provider: ProviderAccount; setCookie: string } | { kind: "second-factor"; setCookie: string };

/**
 * Checks the form's username and password (ProviderLoginError says why not). A provider without
 * two-factor is signed in (the session's Set-Cookie); one with it gets the second step's cookie
 * instead, keeping `redirectTo` (a /provider page, or "" for their home) for after the code.
 */
export async function signInProviderFromForm(request: Request, context: AppLoadContext, redirectTo = ""): Promise<ProviderSignedIn> {
  const headers = new Headers(request.headers);
  headers.set(SIGN_IN_ADDRESS_HEADER, context.clientAddress ?? "");
  const copy = new Request(request.url, { method: request.method, headers, body: await request.clone().arrayBuffer() });
  const opened = await providerAuthenticator.authenticate("provider-form", copy);
  if ("second_factor" in opened) {
    const setCookie = await providerSignInStep.commit({
      token: opened.second_factor.challenge_token,
      step: opened.second_factor.step,
      redirectTo: safeProviderRedirect(redirectTo, ""),
    });
    return { kind: "second-factor", setCookie };
  }
  const setCookie = await commitNewProviderSession(opened.token, { provider: opened.provider, session: opened.session });
  return { kind: "signed-in", provider: opened.provider, setCookie };
}

/** Where a signed-in provider goes: the wizard until registered, the dashboard after. */
export function providerHomeOf(provider: Pick<ProviderAccount, "registered">): string {
  return provider.registered ? "/provider/provider-dashboard" : "/provider/complete-profile";
}

/**
 * Where to go after signing in: redirectTo when it is a /provider page, else the provider's home.
 * Never bare /provider: its client-side data URL (/provider.data) is outside the cookie's Path=/provider,
 * so a scripted navigation there would arrive without the session.
 */
export function afterSignIn(
  redirectTo: FormDataEntryValue | string | null | undefined,
  provider: Pick<ProviderAccount, "registered">,
): string {
  const to = safeProviderRedirect(redirectTo, "");
  return to && new URL(to, "http://provider.invalid").pathname !== PROVIDER_HOME_PATH ? to : providerHomeOf(provider);
}

const NOT_AFTER_SIGN_IN = [PROVIDER_LOGIN_PATH, "/provider/logout", "/provider/sign-up"];

/**
 * Only same-site paths under /provider (never /admin, another site, or the sign-in pages); anything
 * else falls back. The path is resolved first (/provider/../admin is /admin, refused).
 */
export function safeProviderRedirect(to: FormDataEntryValue | string | null | undefined, fallback = PROVIDER_HOME_PATH): string {
  if (!to || typeof to !== "string") return fallback;
  // eslint-disable-next-line no-control-regex
  if (!to.startsWith("/") || to.startsWith("//") || /[\u0000-\u001f\u007f\\]/.test(to)) return fallback;
  let url: URL;
  try {
    url = new URL(to, "http://provider.invalid");
  } catch {
    return fallback;
  }
  if (url.origin !== "http://provider.invalid") return fallback;
  const path = url.pathname;
  if (path !== PROVIDER_HOME_PATH && !path.startsWith(`${PROVIDER_HOME_PATH}/`)) return fallback;
  if (NOT_AFTER_SIGN_IN.some((page) => path === page || path.startsWith(`${page}/`))) return fallback;
  return path + url.search + url.hash;
}

/** Throws the redirect to the provider sign-in, coming back here (a /provider path only) afterwards. */
export function providerLoginRedirect(request: Request): never {
  const url = new URL(request.url);
  const back = safeProviderRedirect(url.pathname + url.search, "");
  throw redirect(back ? `${PROVIDER_LOGIN_PATH}?${new URLSearchParams({ redirectTo: back })}` : PROVIDER_LOGIN_PATH);
}

/** The signed-in provider, or null (no session, ended, or the account can no longer sign in). */
export async function getProvider(request: Request): Promise<ProviderAccount | null> {
  return (await getProviderSession(request)).get("provider") ?? null;
}

/**
 * Line one of every /provider loader and action: no session → the provider sign-in (coming back
 * here afterwards). The API down → the error page with its message.
 */
export async function requireProvider(request: Request): Promise<{ provider: ProviderAccount; api: Marketplace }> {
  const provider = await getProvider(request).catch(throwLoaderError);
  if (!provider) providerLoginRedirect(request);
  return { provider, api: marketplaceFor(providerCallerOf(provider, request), request) };
}

/** The caller of a provider's API calls: acting on their own profile (x-acting-provider), stopped when the browser goes away. */
export function providerCallerOf(provider: Pick<ProviderAccount, "serviceProvider_id">, request?: Request): Caller {
  return { providerId: provider.serviceProvider_id, signal: request?.signal };
}
