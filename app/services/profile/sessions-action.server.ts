import type { AdminUser } from "~/models/admin-users";
import { isRecordId } from "~/models/ids";
import { endAdminSession, endOtherAdminSessions } from "~/services/marketplace/admin-sessions.server";
import { MarketplaceError } from "~/services/marketplace/client.server";
import { forgetSessionReads, getSession } from "~/services/session.server";
import { redirectWithToast } from "~/services/toast.server";

const PROFILE = "/admin/profile";

/** "Sign out other sessions", or one of them. Only this admin's own sessions can be named. */
export async function sessionsAction(request: Request, admin: AdminUser) {
  const session = await getSession(request);
  const form = await request.formData();
  const intent = form.get("intent");
  try {
    if (intent === "sign-out-others") {
      const ended = await endOtherAdminSessions(admin.adminUserId, session.id);
      forgetSessionReads();
      const message = ended === 0 ? "There were no other sessions to sign out." : `Signed out ${ended} other session${ended === 1 ? "" : "s"}.`;
      return redirectWithToast(request, PROFILE, { type: "success", message });
    }
    if (intent === "sign-out-session") {
      const raw = form.get("sessionId");
      const sessionId = typeof raw === "string" && isRecordId(raw) ? Number(raw) : null;
      if (!sessionId) return redirectWithToast(request, PROFILE, { type: "error", message: "That session could not be found." });
      if (sessionId === session.get("session")?.sessionId) {
        return redirectWithToast(request, PROFILE, { type: "error", message: "To end this session, use Logout." });
      }
      await endAdminSession(admin.adminUserId, sessionId);
      forgetSessionReads();
      return redirectWithToast(request, PROFILE, { type: "success", message: "Signed out that session." });
    }
  } catch (error) {
    if (!(error instanceof MarketplaceError)) throw error;
    const message = error.kind === "not-found" ? "That session has already ended." : error.message;
    return redirectWithToast(request, PROFILE, { type: error.kind === "not-found" ? "info" : "error", message });
  }
  throw new Response(`Unknown intent: ${String(intent)}`, { status: 400, statusText: "Bad Request" });
}
