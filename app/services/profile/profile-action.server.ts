import { APPEARANCES, type AdminUser } from "~contract/admin-users";
import { type Appearance } from "~/models/admin-users";
import { isRecordId } from "~contract/ids";
import { fieldErrorsOf } from "~contract/form-result";
import { PROFILE_MESSAGES } from "~contract/profile";
import { SESSIONS_PAGE_PARAM } from "~/models/profile";
import { ChangePasswordForm } from "~/models/profile-forms";
import { formFailure } from "~/services/form-result.server";
import { endAdminSession, endOtherAdminSessions } from "~/services/marketplace/admin-sessions.server";
import { callerOf, MarketplaceError } from "~/services/marketplace/client.server";
import { changeAdminPassword, updateAdminAppearance } from "~/services/marketplace/profile.server";
import { forgetSessionReads, getSession } from "~/services/session.server";
import { redirectWithToast } from "~/services/toast.server";
import { sessionsPageOf } from "./profile-loader.server";
import { isOneOf } from "~shared/one-of";

const PROFILE = "/admin/profile";

/**
 * The Profile page's forms: the password change, the appearance, "Sign out other sessions" or one
 * of them. Only this admin's own account and sessions can be named.
 */
export async function profileAction(request: Request, admin: AdminUser) {
  const session = await getSession(request);
  const form = await request.formData();
  const intent = form.get("intent");
  if (intent === "change-password") return changePassword(request, admin, form, session.id);
  if (intent === "appearance") return saveAppearance(request, admin, form);
  try {
    if (intent === "sign-out-others") {
      const ended = await endOtherAdminSessions(admin.adminUserId, session.id);
      forgetSessionReads();
      const message =
        ended === 0 ? "There were no other sessions to sign out." : `Signed out ${ended} other session${ended === 1 ? "" : "s"}.`;
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
      // back to the page of the list it was on
      const page = sessionsPageOf(new URL(request.url));
      const back = page > 1 ? `${PROFILE}?${new URLSearchParams({ [SESSIONS_PAGE_PARAM]: String(page) })}` : PROFILE;
      return redirectWithToast(request, back, { type: "success", message: "Signed out that session." });
    }
  } catch (error) {
    if (!(error instanceof MarketplaceError)) throw error;
    const message = error.kind === "not-found" ? "That session has already ended." : error.message;
    return redirectWithToast(request, PROFILE, { type: error.kind === "not-found" ? "info" : "error", message });
  }
  throw new Response(`Unknown intent: ${String(intent)}`, { status: 400, statusText: "Bad Request" });
}

/** The password form never sends a password back: a failure refills nothing but shows why. */
async function changePassword(request: Request, admin: AdminUser, form: FormData, keepToken: string) {
  const fail = (failure: { fieldErrors?: Record<string, string>; formError?: string }, status = 400) =>
    formFailure({}, { intent: "change-password", ...failure }, status);
  const parsed = ChangePasswordForm.safeParse(Object.fromEntries([...form].filter(([, v]) => typeof v === "string")));
  if (!parsed.success) return fail({ fieldErrors: fieldErrorsOf(parsed.error.issues) });
  const { current_password, new_password } = parsed.data;
  try {
    await changeAdminPassword(callerOf(admin, request), admin.adminUserId, { current_password, new_password }, keepToken);
  } catch (error) {
    if (!(error instanceof MarketplaceError)) throw error;
    if (error.kind === "invalid" && Object.keys(error.fieldErrors).length > 0) return fail({ fieldErrors: error.fieldErrors });
    return fail({ formError: error.message }, error.kind === "unavailable" ? 503 : 400);
  }
  forgetSessionReads();
  return redirectWithToast(request, PROFILE, { type: "success", message: PROFILE_MESSAGES.passwordChanged });
}

async function saveAppearance(request: Request, admin: AdminUser, form: FormData) {
  const chosen = form.get("appearance");
  if (typeof chosen !== "string" || !isOneOf(APPEARANCES, chosen)) {
    return redirectWithToast(request, PROFILE, { type: "error", message: "Choose Light, Dark or System" });
  }
  try {
    await updateAdminAppearance(callerOf(admin, request), admin.adminUserId, chosen as Appearance);
  } catch (error) {
    if (!(error instanceof MarketplaceError)) throw error;
    return redirectWithToast(request, PROFILE, { type: "error", message: error.message });
  }
  forgetSessionReads();
  return redirectWithToast(request, PROFILE, { type: "success", message: PROFILE_MESSAGES.appearanceSaved });
}
