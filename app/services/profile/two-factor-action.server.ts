import { data } from "@remix-run/node";
import { z } from "zod";
import type { AdminUser } from "~contract/admin-users";
import { AdminDisableBody, TwoFactorCode, TWO_FACTOR_ISSUERS, TWO_FACTOR_MESSAGES as M } from "~contract/two-factor";
import type { ProfileTwoFactorAnswer } from "~/models/two-factor";
import { intent } from "~/services/form-action.server";
import { formFailure } from "~/services/form-result.server";
import { MarketplaceError } from "~/services/marketplace/client.server";
import type { Marketplace } from "~/services/marketplace/index.server";
import { redirectWithToast } from "~/services/toast.server";
import { enrolmentView } from "~/services/two-factor/enrolment.server";

const PROFILE = "/admin/profile";

const CodeForm = z.object({ code: TwoFactorCode });
const DisableForm = AdminDisableBody.pick({ password: true, code: true });

/** A refusal of a two-factor form: the message beside its field (no code or password is sent back). */
const refusedWith = (intentName: string, fieldErrors: Record<string, string>, formError?: string, status = 400) =>
  formFailure({}, { intent: intentName, fieldErrors, formError }, status);

function apiRefusal(intentName: string, field: "code" | "password") {
  return (error: MarketplaceError) => {
    if (error.kind === "invalid") return refusedWith(intentName, { [error.fieldErrors.password ? "password" : field]: error.message });
    return refusedWith(intentName, {}, error.message, error.kind === "unavailable" ? 503 : 400);
  };
}

/**
 * Profile's two-factor forms: start the setup (the QR code and key shown), confirm it with a code
 * (the recovery codes shown once), make new recovery codes, turn it off (password and code).
 */
export function twoFactorIntents(request: Request, admin: AdminUser, api: Marketplace) {
  const setup = async (error?: string) =>
    data<ProfileTwoFactorAnswer>(
      { twoFactor: { view: await enrolmentView(await api.startAdminEnrolment(admin.adminUserId), error) } },
      {
        status: error ? 400 : 200,
      },
    );
  const codesShown = async (codes: string[]) => {
    return data<ProfileTwoFactorAnswer>({ twoFactor: { codes, account: admin.adminUsername, issuer: TWO_FACTOR_ISSUERS.admin } });
  };
  const alreadyOn = (error: MarketplaceError) =>
    redirectWithToast(request, PROFILE, {
      type: error.kind === "conflict" ? "info" : "error",
      message: error.kind === "conflict" ? `${error.message} If you did not keep your recovery codes, make new ones.` : error.message,
    });
  return {
    "two-factor-start": intent(z.object({}), () => setup(), { refused: alreadyOn }),
    "two-factor-confirm": intent(
      CodeForm,
      async ({ code }) => {
        try {
          return await codesShown(await api.confirmAdminEnrolment(admin.adminUserId, code));
        } catch (error) {
          if (error instanceof MarketplaceError && error.kind === "invalid") return setup(error.message);
          throw error;
        }
      },
      {
        invalid: (fieldErrors) => setup(fieldErrors.code ?? M.codeRequired),
        refused: alreadyOn,
      },
    ),
    "two-factor-renew": intent(CodeForm, async ({ code }) => codesShown(await api.renewAdminRecoveryCodes(admin.adminUserId, code)), {
      invalid: (fieldErrors) => refusedWith("two-factor-renew", fieldErrors),
      refused: apiRefusal("two-factor-renew", "code"),
    }),
    "two-factor-disable": intent(
      DisableForm,
      async ({ password, code }) => {
        await api.disableAdminTwoFactor(admin.adminUserId, password, code);
        return redirectWithToast(request, PROFILE, { type: "success", message: M.disabled });
      },
      { invalid: (fieldErrors) => refusedWith("two-factor-disable", fieldErrors), refused: apiRefusal("two-factor-disable", "code") },
    ),
  };
}
