import { z } from "zod";
import { TWO_FACTOR_ISSUERS } from "~contract/two-factor";
import { APPEARANCES, type AdminUser } from "~contract/admin-users";
import { PROFILE_MESSAGES } from "~contract/profile";
import { isRecordId } from "~contract/ids";
import { SESSIONS_PAGE_PARAM } from "~/models/profile";
import { ChangePasswordForm } from "~/models/profile-forms";
import { handleForm, intent } from "~/services/form-action.server";
import { formFailure } from "~/services/form-result.server";
import { endAdminSession, endOtherAdminSessions } from "~/services/marketplace/admin-sessions.server";
import { MarketplaceError } from "~/services/marketplace/client.server";
import type { Marketplace } from "~/services/marketplace/index.server";
import { forgetSessionReads, getSession } from "~/services/session.server";
import { redirectWithToast } from "~/services/toast.server";
import { sessionsPageOf } from "./profile-loader.server";
import { twoFactorIntents } from "~/services/two-factor/account-intents.server";

const PROFILE = "/admin/profile";

/** The password form never sends a password back: a failure refills nothing but shows why. */
const passwordFailure = (failure: { fieldErrors?: Record<string, string>; formError?: string }, status = 400) =>
  formFailure({}, { intent: "change-password", ...failure }, status);

/** The appearance chosen, or null when it is none of Light, Dark or System (answered with a toast). */
const AppearanceForm = z.object({ appearance: z.enum(APPEARANCES).nullable().catch(null) });
/** The session named, or null when the form names none (answered with a toast). */
const OneSession = z.object({
  sessionId: z.preprocess((value) => (typeof value === "string" && isRecordId(value) ? Number(value) : null), z.number().nullable()),
});

/** The sessions' buttons answer with a toast: an API refusal too ("already ended" when it is gone). */
async function toastingRefusal(request: Request, work: () => Promise<Response>) {
  try {
    return await work();
  } catch (error) {
    if (!(error instanceof MarketplaceError)) throw error;
    const message = error.kind === "not-found" ? "That session has already ended." : error.message;
    return redirectWithToast(request, PROFILE, { type: error.kind === "not-found" ? "info" : "error", message });
  }
}

/**
 * The Profile page's forms: the password change, the appearance, "Sign out other sessions" or one
 * of them. Only this admin's own account and sessions can be named.
 */
export async function profileAction(request: Request, admin: AdminUser, api: Marketplace) {
  const session = await getSession(request);
  return handleForm(request, api, {
    "change-password": intent(
      ChangePasswordForm,
      async ({ current_password, new_password }) => {
        await api.changeAdminPassword(admin.adminUserId, { current_password, new_password }, session.id);
        forgetSessionReads();
        return redirectWithToast(request, PROFILE, { type: "success", message: PROFILE_MESSAGES.passwordChanged });
      },
      {
        invalid: (fieldErrors) => passwordFailure({ fieldErrors }),
        refused: (error) => {
          if (error.kind === "invalid" && Object.keys(error.fieldErrors).length > 0)
            return passwordFailure({ fieldErrors: error.fieldErrors });
          return passwordFailure({ formError: error.message }, error.kind === "unavailable" ? 503 : 400);
        },
      },
    ),
    appearance: intent(AppearanceForm, async ({ appearance }) => {
      if (!appearance) return redirectWithToast(request, PROFILE, { type: "error", message: "Choose Light, Dark or System" });
      try {
        await api.updateAdminAppearance(admin.adminUserId, appearance);
      } catch (error) {
        if (!(error instanceof MarketplaceError)) throw error;
        return redirectWithToast(request, PROFILE, { type: "error", message: error.message });
      }
      forgetSessionReads();
      return redirectWithToast(request, PROFILE, { type: "success", message: PROFILE_MESSAGES.appearanceSaved });
    }),
    ...twoFactorIntents(request, {
      page: PROFILE,
      account: admin.adminUsername,
      issuer: TWO_FACTOR_ISSUERS.admin,
      start: () => api.startAdminEnrolment(admin.adminUserId),
      confirm: (code) => api.confirmAdminEnrolment(admin.adminUserId, code),
      renew: (code) => api.renewAdminRecoveryCodes(admin.adminUserId, code),
      disable: (password, code) => api.disableAdminTwoFactor(admin.adminUserId, password, code),
    }),
    "sign-out-others": intent(z.object({}), () =>
      toastingRefusal(request, async () => {
        const ended = await endOtherAdminSessions(admin.adminUserId, session.id);
        forgetSessionReads();
        const message =
          ended === 0 ? "There were no other sessions to sign out." : `Signed out ${ended} other session${ended === 1 ? "" : "s"}.`;
        return redirectWithToast(request, PROFILE, { type: "success", message });
      }),
    ),
    "sign-out-session": intent(OneSession, ({ sessionId }) =>
      toastingRefusal(request, async () => {
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
      }),
    ),
  });
}
