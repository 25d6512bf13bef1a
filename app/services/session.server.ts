import { createCookieSessionStorage, type Session } from "@remix-run/node";
import { getServerEnv } from "./env.server";
import type { AdminUser } from "~/models/admin-user";

export type Toast = { type: "success" | "error" | "info" | "warning"; message: string; title?: string };

export type SessionData = {
  adminUserId: number;
  /** the admin's record as last read from the API, with the time it was read (ms) */
  admin: AdminUser;
  adminReadAt: number;
};
export type SessionFlashData = { toast: Toast };
export type AdminSession = Session<SessionData, SessionFlashData>;

let storage: { secret: string; secure: boolean; value: ReturnType<typeof build> } | undefined;

function build(secret: string, secure: boolean) {
  return createCookieSessionStorage<SessionData, SessionFlashData>({
    cookie: {
      name: "__admin_session",
      httpOnly: true,
      sameSite: "lax",
      path: "/",
      secure,
      secrets: [secret],
      maxAge: 60 * 60 * 12,
    },
  });
}

export function sessionStorage() {
  const env = getServerEnv();
  if (!storage || storage.secret !== env.SESSION_SECRET || storage.secure !== env.COOKIE_SECURE) {
    storage = { secret: env.SESSION_SECRET, secure: env.COOKIE_SECURE, value: build(env.SESSION_SECRET, env.COOKIE_SECURE) };
  }
  return storage.value;
}

export function getSession(request: Request): Promise<AdminSession> {
  return sessionStorage().getSession(request.headers.get("Cookie"));
}

export function commitSession(session: AdminSession): Promise<string> {
  return sessionStorage().commitSession(session);
}

export function destroySession(session: AdminSession): Promise<string> {
  return sessionStorage().destroySession(session);
}
