import { redirect } from "@remix-run/node";
import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import { hasAccess, type RouteAccess } from "~/models/access";
import { LoginBody, NOT_ACTIVE_MESSAGE, type AdminUser } from "~/models/admin-user";
import { getServerEnv } from "./env.server";
import { clientAddressOf, MarketplaceError } from "./marketplace/client.server";
import { getAdminUserById, loginAdminUser } from "./marketplace/admin-users.server";
import { getSession } from "./session.server";

export const LOGIN_PATH = "/admin/login";

/** A failed sign-in the login page shows as it is. */
export class LoginError extends Error {}

export const authenticator = new Authenticator<AdminUser>();
authenticator.use(
  new FormStrategy(async ({ form, request }) => {
    const parsed = LoginBody.safeParse({ username: form.get("username"), password: form.get("password") });
    if (!parsed.success) throw new LoginError(parsed.error.issues[0]?.message ?? "Please input username!");
    let admin: AdminUser;
    try {
      admin = await loginAdminUser(parsed.data.username, parsed.data.password, {
        clientAddress: clientAddressOf(request),
      });
    } catch (error) {
      if (error instanceof MarketplaceError) throw new LoginError(error.message);
      throw error;
    }
    if (admin.adminStatus !== "Active") throw new LoginError(NOT_ACTIVE_MESSAGE);
    return admin;
  }),
  "admin-form",
);

/** Only same-site paths under /admin; anything else falls back to the dashboard. */
export function safeRedirect(to: FormDataEntryValue | string | null | undefined, fallback = "/admin"): string {
  if (!to || typeof to !== "string") return fallback;
  if (!to.startsWith("/admin") || to.startsWith("//") || to.includes("\\")) return fallback;
  if (to.startsWith(LOGIN_PATH)) return fallback;
  return to;
}

export function loginRedirect(request: Request): never {
  const url = new URL(request.url);
  const here = url.pathname + url.search;
  const params = new URLSearchParams({ redirectTo: here });
  throw redirect(`${LOGIN_PATH}?${params}`);
}

// Each admin's record is re-read from the API at most every ADMIN_REFRESH_SECONDS, so an admin who
// is blocked or given other access loses it within that time (well inside a minute).
const adminCache = new Map<number, { admin: AdminUser; readAt: number }>();

export function forgetAdmin(adminUserId: number) {
  adminCache.delete(adminUserId);
}

/** The signed-in admin, or null (no session, unknown or no longer Active). */
export async function getAdmin(request: Request): Promise<AdminUser | null> {
  const session = await getSession(request);
  const adminUserId = session.get("adminUserId");
  if (typeof adminUserId !== "number") return null;
  const ttl = getServerEnv().ADMIN_REFRESH_SECONDS * 1000;
  const cached = adminCache.get(adminUserId);
  let admin: AdminUser;
  if (cached && Date.now() - cached.readAt < ttl) {
    admin = cached.admin;
  } else {
    try {
      admin = await getAdminUserById(adminUserId, { adminUserId });
    } catch (error) {
      if (error instanceof MarketplaceError && error.kind === "not-found") {
        adminCache.delete(adminUserId);
        return null;
      }
      throw error;
    }
    adminCache.set(adminUserId, { admin, readAt: Date.now() });
  }
  return admin.adminStatus === "Active" ? admin : null;
}

/**
 * Line one of every /admin loader and action: no session → login (coming back here afterwards);
 * no access to this route → 403 inside the shell.
 */
export async function requireAdmin(request: Request, access: RouteAccess): Promise<AdminUser> {
  const admin = await getAdmin(request);
  if (!admin) loginRedirect(request);
  if (!hasAccess(admin.adminAccessRoleSettings, access)) {
    throw new Response("You do not have access to this page.", { status: 403, statusText: "Forbidden" });
  }
  return admin;
}
