/** Two-factor sign-in's pages and words (contract/two-factor.ts holds what the API shares). */
import type { PendingEnrolment, TwoFactorStatus } from "~contract/two-factor";

export const TWO_FACTOR_SIGN_IN_PATH = "/admin/login/two-factor";
export const TWO_FACTOR_SETUP_PATH = "/admin/login/two-factor-setup";
export const PROVIDER_TWO_FACTOR_SIGN_IN_PATH = "/provider/login/two-factor";
/** where the recovery codes' page posts them back to be answered as a text file */
export const RECOVERY_CODES_DOWNLOAD_PATH = "/admin/recovery-codes";
export const PROVIDER_RECOVERY_CODES_DOWNLOAD_PATH = "/provider/recovery-codes";

export const TWO_FACTOR_LABELS = {
  title: "Two-factor sign-in",
  code: "Authentication code",
  codeHint: "The 6-digit code from your authenticator app, or one of your recovery codes.",
  setupCode: "Code from the app",
  setupCodeHint: "Enter the 6-digit code the app now shows for this account.",
  verify: "Verify",
  confirm: "Turn on",
  start: "Set up two-factor sign-in",
  disable: "Turn off two-factor sign-in",
  renew: "Make new recovery codes",
  download: "Download the codes (.txt)",
  secret: "Or type this key into the app",
  scan: "Scan this QR code with an authenticator app (Google Authenticator, Microsoft Authenticator, 1Password, Authy…).",
  recoveryTitle: "Your recovery codes",
  recoveryHint:
    "Each code signs you in once when you do not have your phone. They are shown only now: download or write them down and keep them somewhere safe.",
  signInAgain: "Sign in again",
} as const;

/** The recovery codes' text file: one code per line, with what they are. */
export function recoveryCodesText(account: string, issuer: string, codes: readonly string[]): string {
  return [`${issuer}: recovery codes for ${account}`, "Each code can be used once.", "", ...codes, ""].join("\n");
}

export const RECOVERY_CODES_FILE = "recovery-codes.txt";

/** A setup on screen: the secret, its QR code (SVG markup drawn on the server) and a form's error. */
export type EnrolmentView = PendingEnrolment & { qrSvg: string; error?: string };

/** The recovery codes on screen, once. */
export type ShownRecoveryCodes = { codes: string[]; account: string; issuer: string };

/** What a Profile two-factor form answers (besides a refusal): the setup to scan, or the codes to keep. */
export type ProfileTwoFactorAnswer = { twoFactor: { view: EnrolmentView } | ShownRecoveryCodes };

/** The Profile's two-factor card: the state (null when the API could not say) and since when it is on. */
export type TwoFactorCardData = {
  status: TwoFactorStatus | null;
  enabledSince: string | null;
};

/** The two-factor policy as Admin Users shows it to All Access admins (on: null when it could not be read). */
export type TwoFactorPolicyView = { on: boolean | null; changed: string | null };
