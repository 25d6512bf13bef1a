import { createCookie } from "@remix-run/node";
import { z } from "zod";
import { getServerEnv } from "./env.server";

/** Display preferences of this browser (not secret, so not in the session): the mini sidebar. */
export type Preferences = { miniSidebar: boolean };

const PreferencesCookie = z.object({ miniSidebar: z.boolean().optional() });

const cookieOptions = {
  path: "/",
  httpOnly: true,
  sameSite: "lax" as const,
  maxAge: 60 * 60 * 24 * 365,
};

function preferencesCookie() {
  return createCookie("__admin_prefs", { ...cookieOptions, secure: getServerEnv().COOKIE_SECURE });
}

export async function getPreferences(request: Request): Promise<Preferences> {
  const value: unknown = await preferencesCookie().parse(request.headers.get("Cookie"));
  const parsed = PreferencesCookie.safeParse(value);
  return { miniSidebar: parsed.success && parsed.data.miniSidebar === true };
}

export function serializePreferences(preferences: Preferences): Promise<string> {
  return preferencesCookie().serialize({ miniSidebar: preferences.miniSidebar });
}
