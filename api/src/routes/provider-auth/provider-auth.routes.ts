/**
 * Provider sign-in (ours; issue 15): providers sign in with the username and password of their
 * marketplace user (users.password_hash, argon2id like the admins'), and their sessions live here,
 * in provider_sessions, a twin of admin_sessions: the admin app's `__provider_session` cookie holds
 * only the random token, whose SHA-256 is all this table keeps. A provider session never opens
 * /admin (the admin app reads it only under /provider), and an admin session never reads these.
 *
 * POST /provider-accounts is the provider sign-up: a user with a password and a provider profile
 * not yet registered (the wizard then opens in create mode).
 *
 * The calls' definitions (paths, validation, answers, OpenAPI): provider-auth.handlers.ts serves them.
 */
import {
  CompleteProviderSignInBody,
  CreatedProviderSession,
  PROVIDER_SESSION_NOT_FOUND,
  ProviderAccount,
  ProviderSessionTokenBody,
  ProviderSignInBody,
  ProviderSignUpBody,
  ResolvedProviderSession,
} from "~contract/provider-auth";
import { NEW_PROVIDER_STAGE, PROVIDER_AUTH_MESSAGES as M } from "~contract/provider-auth-labels";
import { body, chosenByUs, common, createRoute, data, error, json, z } from "../../lib/openapi";
import { SecondFactorChallenge } from "~contract/two-factor";

export const Account = ProviderAccount.openapi("ProviderAccount");

export const Token = body(ProviderSessionTokenBody.openapi("ProviderSessionTokenBody"));

export const signInRoute = createRoute({
  method: "post",
  path: "/provider-sessions/sign-in",
  summary: "A provider's sign-in: checks the username and password and opens a session; answers its token, only here",
  ...chosenByUs(
    "The password is the provider's user's (argon2id). An unknown username, a wrong password and a user without a provider password all answer 401 with the same words; a right password of a blocked, sign-in-disabled or deleted account answers 403 saying which, and does not clear the failures. Failures are limited like the admins' (per username + address: the 10th consecutive blocks the pair for 15 minutes; per address per day) but counted apart from them; a refused attempt answers 429 with Retry-After. A session ends when unused for idle_seconds, at expires_at, at /provider-sessions/end, when the browser signs in again (replaces_token: the session it held), or when its account can no longer sign in.",
  ),
  request: { body: body(ProviderSignInBody.openapi("ProviderSignInBody")) },
  responses: {
    201: json(data(CreatedProviderSession.openapi("CreatedProviderSession")), "The new session, its token and the provider"),
    202: json(
      data(z.object({ second_factor: SecondFactorChallenge.openapi("SecondFactorChallenge") })),
      "Two-factor is on: the code must pass (POST /sign-in-challenges/verify), then /provider-sessions/complete-sign-in opens the session",
    ),
    400: error("Invalid input"),
    401: error(M.wrongCredentials),
    403: error("The account is blocked, may not sign in, or is deleted"),
    429: error("Too many failed sign-ins: try again later (Retry-After)"),
    500: common[500],
  },
});

export const completeSignInRoute = createRoute({
  method: "post",
  path: "/provider-sessions/complete-sign-in",
  summary: "A provider's sign-in with two-factor on: opens the session once its challenge passed; answers its token, only here",
  ...chosenByUs(
    "The challenge is the 202 of /provider-sessions/sign-in, passed by POST /sign-in-challenges/verify within the last minute (403 otherwise). The account is checked again (blocked, sign-in disabled, deleted: 403).",
  ),
  request: { body: body(CompleteProviderSignInBody.openapi("CompleteProviderSignInBody")) },
  responses: {
    201: json(data(CreatedProviderSession.openapi("CreatedProviderSession")), "The new session, its token and the provider"),
    400: error("Invalid input"),
    403: error("The challenge has not passed, or the account may no longer sign in"),
    410: error("The sign-in has expired"),
    500: common[500],
  },
});

export const resolveRoute = createRoute({
  method: "post",
  path: "/provider-sessions/resolve",
  summary: "The live provider session behind a token, with its provider (keeps it alive)",
  ...chosenByUs(
    "The token travels in the body, never in a URL. last_seen_at moves at most once a minute. 404 once the session has ended or its account can no longer sign in.",
  ),
  request: { body: Token },
  responses: {
    200: json(data(ResolvedProviderSession.openapi("ResolvedProviderSession")), "The session and its provider"),
    400: error("Not a session token"),
    404: error(PROVIDER_SESSION_NOT_FOUND),
    ...common,
  },
});

export const endRoute = createRoute({
  method: "post",
  path: "/provider-sessions/end",
  summary: "A provider's sign-out: end the token's session",
  ...chosenByUs(),
  request: { body: Token },
  responses: { 204: { description: "Ended (or already over)" }, 400: error("Not a session token"), ...common },
});

export const signUpRoute = createRoute({
  method: "post",
  path: "/provider-accounts",
  summary: "A provider's sign-up: a marketplace user with a password and a provider profile not yet registered",
  ...chosenByUs(
    `One transaction: the user (status Active, the password stored as argon2id) and the provider (stage ${NEW_PROVIDER_STAGE}, registered_at null: the wizard opens in create mode). 400 names each field; 409 when the username is taken (whatever its case).`,
  ),
  request: { body: body(ProviderSignUpBody.openapi("ProviderSignUpBody")) },
  responses: {
    201: json(data(Account), "The new provider"),
    400: error("Invalid input: errors names each field"),
    409: error(M.usernameTaken),
    ...common,
  },
});
