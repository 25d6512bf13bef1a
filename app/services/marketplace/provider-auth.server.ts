import { z } from "zod";
import { CreatedProviderSession, ProviderAccount, ResolvedProviderSession, type ProviderSignUpBody } from "~contract/provider-auth";
import { SecondFactorChallenge } from "~contract/two-factor";
import { apiRequest, MarketplaceError, type Caller } from "./client.server";

export type ProviderSignInInfo = {
  userAgent: string;
  address: string;
  idleSeconds: number;
  absoluteSeconds: number;
  /** the token of the session this browser held until now: it ends with this sign-in */
  replacesToken?: string;
};

/** The sign-in's answer: the session opened (201), or, two-factor on, the code to pass first (202). */
const SignInAnswer = z.union([CreatedProviderSession, z.object({ second_factor: SecondFactorChallenge })]);
export type ProviderSignInAnswer = z.infer<typeof SignInAnswer>;

/**
 * POST /provider-sessions/sign-in: checks the password and opens a session; answers its token (only
 * here), the session and the provider. With two-factor on, the second step's challenge instead
 * (then POST /sign-in-challenges/verify and /provider-sessions/complete-sign-in).
 */
export async function signInProvider(username: string, password: string, info: ProviderSignInInfo, caller?: Caller) {
  const answer = await apiRequest("/provider-sessions/sign-in", {
    method: "POST",
    body: {
      username,
      password,
      user_agent: info.userAgent.slice(0, 1000),
      address: info.address.slice(0, 100),
      idle_seconds: info.idleSeconds,
      absolute_seconds: info.absoluteSeconds,
      replaces_token: info.replacesToken,
    },
    caller,
    // a 401 here is a wrong username or password, not a wrong API secret
    unauthorizedIsRefusal: true,
    answer: z.object({ data: SignInAnswer }),
  });
  return answer.data;
}

/** POST /provider-sessions/resolve: the live session behind a token with its provider, or null when it has ended. */
export async function resolveProviderSession(token: string): Promise<ResolvedProviderSession | null> {
  try {
    const answer = await apiRequest("/provider-sessions/resolve", {
      method: "POST",
      body: { token },
      answer: z.object({ data: ResolvedProviderSession }),
    });
    return answer.data;
  } catch (error) {
    // 404: ended; 400: not a token we ever made (a forged or damaged cookie)
    if (error instanceof MarketplaceError && (error.kind === "not-found" || error.kind === "invalid")) return null;
    throw error;
  }
}

/** POST /provider-sessions/end: sign-out. */
export async function endProviderSessionByToken(token: string) {
  await apiRequest("/provider-sessions/end", { method: "POST", body: { token } });
}

/** POST /provider-accounts: the provider sign-up (400 names each field; 409 a taken username). */
export async function createProviderAccount(account: ProviderSignUpBody, caller?: Caller): Promise<ProviderAccount> {
  const answer = await apiRequest("/provider-accounts", {
    method: "POST",
    body: account,
    caller,
    answer: z.object({ data: ProviderAccount }),
  });
  return answer.data;
}
