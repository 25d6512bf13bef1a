import { z } from "zod";
import { NewSessionFields, SessionToken } from "./admin-sessions";
import { text } from "./api";
import { StrongPassword } from "./password-schema";
import { PROVIDER_AUTH_MESSAGES as M } from "./provider-auth-labels";

/**
 * Provider sign-in's contract (the API's /provider-sessions and /provider-accounts, the admin app's
 * provider pages). Like admin sessions, the token is answered once, at sign-in; the API keeps its hash.
 */

/** The signed-in provider as the API answers it with a session. */
export const ProviderAccount = z.object({
  serviceProvider_id: z.number().int(),
  user_id: z.number().int(),
  username: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  /** the user status: Hold while the marketplace reviews a new registration */
  user_status: z.enum(["Active", "Inactive", "Hold"]),
  stage: z.string(),
  /** false until the provider subscribes through the wizard (create mode) */
  registered: z.boolean(),
  registered_at: z.string().nullable(),
  plan: z.object({ plan_id: z.number().int(), plan_name: z.string(), max_approval: z.number().int() }).nullable(),
});
export type ProviderAccount = z.infer<typeof ProviderAccount>;

export const ProviderSessionRecord = z.object({
  sessionId: z.number().int(),
  serviceProvider_id: z.number().int(),
  created_at: z.string(),
  last_seen_at: z.string(),
  idle_expires_at: z.string(),
  expires_at: z.string(),
  user_agent: z.string(),
  address: z.string(),
});
export type ProviderSessionRecord = z.infer<typeof ProviderSessionRecord>;

export const ProviderUsername = text("Username", { required_error: M.usernameRequired, invalid_type_error: M.usernameRequired })
  .trim()
  .min(1, M.usernameRequired)
  .max(100, "Username is too long");

export const ProviderSignInForm = z.object({
  username: ProviderUsername,
  password: z.string({ required_error: M.passwordRequired }).min(1, M.passwordRequired).max(200, "Password is too long"),
});

export const ProviderSignInBody = ProviderSignInForm.extend({
  ...NewSessionFields,
  /** the session this browser held until now (its cookie's token): it ends with this sign-in */
  replaces_token: SessionToken.optional(),
});
export type ProviderSignInBody = z.input<typeof ProviderSignInBody>;

export const CreatedProviderSession = z.object({ token: z.string(), session: ProviderSessionRecord, provider: ProviderAccount });
export type CreatedProviderSession = z.infer<typeof CreatedProviderSession>;
/** The sign-in's second step, after a password checked with the rest of ProviderSignInBody: the challenge passed (POST /sign-in-challenges/verify). */
export const CompleteProviderSignInBody = z.object({
  challenge_token: SessionToken,
  ...NewSessionFields,
  replaces_token: SessionToken.optional(),
});
export type CompleteProviderSignInBody = z.input<typeof CompleteProviderSignInBody>;
export const ResolvedProviderSession = z.object({ session: ProviderSessionRecord, provider: ProviderAccount });
export type ResolvedProviderSession = z.infer<typeof ResolvedProviderSession>;
export const ProviderSessionTokenBody = z.object({ token: SessionToken });

const required = (message: string, max: number) =>
  z.string({ required_error: message, invalid_type_error: message }).trim().min(1, message).max(max, `At most ${max} characters`);

/** The provider sign-up form (ours): a new user with a provider password and an unregistered provider profile. */
export const ProviderSignUpBody = z.object({
  username: z
    .string({ required_error: M.usernameRequired, invalid_type_error: M.usernameRequired })
    .trim()
    .min(1, M.usernameRequired)
    .regex(/^[A-Za-z0-9._-]{3,50}$/, M.usernameRule),
  firstName: required(M.firstNameRequired, 100),
  lastName: required(M.lastNameRequired, 100),
  email: required(M.emailRequired, 254).pipe(z.string().email(M.emailInvalid)),
  phone: required(M.phoneRequired, 20).pipe(z.string().regex(/^\+?[0-9][0-9 -]{6,18}[0-9]$/, M.phoneInvalid)),
  password: StrongPassword,
});
export type ProviderSignUpBody = z.input<typeof ProviderSignUpBody>;

export const PROVIDER_SESSION_NOT_FOUND = "This provider session has ended or does not exist";
