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

export function signInStepCookie(name: string, path: string) {
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
    /** The step this browser is at, or null (none, expired, or not signed by us). */
    async read(request: Request): Promise<SignInStep | null> {
      const value: unknown = await cookie().parse(request.headers.get("Cookie"));
      const parsed = SignInStep.safeParse(value);
      return parsed.success ? parsed.data : null;
    },
    commit(step: SignInStep): Promise<string> {
      return cookie().serialize(step);
    },
    /** The Set-Cookie that ends the step (signed in, or starting over). */
    clear(): Promise<string> {
      return cookie().serialize("", { maxAge: 0 });
    },
  };
}
