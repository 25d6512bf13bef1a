import { ACCESS_NAMES } from "~/models/access";
import type { AdminUser } from "~/models/admin-users";
import type { ProfilePageData } from "~/models/profile";
import { nullOnApiFailure } from "~/services/errors.server";
import { listAdminSessions } from "~/services/marketplace/admin-sessions.server";
import { getSession } from "~/services/session.server";
import { formatDateTime } from "~/utils/dates";
import { describeUserAgent } from "~/utils/user-agent";

/** The signed-in admin's account and where they are signed in (this session marked). */
export async function profileLoader(request: Request, admin: AdminUser): Promise<ProfilePageData> {
  const all = admin.adminAccessRoleSettings.includes("*");
  const currentId = (await getSession(request)).get("session")?.sessionId;
  const listed = await listAdminSessions(admin.adminUserId).catch(nullOnApiFailure);
  const sessions =
    listed?.map((s) => ({
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
    username: admin.adminUsername,
    email: admin.adminEmail,
    role: admin.adminRole,
    status: admin.adminStatus,
    access: all ? null : ACCESS_NAMES.filter((name) => admin.adminAccessRoleSettings.includes(name)),
    appearance: admin.appearance,
  };
}
