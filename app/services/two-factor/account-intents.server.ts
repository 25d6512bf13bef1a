import { data } from "@remix-run/node";
import { z } from "zod";
import { AdminDisableBody, TwoFactorCode, TWO_FACTOR_MESSAGES as M, type PendingEnrolment } from "~contract/two-factor";
import type { ProfileTwoFactorAnswer } from "~/models/two-factor";
import { intent } from "~/services/form-action.server";
import { formFailure } from "~/services/form-result.server";
import { MarketplaceError } from "~/services/marketplace/client.server";
import { redirectWithToast } from "~/services/toast.server";
import { enrolmentView } from "./enrolment.server";

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
 * Whose two-factor the forms change, and the portal's calls for it (already bound to the account):
 * the admin's Profile, the provider's dashboard.
 */
export type TwoFactorAccount = {
  /** the page the forms are on (a redirect's target) */
  page: string;
  /** the account's name and the issuer, written on the recovery codes' file */
  account: string;
  issuer: string;
  start: () => Promise<PendingEnrolment>;
  confirm: (code: string) => Promise<string[]>;
  renew: (code: string) => Promise<string[]>;
  disable: (password: string, code: string) => Promise<void>;
};

/**
 * The two-factor card's forms: start the setup (the QR code and key shown), confirm it with a code
 * (the recovery codes shown once), make new recovery codes, turn it off (password and code).
 */
export function twoFactorIntents(request: Request, account: TwoFactorAccount) {
  const setup = async (error?: string) =>
    data<ProfileTwoFactorAnswer>({ twoFactor: { view: await enrolmentView(await account.start(), error) } }, { status: error ? 400 : 200 });
  const codesShown = async (codes: string[]) =>
    data<ProfileTwoFactorAnswer>({ twoFactor: { codes, account: account.account, issuer: account.issuer } });
  const alreadyOn = (error: MarketplaceError) =>
    redirectWithToast(request, account.page, {
      type: error.kind === "conflict" ? "info" : "error",
      message: error.kind === "conflict" ? `${error.message} If you did not keep your recovery codes, make new ones.` : error.message,
    });
  return {
    "two-factor-start": intent(z.object({}), () => setup(), { refused: alreadyOn }),
    "two-factor-confirm": intent(
      CodeForm,
      async ({ code }) => {
        try {
          return await codesShown(await account.confirm(code));
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
    "two-factor-renew": intent(CodeForm, async ({ code }) => codesShown(await account.renew(code)), {
      invalid: (fieldErrors) => refusedWith("two-factor-renew", fieldErrors),
      refused: apiRefusal("two-factor-renew", "code"),
    }),
    "two-factor-disable": intent(
      DisableForm,
      async ({ password, code }) => {
        await account.disable(password, code);
        return redirectWithToast(request, account.page, { type: "success", message: M.disabled });
      },
      { invalid: (fieldErrors) => refusedWith("two-factor-disable", fieldErrors), refused: apiRefusal("two-factor-disable", "code") },
    ),
  };
}
