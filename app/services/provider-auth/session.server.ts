import { createCookie, createSession, createSessionStorage, type Session } from "@remix-run/node";
import type { ProviderAccount, ProviderSessionRecord } from "~contract/provider-auth";
import { getServerEnv } from "../env.server";
import { sessionReads } from "../session-reads.server";
import { endProviderSessionByToken, resolveProviderSession } from "../marketplace/provider-auth.server";

/**
 * The signed-in provider's session lives in the API (table provider_sessions); the
 * `__provider_session` cookie carries only its random token, signed with SESSION_SECRET, and is
 * sent only under /provider. The admin's pages read `__admin_session` alone, so this cookie never
 * opens /admin.
 */
export type ProviderSessionData = { provider: ProviderAccount; session: ProviderSessionRecord };
export type ProviderSession = Session<ProviderSessionData>;

export const PROVIDER_SESSION_COOKIE = "__provider_session";
export const PROVIDER_COOKIE_PATH = "/provider";

let storage: { key: string; sessions: ReturnType<typeof build>; cookie: ReturnType<typeof createCookie> } | undefined;

// the layout's and the page's loaders share one read, for ADMIN_REFRESH_SECONDS at most
const reads = sessionReads(resolveProviderSession, {
  // while the API does not answer, the last read stands in until the session would end by itself (session-reads.server.ts)
  usableUntil: ({ session }) => Math.min(Date.parse(session.idle_expires_at), Date.parse(session.expires_at)),
});

/** After a change to the provider's account (subscribing): the next read asks the API, in this process at least. */
export function forgetProviderSessionReads() {
  reads.clear();
}

const cookieOptions = (secret: string, secure: boolean, maxAgeSeconds: number) => ({
  httpOnly: true,
  sameSite: "lax" as const,
  path: PROVIDER_COOKIE_PATH,
  secure,
  secrets: [secret],
  maxAge: maxAgeSeconds,
});

function build(secret: string, secure: boolean, maxAgeSeconds: number) {
  return createSessionStorage<ProviderSessionData>({
    cookie: { name: PROVIDER_SESSION_COOKIE, ...cookieOptions(secret, secure, maxAgeSeconds) },
    async createData() {
      throw new Error("a provider session is created by signing in");
    },
    async readData(token) {
      const resolved = await reads.read(token);
      return resolved ? { provider: resolved.provider, session: resolved.session } : null;
    },
    async updateData() {
      // nothing in the session changes after sign-in
    },
    async deleteData(token) {
      if (!token) return;
      reads.forget(token);
      await endProviderSessionByToken(token);
    },
  });
}

function current() {
  const env = getServerEnv();
  const maxAge = env.SESSION_MAX_DAYS * 86_400;
  const key = JSON.stringify([env.SESSION_SECRET, env.COOKIE_SECURE, maxAge]);
  if (storage?.key !== key) {
    storage = {
      key,
      sessions: build(env.SESSION_SECRET, env.COOKIE_SECURE, maxAge),
      cookie: createCookie(PROVIDER_SESSION_COOKIE, cookieOptions(env.SESSION_SECRET, env.COOKIE_SECURE, maxAge)),
    };
  }
  return storage;
}

export function providerSessionStorage() {
  return current().sessions;
}

/** The token this browser's provider cookie carries (signed by us), or undefined, read without asking the API. */
export async function providerSessionTokenOf(request: Request): Promise<string | undefined> {
  const token: unknown = await current().cookie.parse(request.headers.get("Cookie"));
  return typeof token === "string" && token !== "" ? token : undefined;
}

/** A session ended by a sign-in: no read of it is reused, in this process at least. */
export function forgetProviderSessionRead(token: string) {
  reads.forget(token);
}

export function getProviderSession(request: Request): Promise<ProviderSession> {
  return providerSessionStorage().getSession(request.headers.get("Cookie"));
}

/** The Set-Cookie for a session just opened in the API. */
export function commitNewProviderSession(token: string, data: ProviderSessionData): Promise<string> {
  return providerSessionStorage().commitSession(createSession<ProviderSessionData>(data, token));
}

/** Ends the session in the API and clears its cookie. */
export function destroyProviderSession(session: ProviderSession): Promise<string> {
  return providerSessionStorage().destroySession(session);
}

/** Clears the cookie without asking the API (when it cannot be reached). */
export const CLEARED_PROVIDER_COOKIE = `${PROVIDER_SESSION_COOKIE}=; Path=${PROVIDER_COOKIE_PATH}; HttpOnly; SameSite=Lax; Max-Age=0`;
