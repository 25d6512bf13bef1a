import { z } from "zod";
import { AdminUser } from "./admin-users";
import { recordIdNumber } from "./ids";

/**
 * A signed-in admin session as the API answers it. The session's token (the secret the admin's
 * cookie carries) is never part of it: the API keeps only its hash, and answers it once, at sign-in.
 */
export const AdminSessionRecord = z.object({
  sessionId: z.number().int(),
  adminUserId: z.number().int(),
  created_at: z.string(),
  last_seen_at: z.string(),
  /** when it ends if it is not used again (last seen + the idle time) */
  idle_expires_at: z.string(),
  /** when it ends whatever happens (sign-in + the longest a session may last) */
  expires_at: z.string(),
  user_agent: z.string(),
  address: z.string(),
});
export type AdminSessionRecord = z.infer<typeof AdminSessionRecord>;

/** The session token: 32 random bytes, base64url (43 characters). */
export const SessionToken = z.string().regex(/^[A-Za-z0-9_-]{43}$/, "token is not a session token");

/**
 * How many live sessions one admin may hold (the API's ADMIN_MAX_SESSIONS, default this): a sign-in
 * past it ends the admin's least recently used ones.
 */
export const MAX_SESSIONS_PER_ADMIN = 10;
/** the Profile page's sessions per page */
export const SESSIONS_PAGE_SIZE = 10;

/** What every sign-in sends about the new session (an admin's and a provider's alike). */
export const NewSessionFields = {
  user_agent: z.string().max(1000).default(""),
  /** the browser's address: failed sign-ins are limited per username + address and per address */
  address: z.string().max(100).default(""),
  /** idle time after which an unused session ends (5 minutes to 30 days) */
  idle_seconds: z
    .number()
    .int()
    .min(300)
    .max(30 * 86_400),
  /** the longest a session may last whatever its use (5 minutes to 90 days) */
  absolute_seconds: z
    .number()
    .int()
    .min(300)
    .max(90 * 86_400),
};

export const CreateAdminSessionBody = z.object({
  adminUserId: recordIdNumber("adminUserId"),
  /** the session this browser held until now (its cookie's token): it ends with this sign-in */
  replaces_token: SessionToken.optional(),
  /** the sign-in's passed second step (two-factor: required when the admin has it on, or the policy asks it of them) */
  challenge_token: SessionToken.optional(),
  ...NewSessionFields,
});
export type CreateAdminSessionBody = z.input<typeof CreateAdminSessionBody>;

export const CreatedAdminSession = z.object({ token: z.string(), session: AdminSessionRecord });
export const ResolvedAdminSession = z.object({ session: AdminSessionRecord, admin: AdminUser });
export type ResolvedAdminSession = z.infer<typeof ResolvedAdminSession>;

export const SessionTokenBody = z.object({ token: SessionToken });
export const EndOtherSessionsBody = z.object({ adminUserId: recordIdNumber("adminUserId"), keep_token: SessionToken });

/** One page of an admin's live sessions, most recently used first; total: all of them. */
export const AdminSessionPage = z.object({ data: z.array(AdminSessionRecord), total: z.number().int() });

export const SESSION_NOT_FOUND = "This session has ended or does not exist";
