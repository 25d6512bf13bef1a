/**
 * Two-factor sign-in (issue 36): time-based one-time codes (TOTP, RFC 6238: 6 digits, 30 seconds,
 * SHA-1, as every authenticator app reads them) and ten single-use recovery codes. The API keeps
 * the secret encrypted (TWO_FACTOR_KEY) and the recovery codes hashed; the admin draws the QR code.
 * docs/security.md "Two-factor sign-in" says what holds.
 */
import { z } from "zod";
import { SessionToken } from "./admin-sessions";
import { recordIdNumber } from "./ids";

/** The access names whose holders the policy requires two-factor of: they move money or change access. */
export const TWO_FACTOR_ACCESS = ["*", "Payment", "BankDetails", "AdminUsers"] as const;

/** Whether an admin holding `accessList` falls under the policy (when it is on). */
export const holdsTwoFactorAccess = (accessList: readonly string[]) => TWO_FACTOR_ACCESS.some((name) => accessList.includes(name));

export const RECOVERY_CODE_COUNT = 10;
/** how long the step between the password and the session lasts */
export const SIGN_IN_CHALLENGE_MINUTES = 10;
/** wrong codes one sign-in may try before it must start over (the sign-in limits count them too) */
export const CHALLENGE_MAX_ATTEMPTS = 5;
/** what an authenticator app shows as the account's issuer */
export const TWO_FACTOR_ISSUERS = { admin: "Marketplace Admin", provider: "Marketplace Provider" } as const;
export type TwoFactorPortal = keyof typeof TWO_FACTOR_ISSUERS;

export const TWO_FACTOR_MESSAGES = {
  codeRequired: "Please input the code from your authenticator app!",
  codeInvalid: "That code is not right. Enter the current code from your authenticator app, or one of your recovery codes.",
  enrolCodeInvalid: "That code is not right. Enter the code your authenticator app shows now for this account.",
  challengeExpired: "Your sign-in has expired. Please sign in again.",
  tooManyCodes: "Too many wrong codes. Please sign in again.",
  enrolled: "Two-factor sign-in is on. Keep your recovery codes somewhere safe.",
  disabled: "Two-factor sign-in is off.",
  recoveryCodesRenewed: "New recovery codes are ready; the old ones no longer work.",
  alreadyOn: "Two-factor sign-in is already on.",
  notOn: "Two-factor sign-in is not on.",
  noEnrolment: "Start setting up two-factor sign-in again: that setup has expired.",
  passwordWrong: "Your password is not right.",
  passwordRequired: "Please input your password!",
  requiredByPolicy: "Your access requires two-factor sign-in, so it cannot be turned off.",
  resetNeedsAllAccess: "Only an admin with All Access can reset another admin's two-factor sign-in.",
  resetOwn: "To turn off your own two-factor sign-in, use your Profile.",
  resetDone: (username: string) => `Two-factor sign-in of ${username} was reset: they set it up again at their next sign-in.`,
  policyNeedsAllAccess: "Only an admin with All Access can change the two-factor policy.",
  policyNeedsYours: "Turn on your own two-factor sign-in on your Profile first: the policy applies to you too.",
  policySaved: (on: boolean) =>
    on
      ? "Two-factor sign-in is now required for admins who hold All Access, Payment, BankDetails or AdminUsers."
      : "Two-factor sign-in is no longer required.",
  sessionNeedsSecondFactor: "This admin signs in with a second factor: the session opens only after their code.",
} as const;

/** A code as typed: the app's 6 digits (spaces allowed) or a recovery code (dashes and case ignored). */
export const TwoFactorCode = z
  .string({ required_error: TWO_FACTOR_MESSAGES.codeRequired, invalid_type_error: TWO_FACTOR_MESSAGES.codeRequired })
  .trim()
  .min(1, TWO_FACTOR_MESSAGES.codeRequired)
  .max(40, TWO_FACTOR_MESSAGES.codeInvalid);

/** A recovery code's letters: no 0/O, 1/l/i (read off paper). */
export const RECOVERY_CODE_ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789";

/** The code as compared: spaces and dashes gone, lower case. */
export const normalizeCode = (code: string) => code.replace(/[\s-]/g, "").toLowerCase();

/** What comes after the right password: the code, or (the policy, not yet enrolled) setting it up. */
export const SecondFactorStep = z.enum(["code", "enrol"]);
export type SecondFactorStep = z.infer<typeof SecondFactorStep>;

export const SecondFactorChallenge = z.object({
  step: SecondFactorStep,
  /** proves the password step; sent back with the code (never in a URL) */
  challenge_token: SessionToken,
  expires_at: z.string(),
});
export type SecondFactorChallenge = z.infer<typeof SecondFactorChallenge>;

export const ChallengeBody = z.object({ challenge_token: SessionToken });
export const ChallengeCodeBody = z.object({ challenge_token: SessionToken, code: TwoFactorCode });

export const VerifiedChallenge = z.object({
  /** a recovery code was used (the admin is told how many are left) */
  used_recovery_code: z.boolean(),
  recovery_codes_left: z.number().int(),
});
export type VerifiedChallenge = z.infer<typeof VerifiedChallenge>;

/** A setup not yet confirmed: the secret (base32) and the otpauth:// address the QR code carries. */
export const PendingEnrolment = z.object({
  secret: z.string(),
  otpauth_uri: z.string(),
  account: z.string(),
  issuer: z.string(),
});
export type PendingEnrolment = z.infer<typeof PendingEnrolment>;

/** The recovery codes, answered once (only their hashes are kept). */
export const RecoveryCodes = z.object({ recovery_codes: z.array(z.string()) });
export type RecoveryCodes = z.infer<typeof RecoveryCodes>;

export const TwoFactorStatus = z.object({
  enabled: z.boolean(),
  enabled_at: z.string().nullable(),
  recovery_codes_left: z.number().int(),
  /** the policy requires it of this account (it cannot be turned off) */
  required: z.boolean(),
});
export type TwoFactorStatus = z.infer<typeof TwoFactorStatus>;

export const AdminTwoFactorQuery = z.object({ adminUserId: recordIdNumber("adminUserId") });
export const AdminCodeBody = z.object({ adminUserId: recordIdNumber("adminUserId"), code: TwoFactorCode });
export const AdminDisableBody = z.object({
  adminUserId: recordIdNumber("adminUserId"),
  password: z.string({ required_error: TWO_FACTOR_MESSAGES.passwordRequired }).min(1, TWO_FACTOR_MESSAGES.passwordRequired).max(200),
  code: TwoFactorCode,
});

export const ProviderTwoFactorQuery = z.object({ serviceProviderId: recordIdNumber("serviceProviderId") });
export const ProviderCodeBody = z.object({ serviceProviderId: recordIdNumber("serviceProviderId"), code: TwoFactorCode });
export const ProviderDisableBody = AdminDisableBody.omit({ adminUserId: true }).extend({
  serviceProviderId: recordIdNumber("serviceProviderId"),
});

export const TwoFactorPolicy = z.object({
  require_two_factor: z.boolean(),
  updated_at: z.string().nullable(),
  updated_by: z.string().nullable(),
});
export type TwoFactorPolicy = z.infer<typeof TwoFactorPolicy>;
export const TwoFactorPolicyBody = z.object({ require_two_factor: z.boolean() });
