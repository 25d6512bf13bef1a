import { ACCESS_NAMES } from "~contract/access";
import type { AdminUser } from "~contract/admin-users";
import { SESSIONS_PAGE_SIZE } from "~contract/admin-sessions";
import { Page } from "~contract/list-query-schema";
import { SESSIONS_PAGE_PARAM, type ProfilePageData } from "~/models/profile";
import { nullOnApiFailure } from "~/services/errors.server";
import { listAdminSessions } from "~/services/marketplace/admin-sessions.server";
import { adminTwoFactorStatus } from "~/services/marketplace/two-factor.server";
import { getSession } from "~/services/session.server";
import { formatDateTime } from "~/utils/dates";
import { describeUserAgent } from "~/utils/user-agent";

/** The sessions list's page the URL asks for (?sessions_page=; anything unreadable is page 1). */
export function sessionsPageOf(url: URL): number {
  const page = Page.safeParse(url.searchParams.get(SESSIONS_PAGE_PARAM) ?? undefined);
  return page.success ? page.data : 1;
}

/** The signed-in admin's account and where they are signed in (this session marked). */
export async function profileLoader(request: Request, admin: AdminUser): Promise<ProfilePageData> {
  const all = admin.adminAccessRoleSettings.includes("*");
  const currentId = (await getSession(request)).get("session")?.sessionId;
  const page = sessionsPageOf(new URL(request.url));
  const [listed, twoFactor] = await Promise.all([
    listAdminSessions(admin.adminUserId, { page, pageSize: SESSIONS_PAGE_SIZE }).catch(nullOnApiFailure),
    adminTwoFactorStatus({ adminUserId: admin.adminUserId, signal: request.signal }, admin.adminUserId).catch(nullOnApiFailure),
  ]);
  const sessions =
    listed?.sessions.map((s) => ({
      sessionId: s.sessionId,
      device: describeUserAgent(s.user_agent),
      userAgent: s.user_agent,
      address: s.address,
      signedIn: formatDateTime(s.created_at),
      lastActive: formatDateTime(s.last_seen_at),
      current: s.sessionId === currentId,
    })) ?? null;
  return {
    sessions,
    sessionPaging: { page, pageSize: SESSIONS_PAGE_SIZE, total: listed?.total ?? 0 },
    username: admin.adminUsername,
    email: admin.adminEmail,
    role: admin.adminRole,
    status: admin.adminStatus,
    access: all ? null : ACCESS_NAMES.filter((name) => admin.adminAccessRoleSettings.includes(name)),
    appearance: admin.appearance,
    twoFactor: { status: twoFactor, enabledSince: twoFactor?.enabled_at ? formatDateTime(twoFactor.enabled_at) : null },
  };
}
