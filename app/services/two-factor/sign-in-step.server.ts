import { createCookie } from "@remix-run/node";
import { z } from "zod";
import { SessionToken } from "~contract/admin-sessions";
import { SecondFactorStep, SIGN_IN_CHALLENGE_MINUTES } from "~contract/two-factor";
import { getServerEnv } from "../env.server";

/**
 * The step between a right password and the session (two-factor): the API's challenge token, which
 * step it is, whose sign-in, and where to go after. Kept in a signed, httpOnly cookie sent only to
 * the sign-in pages (its path), for as long as the challenge lasts; never in a URL or a form.
 */
export const SignInStep = z.object({
  token: SessionToken,
  step: SecondFactorStep,
  accountId: z.number().int().positive(),
  redirectTo: z.string().max(2000),
});
export type SignInStep = z.infer<typeof SignInStep>;

/**
 * A provider's step: the API's 202 names no account (the challenge knows it, and
 * /provider-sessions/complete-sign-in reads it from there), so none is kept.
 */
export const ProviderSignInStep = SignInStep.omit({ accountId: true });
export type ProviderSignInStep = z.infer<typeof ProviderSignInStep>;

export type SignInStepCookie<Step> = {
  /** The step this browser is at, or null (none, expired, or not signed by us). */
  read(request: Request): Promise<Step | null>;
  commit(step: Step): Promise<string>;
  /** The Set-Cookie that ends the step (signed in, or starting over). */
  clear(): Promise<string>;
};

export function signInStepCookie(name: string, path: string): SignInStepCookie<SignInStep>;
export function signInStepCookie<Step>(name: string, path: string, schema: z.ZodType<Step>): SignInStepCookie<Step>;
export function signInStepCookie(name: string, path: string, schema: z.ZodType<unknown> = SignInStep): SignInStepCookie<unknown> {
  const cookie = () => {
    const env = getServerEnv();
    return createCookie(name, {
      httpOnly: true,
      sameSite: "lax",
      path,
      secure: env.COOKIE_SECURE,
      secrets: [env.SESSION_SECRET],
      maxAge: SIGN_IN_CHALLENGE_MINUTES * 60,
    });
  };
  return {
    async read(request) {
      const value: unknown = await cookie().parse(request.headers.get("Cookie"));
      const parsed = schema.safeParse(value);
      return parsed.success ? parsed.data : null;
    },
    commit(step) {
      return cookie().serialize(step);
    },
    clear() {
      return cookie().serialize("", { maxAge: 0 });
    },
  };
}
