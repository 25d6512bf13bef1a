import type { Toast } from "~/models/toast";
import { createCookie, createCookieSessionStorage, createSession, createSessionStorage, type Session } from "@remix-run/node";
import type { AdminSessionRecord } from "~contract/admin-sessions";
import type { AdminUser } from "~contract/admin-users";
import { getServerEnv } from "./env.server";
import { sessionReads } from "./session-reads.server";
import { endAdminSessionByToken, resolveAdminSession } from "./marketplace/admin-sessions.server";

/**
 * The signed-in admin's session lives in the API (table admin_sessions); the `__admin_session`
 * cookie carries only its random token, signed. Reading the session asks the API, so a session
 * ended anywhere (sign-out, "Sign out other sessions", the admin blocked or their access changed)
 * is refused on the next request — in another admin process, after ADMIN_REFRESH_SECONDS at most
 * (the time a read is reused: app/services/session-reads.server.ts).
 */
export type SessionData = {
  /** the admin's record as the API answered it with the session */
  admin: AdminUser;
  session: AdminSessionRecord;
};
export type AdminSession = Session<SessionData>;

/** Flash messages (toasts) ride in their own small signed cookie: no server row for a toast. */
export type FlashData = Record<string, never>;
export type FlashSessionData = { toast: Toast };
export type FlashSession = Session<FlashData, FlashSessionData>;

export const SESSION_COOKIE = "__admin_session";
export const FLASH_COOKIE = "__admin_flash";

type Storages = {
  key: string;
  /** the session cookie alone (its signed token), read without asking the API */
  cookie: ReturnType<typeof createCookie>;
  sessions: ReturnType<typeof buildSessionStorage>;
  flash: ReturnType<typeof buildFlashStorage>;
};
let storages: Storages | undefined;

function cookieOptions(name: string, secret: string, secure: boolean, maxAge?: number) {
  return { name, httpOnly: true, sameSite: "lax" as const, path: "/", secure, secrets: [secret], maxAge };
}

// the layout's and the page's loaders share one read, for ADMIN_REFRESH_SECONDS at most; dropped at sign-out
const reads = sessionReads(resolveAdminSession, {
  // while the API does not answer: until the session would end unused, or at its absolute end
  usableUntil: ({ session }) => Math.min(Date.parse(session.idle_expires_at), Date.parse(session.expires_at)),
});

/** After sessions are ended by id (not by token): no read of them is reused, in this process at least. */
export function forgetSessionReads() {
  reads.clear();
}

function buildSessionStorage(secret: string, secure: boolean, maxAgeSeconds: number) {
  return createSessionStorage<SessionData>({
    cookie: cookieOptions(SESSION_COOKIE, secret, secure, maxAgeSeconds),
    async createData() {
      // Sessions are opened only by signing in (openAdminSession), never by committing an empty one.
      throw new Error("an admin session is created by signing in");
    },
    async readData(token) {
      const resolved = await reads.read(token);
      if (!resolved) return null;
      return { admin: resolved.admin, session: resolved.session };
    },
    async updateData() {
      // nothing in the session changes after sign-in
    },
    async deleteData(token) {
      if (!token) return;
      reads.forget(token);
      await endAdminSessionByToken(token);
    },
  });
}

function buildFlashStorage(secret: string, secure: boolean) {
  return createCookieSessionStorage<FlashData, FlashSessionData>({ cookie: cookieOptions(FLASH_COOKIE, secret, secure) });
}

function current(): Storages {
  const env = getServerEnv();
  const maxAge = env.SESSION_MAX_DAYS * 86_400;
  const key = JSON.stringify([env.SESSION_SECRET, env.COOKIE_SECURE, maxAge]);
  if (storages?.key !== key) {
    storages = {
      key,
      cookie: createCookie(SESSION_COOKIE, cookieOptions(SESSION_COOKIE, env.SESSION_SECRET, env.COOKIE_SECURE, maxAge)),
      sessions: buildSessionStorage(env.SESSION_SECRET, env.COOKIE_SECURE, maxAge),
      flash: buildFlashStorage(env.SESSION_SECRET, env.COOKIE_SECURE),
    };
  }
  return storages;
}

export function sessionStorage() {
  return current().sessions;
}

export function getSession(request: Request): Promise<AdminSession> {
  return current().sessions.getSession(request.headers.get("Cookie"));
}

/**
 * The token this browser's session cookie carries (signed by us), or undefined: read without asking
 * the API, so a sign-in can end the session the browser held before (live or not).
 */
export async function sessionTokenOf(request: Request): Promise<string | undefined> {
  const token: unknown = await current().cookie.parse(request.headers.get("Cookie"));
  return typeof token === "string" && token !== "" ? token : undefined;
}

/** A session ended by a sign-in: no read of it is reused, in this process at least. */
export function forgetSessionRead(token: string) {
  reads.forget(token);
}

/** The Set-Cookie for a session just opened in the API (its token becomes the cookie's value). */
export function commitNewSession(token: string, data: SessionData): Promise<string> {
  return current().sessions.commitSession(createSession<SessionData>(data, token));
}

/** Ends the session in the API and clears its cookie. */
export function destroySession(session: AdminSession): Promise<string> {
  return current().sessions.destroySession(session);
}

export function getFlash(request: Request): Promise<FlashSession> {
  return current().flash.getSession(request.headers.get("Cookie"));
}

export function commitFlash(flash: FlashSession): Promise<string> {
  return current().flash.commitSession(flash);
}
