import { marketplaceFor, type Marketplace } from "./marketplace/index.server";
import { redirect, type AppLoadContext } from "@remix-run/node";
import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import { hasAccess, type RouteAccess } from "~contract/access";
import { SessionToken } from "~contract/admin-sessions";
import { LoginBody, NOT_ACTIVE_MESSAGE, type AdminUser } from "~contract/admin-users";
import { getServerEnv } from "./env.server";
import { createAdminSession, resolveAdminSession } from "./marketplace/admin-sessions.server";
import { TWO_FACTOR_MESSAGES, type SecondFactorChallenge } from "~contract/two-factor";
import { signInStepCookie } from "./two-factor/sign-in-step.server";
import { loginAdminUser } from "./marketplace/admin-users.server";
import { MarketplaceError } from "./marketplace/client.server";
import { throwLoaderError } from "./errors.server";
import { commitNewSession, forgetSessionRead, getSession, sessionTokenOf } from "./session.server";

export const LOGIN_PATH = "/admin/login";

/** The second step of an admin's sign-in (two-factor): its challenge rides in this cookie, under /admin/login only. */
export const adminSignInStep = signInStepCookie("__admin_sign_in", LOGIN_PATH);

/** A failed sign-in the login page shows as it is; retryAfterSeconds when too many failures refused it (the API's 429). */
export class LoginError extends Error {
  constructor(
    message: string,
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }
}

/** How long a sign-in the API refused for too many failures must wait (its 429's retry_after_seconds), else undefined. */
export function retryAfterOf(error: MarketplaceError): number | undefined {
  if (error.status !== 429) return undefined;
  const seconds = (error.body as { retry_after_seconds?: unknown } | undefined)?.retry_after_seconds;
  return typeof seconds === "number" && Number.isFinite(seconds) && seconds > 0 ? Math.ceil(seconds) : 60;
}

/** A refused sign-in page's status: 429 with Retry-After when it was throttled, else 400. */
export function refusedSignIn(retryAfterSeconds: number | undefined): ResponseInit {
  return retryAfterSeconds ? { status: 429, headers: { "Retry-After": String(retryAfterSeconds) } } : { status: 400 };
}

/** What the admin's server (server/) tells every loader and action about the request. */
declare module "@remix-run/server-runtime" {
  interface AppLoadContext {
    /** the browser's address: the socket's, or X-Forwarded-For's from a proxy named in TRUST_PROXY */
    clientAddress?: string;
    /** this response's Content-Security-Policy nonce */
    cspNonce?: string;
    /** how many other admins' page and data requests this server is answering right now */
    othersInFlight?: () => number;
    /** a page (HTML) request, not a client navigation's data request (*.data): server-drawn islands go by the context */
    documentRequest?: boolean;
    /** the islands' markup for this document, by id (services/server-html.server.ts) */
    serverHtml?: Record<string, string>;
    /** this request's id (x-request-id), as both servers log it */
    requestId?: string;
    /** reports an unexpected error on the admin's log, with the request's id */
    logError?: (error: unknown) => void;
  }
}

// remix-auth hands the strategy a copy of the request and nothing else: the sign-in's address
// (from the load context) rides in this header, set by signIn on its own copy, never the browser's.
const SIGN_IN_ADDRESS_HEADER = "x-admin-sign-in-address";

/** A right password: the admin, and the second step to pass first when they sign in with two-factor. */
type PasswordChecked = { admin: AdminUser; secondFactor?: SecondFactorChallenge };

export const authenticator = new Authenticator<PasswordChecked>();
authenticator.use(
  new FormStrategy(async ({ form, request }) => {
    const parsed = LoginBody.safeParse({ username: form.get("username"), password: form.get("password") });
    if (!parsed.success) throw new LoginError(parsed.error.issues[0]?.message ?? "Please input username!");
    let checked: PasswordChecked;
    try {
      checked = await loginAdminUser(
        {
          clientAddress: request.headers.get(SIGN_IN_ADDRESS_HEADER) || undefined,
        },
        parsed.data.username,
        parsed.data.password,
      );
    } catch (error) {
      if (error instanceof MarketplaceError) throw new LoginError(error.message, retryAfterOf(error));
      throw error;
    }
    if (checked.admin.adminStatus !== "Active") throw new LoginError(NOT_ACTIVE_MESSAGE);
    return checked;
  }),
  "admin-form",
);

/** A sign-in's outcome: signed in (the session's cookie), or a second step to pass first (its cookie). */
export type SignedIn =
  | { kind: "signed-in"; admin: AdminUser; setCookie: string }
  | { kind: "second-factor"; step: SecondFactorChallenge["step"]; setCookie: string };

/**
 * Checks the form's username and password (LoginError says why not). An admin without two-factor
 * is signed in (a session opens in the API); one with it (or whom the policy requires to set it up)
 * gets the second step's cookie instead: the session opens only after it (completeSignIn).
 */
export async function signIn(request: Request, context: AppLoadContext, redirectTo: string): Promise<SignedIn> {
  const address = context.clientAddress ?? "";
  const headers = new Headers(request.headers);
  headers.set(SIGN_IN_ADDRESS_HEADER, address);
  const copy = new Request(request.url, { method: request.method, headers, body: await request.clone().arrayBuffer() });
  const { admin, secondFactor } = await authenticator.authenticate("admin-form", copy);
  if (secondFactor) {
    const setCookie = await adminSignInStep.commit({
      token: secondFactor.challenge_token,
      step: secondFactor.step,
      accountId: admin.adminUserId,
      redirectTo,
    });
    return { kind: "second-factor", step: secondFactor.step, setCookie };
  }
  return { kind: "signed-in", admin, setCookie: await openSession(request, context, admin.adminUserId) };
}

/**
 * Opens the admin's session in the API (after the password, and the second step's passed challenge
 * when there is one) and answers its Set-Cookie.
 */
export async function openSession(
  request: Request,
  context: AppLoadContext,
  adminUserId: number,
  challengeToken?: string,
): Promise<string> {
  const address = context.clientAddress ?? "";
  const env = getServerEnv();
  // the session this browser held until now ends with this sign-in (its cookie is replaced below)
  const previous = await sessionTokenOf(request);
  let opened;
  try {
    opened = await createAdminSession(adminUserId, {
      userAgent: request.headers.get("User-Agent") ?? "",
      address,
      idleSeconds: env.SESSION_IDLE_MINUTES * 60,
      absoluteSeconds: env.SESSION_MAX_DAYS * 86_400,
      replacesToken: previous && SessionToken.safeParse(previous).success ? previous : undefined,
      challengeToken,
    });
  } catch (error) {
    // blocked between the password check and now, or the second step's challenge is no longer good
    if (error instanceof MarketplaceError && error.kind === "refused") throw new LoginError(error.message);
    throw error;
  }
  if (previous) forgetSessionRead(previous);
  // the session as the API holds it, with the admin's record of now
  const resolved = await resolveAdminSession(opened.token);
  if (!resolved) throw new LoginError(TWO_FACTOR_MESSAGES.challengeExpired);
  return commitNewSession(opened.token, { admin: resolved.admin, session: resolved.session });
}

/**
 * Only same-site paths under /admin; anything else falls back to the dashboard. The path is
 * resolved first (so /admin/../x is /x, refused), and control characters are refused outright.
 */
export function safeRedirect(to: FormDataEntryValue | string | null | undefined, fallback = "/admin"): string {
  if (!to || typeof to !== "string") return fallback;
  // eslint-disable-next-line no-control-regex
  if (!to.startsWith("/") || to.startsWith("//") || /[\u0000-\u001f\u007f\\]/.test(to)) return fallback;
  let url: URL;
  try {
    url = new URL(to, "http://admin.invalid");
  } catch {
    return fallback;
  }
  if (url.origin !== "http://admin.invalid") return fallback;
  const path = url.pathname;
  if (path !== "/admin" && !path.startsWith("/admin/")) return fallback;
  if (path === LOGIN_PATH || path.startsWith(`${LOGIN_PATH}/`)) return fallback;
  return path + url.search + url.hash;
}

export function loginRedirect(request: Request): never {
  const url = new URL(request.url);
  const here = url.pathname + url.search;
  const params = new URLSearchParams({ redirectTo: here });
  throw redirect(`${LOGIN_PATH}?${params}`);
}

/** The signed-in admin, or null (no session, ended, or the admin no longer Active). */
export async function getAdmin(request: Request): Promise<AdminUser | null> {
  const admin = (await getSession(request)).get("admin");
  return admin && admin.adminStatus === "Active" ? admin : null;
}

/**
 * Line one of every /admin loader and action: no session → login (coming back here afterwards);
 * no access to this route → 403 inside the shell. Gives the admin and the marketplace API bound
 * to them for this request (see Marketplace: how its failures are answered).
 */
export async function requireAdmin(request: Request, access: RouteAccess): Promise<{ admin: AdminUser; api: Marketplace }> {
  // the session is read from the API: when it is down, every route (files too) answers 503 with the message
  const admin = await getAdmin(request).catch(throwLoaderError);
  if (!admin) loginRedirect(request);
  if (!hasAccess(admin.adminAccessRoleSettings, access)) {
    throw new Response("You do not have access to this page.", { status: 403, statusText: "Forbidden" });
  }
  return { admin, api: marketplaceFor({ adminUserId: admin.adminUserId, signal: request.signal }, request) };
}
