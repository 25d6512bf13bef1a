import { z } from "zod";
import { CreatedProviderSession } from "~contract/provider-auth";
import { PendingEnrolment, RecoveryCodes, TwoFactorPolicy, TwoFactorStatus, VerifiedChallenge } from "~contract/two-factor";
import type { NewSessionInfo } from "./admin-sessions.server";
import { apiRequest, type Caller } from "./client.server";

/** Two-factor sign-in's calls (contract/two-factor.ts; the API's routes/two-factor). */

const Pending = z.object({ data: PendingEnrolment });
const Codes = z.object({ data: RecoveryCodes });
const Status = z.object({ data: TwoFactorStatus });

// --- the sign-in's second step (no one is signed in yet: the caller carries the browser's address) ---

/** POST /sign-in-challenges/verify: 401 wrong code, 410 expired (sign in again), 429 throttled. */
export async function verifySignInCode(caller: Caller, challengeToken: string, code: string) {
  const answer = await apiRequest("/sign-in-challenges/verify", {
    method: "POST",
    body: { challenge_token: challengeToken, code },
    caller,
    answer: z.object({ data: VerifiedChallenge }),
    unauthorizedIsRefusal: true,
  });
  return answer.data;
}

/** POST /sign-in-challenges/enrolment: the setup the policy asks for at sign-in (the same one for 30 minutes). */
export async function signInEnrolment(caller: Caller, challengeToken: string) {
  return (
    await apiRequest("/sign-in-challenges/enrolment", {
      method: "POST",
      body: { challenge_token: challengeToken },
      caller,
      answer: Pending,
    })
  ).data;
}

/** POST /sign-in-challenges/enrolment/confirm: the recovery codes (none for a repeat of a confirmed setup). */
export async function confirmSignInEnrolment(caller: Caller, challengeToken: string, code: string) {
  const answer = await apiRequest("/sign-in-challenges/enrolment/confirm", {
    method: "POST",
    body: { challenge_token: challengeToken, code },
    caller,
    answer: Codes,
  });
  return answer.data.recovery_codes;
}

/** POST /provider-sessions/complete-sign-in: a provider's session, once their code passed. */
export async function completeProviderSignIn(caller: Caller, challengeToken: string, info: NewSessionInfo) {
  const answer = await apiRequest("/provider-sessions/complete-sign-in", {
    method: "POST",
    body: {
      challenge_token: challengeToken,
      user_agent: info.userAgent.slice(0, 1000),
      address: info.address.slice(0, 100),
      idle_seconds: info.idleSeconds,
      absolute_seconds: info.absoluteSeconds,
      replaces_token: info.replacesToken,
    },
    caller,
    answer: z.object({ data: CreatedProviderSession }),
  });
  return answer.data;
}

// --- an admin's own (Profile) ---

export async function adminTwoFactorStatus(caller: Caller, adminUserId: number) {
  return (await apiRequest("/admin-two-factor", { query: { adminUserId }, caller, answer: Status })).data;
}

export async function startAdminEnrolment(caller: Caller, adminUserId: number) {
  return (await apiRequest("/admin-two-factor/enrolment", { method: "POST", body: { adminUserId }, caller, answer: Pending })).data;
}

export async function confirmAdminEnrolment(caller: Caller, adminUserId: number, code: string) {
  const answer = await apiRequest("/admin-two-factor/enrolment/confirm", {
    method: "POST",
    body: { adminUserId, code },
    caller,
    answer: Codes,
  });
  return answer.data.recovery_codes;
}

export async function disableAdminTwoFactor(caller: Caller, adminUserId: number, password: string, code: string) {
  await apiRequest("/admin-two-factor/disable", { method: "POST", body: { adminUserId, password, code }, caller, answer: Status });
}

export async function renewAdminRecoveryCodes(caller: Caller, adminUserId: number, code: string) {
  const answer = await apiRequest("/admin-two-factor/recovery-codes", {
    method: "POST",
    body: { adminUserId, code },
    caller,
    answer: Codes,
  });
  return answer.data.recovery_codes;
}

/** POST /admin-two-factor/reset (All Access, another admin): how many of their sessions ended. */
export async function resetAdminTwoFactor(caller: Caller, adminUserId: number) {
  const answer = await apiRequest("/admin-two-factor/reset", {
    method: "POST",
    body: { adminUserId },
    caller,
    answer: z.object({ data: z.object({ ended_sessions: z.number().int() }) }),
  });
  return answer.data.ended_sessions;
}

export async function getTwoFactorPolicy(caller: Caller) {
  return (await apiRequest("/two-factor-policy", { caller, answer: z.object({ data: TwoFactorPolicy }) })).data;
}

export async function updateTwoFactorPolicy(caller: Caller, requireTwoFactor: boolean) {
  const answer = await apiRequest("/two-factor-policy", {
    method: "PUT",
    body: { require_two_factor: requireTwoFactor },
    caller,
    answer: z.object({ data: TwoFactorPolicy }),
  });
  return answer.data;
}

// --- a provider's own (optional) ---

export async function providerTwoFactorStatus(caller: Caller, serviceProviderId: number) {
  return (await apiRequest("/provider-two-factor", { query: { serviceProviderId }, caller, answer: Status })).data;
}

export async function startProviderEnrolment(caller: Caller, serviceProviderId: number) {
  return (await apiRequest("/provider-two-factor/enrolment", { method: "POST", body: { serviceProviderId }, caller, answer: Pending }))
    .data;
}

export async function confirmProviderEnrolment(caller: Caller, serviceProviderId: number, code: string) {
  const answer = await apiRequest("/provider-two-factor/enrolment/confirm", {
    method: "POST",
    body: { serviceProviderId, code },
    caller,
    answer: Codes,
  });
  return answer.data.recovery_codes;
}

export async function disableProviderTwoFactor(caller: Caller, serviceProviderId: number, password: string, code: string) {
  await apiRequest("/provider-two-factor/disable", { method: "POST", body: { serviceProviderId, password, code }, caller, answer: Status });
}

export async function renewProviderRecoveryCodes(caller: Caller, serviceProviderId: number, code: string) {
  const answer = await apiRequest("/provider-two-factor/recovery-codes", {
    method: "POST",
    body: { serviceProviderId, code },
    caller,
    answer: Codes,
  });
  return answer.data.recovery_codes;
}
