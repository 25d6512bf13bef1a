import { CLIENT_ADDRESS_HEADER } from "~contract/api";
import {
  AdminCodeBody,
  AdminDisableBody,
  AdminTwoFactorQuery,
  ChallengeBody,
  ChallengeCodeBody,
  PendingEnrolment,
  ProviderCodeBody,
  ProviderDisableBody,
  ProviderTwoFactorQuery,
  RecoveryCodes,
  TWO_FACTOR_MESSAGES as M,
  TwoFactorPolicy,
  TwoFactorPolicyBody,
  TwoFactorStatus,
  VerifiedChallenge,
} from "~contract/two-factor";
import { ActingAdmin, body, chosenByUs, common, createRoute, data, error, idParam, json, mutating, z } from "../../lib/openapi";
import { Acting, forbiddenActor } from "../../lib/provider-actor";

const Status = data(TwoFactorStatus.openapi("TwoFactorStatus"));
const Pending = data(PendingEnrolment.openapi("PendingEnrolment"));
const Codes = data(RecoveryCodes.openapi("RecoveryCodes"));
const Policy = data(TwoFactorPolicy.openapi("TwoFactorPolicy"));
const ClientAddress = z.object({
  [CLIENT_ADDRESS_HEADER]: z.string().optional().openapi({ description: "the browser's address, for the sign-in limits" }),
});
const expired = { 410: error(`${M.challengeExpired} (or ${M.tooManyCodes})`) };
const wrongCode = { 400: error(M.codeInvalid) };
/** the GETs' ids come as query text (the bodies' AdminTwoFactorQuery / ProviderTwoFactorQuery take JSON numbers) */
const AdminIdQuery = z.object({ adminUserId: idParam("adminUserId", "the admin user's id") });
const ProviderIdQuery = z.object({ serviceProviderId: idParam("serviceProviderId", "the provider's serviceProvider_id") });

// --- the sign-in's second step (either portal; the challenge knows whose sign-in it is) ---

export const verifyChallengeRoute = createRoute({
  method: "post",
  path: "/sign-in-challenges/verify",
  summary: "The sign-in's second step: the code from the authenticator app, or a recovery code",
  ...chosenByUs(
    "The challenge comes from a right password (POST /login-admin-user's second_factor, or /provider-sessions/sign-in's 202). The code is a TOTP code (±1 30-second step; a step once accepted, and every earlier one, is refused from then on) or an unused recovery code (used up). A wrong code counts as a failed sign-in of the username + address (the same limits as the password: 429 with Retry-After once blocked); the pair's count clears only once the code is right. A challenge lasts 10 minutes and allows 5 wrong codes (then 410: sign in again). A passed challenge opens the session (POST /admin-sessions or /provider-sessions/complete-sign-in) within a minute.",
  ),
  request: { headers: ClientAddress, body: body(ChallengeCodeBody.openapi("ChallengeCodeBody")) },
  responses: {
    200: json(data(VerifiedChallenge.openapi("VerifiedChallenge")), "The code was right"),
    400: error("Invalid input"),
    401: error(M.codeInvalid),
    409: error("This challenge is not a code step"),
    ...expired,
    429: error("Too many failed sign-ins: try again later (Retry-After)"),
    500: common[500],
  },
});

export const challengeEnrolmentRoute = createRoute({
  method: "post",
  path: "/sign-in-challenges/enrolment",
  summary: "Setting up two-factor at sign-in (the policy requires it of this admin): the secret to scan",
  ...chosenByUs(
    "Only for a challenge at the enrol step. The same setup is answered again for 30 minutes (a reload shows the same secret); the secret is kept encrypted until confirmed.",
  ),
  request: { body: body(ChallengeBody.openapi("ChallengeBody")) },
  responses: {
    200: json(Pending, "The secret and its otpauth:// address"),
    400: error("Invalid input"),
    409: error(M.alreadyOn),
    ...expired,
    500: common[500],
  },
});

export const confirmChallengeEnrolmentRoute = createRoute({
  method: "post",
  path: "/sign-in-challenges/enrolment/confirm",
  summary: "Confirms the setup made at sign-in with a current code: two-factor is on, recovery codes answered once",
  ...chosenByUs(
    "Audited as the admin's own change. The challenge has then passed: the session may open. A repeat of a confirmed setup answers recovery_codes: [] (they were answered once).",
  ),
  request: { body: body(ChallengeCodeBody.openapi("ChallengeCodeBody")) },
  responses: {
    200: json(Codes, "Ten recovery codes (only their hashes are kept)"),
    400: error(M.enrolCodeInvalid),
    409: error(M.noEnrolment),
    ...expired,
    500: common[500],
  },
});

// --- an admin's own second factor (Profile) ---

export const adminStatusRoute = createRoute({
  method: "get",
  path: "/admin-two-factor",
  summary: "Whether an admin has two-factor sign-in on, and whether the policy requires it of them",
  ...chosenByUs(),
  request: { query: AdminIdQuery },
  responses: { 200: json(Status, "The admin's two-factor state"), 404: error("Unknown admin user"), ...common },
});

export const adminEnrolRoute = createRoute({
  method: "post",
  path: "/admin-two-factor/enrolment",
  summary: "An admin starts setting up two-factor sign-in (Profile): the secret to scan",
  ...chosenByUs("Only for oneself (x-acting-admin). The same setup is answered for 30 minutes."),
  request: { headers: ActingAdmin, body: body(AdminTwoFactorQuery.openapi("AdminTwoFactorBody")) },
  responses: { 200: json(Pending, "The secret and its otpauth:// address"), ...mutating, 409: error(M.alreadyOn), ...common },
});

export const adminConfirmRoute = createRoute({
  method: "post",
  path: "/admin-two-factor/enrolment/confirm",
  summary: "An admin confirms the setup with a current code: two-factor is on; recovery codes answered once",
  ...chosenByUs("Audited. The admin's other sessions are kept."),
  request: { headers: ActingAdmin, body: body(AdminCodeBody.openapi("AdminCodeBody")) },
  responses: { 200: json(Codes, "Ten recovery codes"), ...mutating, ...wrongCode, 409: error(M.noEnrolment), ...common },
});

export const adminDisableRoute = createRoute({
  method: "post",
  path: "/admin-two-factor/disable",
  summary: "An admin turns their two-factor sign-in off: their password and a code",
  ...chosenByUs("Refused (409) while the policy requires it of the admin. Audited."),
  request: { headers: ActingAdmin, body: body(AdminDisableBody.openapi("AdminDisableBody")) },
  responses: { 200: json(Status, "Off"), ...mutating, ...wrongCode, 409: error(M.requiredByPolicy), ...common },
});

export const adminRenewCodesRoute = createRoute({
  method: "post",
  path: "/admin-two-factor/recovery-codes",
  summary: "An admin makes new recovery codes (a code from the app or an unused recovery code); the old ones stop working",
  ...chosenByUs("Audited."),
  request: { headers: ActingAdmin, body: body(AdminCodeBody.openapi("AdminCodeBody")) },
  responses: { 200: json(Codes, "Ten new recovery codes"), ...mutating, ...wrongCode, 409: error(M.notOn), ...common },
});

export const adminResetRoute = createRoute({
  method: "post",
  path: "/admin-two-factor/reset",
  summary: "An All Access admin resets another admin's two-factor sign-in (a lost phone); their sessions end",
  ...chosenByUs(
    "The admin signs in with their password alone again (and sets two-factor up again at once when the policy requires it of them). Audited.",
  ),
  request: { headers: ActingAdmin, body: body(AdminTwoFactorQuery.openapi("AdminTwoFactorBody")) },
  responses: {
    200: json(data(z.object({ ended_sessions: z.number().int() })), "Reset; how many of their sessions ended"),
    ...mutating,
    404: error("Unknown admin user"),
    409: error(M.resetOwn),
    ...common,
  },
});

export const policyRoute = createRoute({
  method: "get",
  path: "/two-factor-policy",
  summary: "Whether admins who hold All Access, Payment, BankDetails or AdminUsers must sign in with two-factor",
  ...chosenByUs(),
  responses: { 200: json(Policy, "The policy"), ...common },
});

export const updatePolicyRoute = createRoute({
  method: "put",
  path: "/two-factor-policy",
  summary: "An All Access admin turns the two-factor policy on or off",
  ...chosenByUs(
    "Turning it on needs the acting admin's own two-factor on (409 otherwise); the sessions of the admins it then applies to who have not set it up end (they set it up at their next sign-in). Audited.",
  ),
  request: { headers: ActingAdmin, body: body(TwoFactorPolicyBody.openapi("TwoFactorPolicyBody")) },
  responses: { 200: json(Policy, "The policy"), ...mutating, 409: error(M.policyNeedsYours), ...common },
});

// --- a provider's own second factor (optional) ---

export const providerStatusRoute = createRoute({
  method: "get",
  path: "/provider-two-factor",
  summary: "Whether a provider has two-factor sign-in on",
  ...chosenByUs(),
  request: { query: ProviderIdQuery },
  responses: { 200: json(Status, "The provider's two-factor state"), 404: error("Unknown provider"), ...common },
});

export const providerEnrolRoute = createRoute({
  method: "post",
  path: "/provider-two-factor/enrolment",
  summary: "A provider starts setting up two-factor sign-in: the secret to scan",
  ...chosenByUs("Only the provider themself (x-acting-provider)."),
  request: { headers: Acting, body: body(ProviderTwoFactorQuery.openapi("ProviderTwoFactorBody")) },
  responses: {
    200: json(Pending, "The secret and its otpauth:// address"),
    ...forbiddenActor,
    404: error("Unknown provider"),
    409: error(M.alreadyOn),
    ...common,
  },
});

export const providerConfirmRoute = createRoute({
  method: "post",
  path: "/provider-two-factor/enrolment/confirm",
  summary: "A provider confirms the setup with a current code: two-factor is on; recovery codes answered once",
  ...chosenByUs("Audited."),
  request: { headers: Acting, body: body(ProviderCodeBody.openapi("ProviderCodeBody")) },
  responses: { 200: json(Codes, "Ten recovery codes"), ...forbiddenActor, ...wrongCode, 409: error(M.noEnrolment), ...common },
});

export const providerDisableRoute = createRoute({
  method: "post",
  path: "/provider-two-factor/disable",
  summary: "A provider turns their two-factor sign-in off: their password and a code",
  ...chosenByUs("Audited."),
  request: { headers: Acting, body: body(ProviderDisableBody.openapi("ProviderDisableBody")) },
  responses: { 200: json(Status, "Off"), ...forbiddenActor, ...wrongCode, 409: error(M.notOn), ...common },
});

export const providerRenewCodesRoute = createRoute({
  method: "post",
  path: "/provider-two-factor/recovery-codes",
  summary: "A provider makes new recovery codes; the old ones stop working",
  ...chosenByUs("Audited."),
  request: { headers: Acting, body: body(ProviderCodeBody.openapi("ProviderCodeBody")) },
  responses: { 200: json(Codes, "Ten new recovery codes"), ...forbiddenActor, ...wrongCode, 409: error(M.notOn), ...common },
});
