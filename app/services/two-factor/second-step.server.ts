import { data, type AppLoadContext } from "@remix-run/node";
import { withZod } from "@remix-validated-form/with-zod";
import { z } from "zod";
import { TwoFactorCode, TWO_FACTOR_MESSAGES as M } from "~contract/two-factor";
import { refusedSignIn, retryAfterOf } from "../auth.server";
import { MarketplaceError, type Caller } from "../marketplace/client.server";
import { verifySignInCode } from "../marketplace/two-factor.server";

/**
 * The sign-in's second step as the admin's and the provider's pages share it: the code posted,
 * checked by the API (POST /sign-in-challenges/verify), and the API's refusals as the page shows
 * them. Each portal opens its own session once the code passed.
 */

export const StepCodeForm = z.object({ code: TwoFactorCode });
const stepCodeValidator = withZod(StepCodeForm);

/** The posted code, parsed as every form is (remix-validated-form + zod): the code, or the message to show. */
export async function readStepCode(request: Request): Promise<{ code: string; error?: undefined } | { code?: undefined; error: string }> {
  const result = await stepCodeValidator.validate(await request.formData());
  return result.error ? { error: result.error.fieldErrors.code ?? M.codeRequired } : { code: result.data.code };
}

/** What the sign-in's step pages answer: the step's page, or why it cannot go on. */
export type SecondStepPage = { expired: true; error: string } | { expired: false; error?: string; retryAfterSeconds?: number };

export const expiredStep = (error: string = M.challengeExpired) => ({ expired: true as const, error });

/** No one is signed in yet: the API's calls carry the browser's address (the sign-in limits count it). */
export const stepCallerOf = (context: AppLoadContext): Caller => ({ clientAddress: context.clientAddress });

/**
 * A refusal the step's page shows: expired or no longer allowed (410/403: sign in again, the step's
 * cookie cleared), throttled (429 with Retry-After), or the API's words. Anything else goes on up.
 */
export async function stepRefusal(error: unknown, clearStep: () => Promise<string>) {
  if (!(error instanceof MarketplaceError)) throw error;
  if (error.status === 410 || error.status === 403) {
    return data<SecondStepPage>(expiredStep(error.message), { status: 400, headers: { "Set-Cookie": await clearStep() } });
  }
  const retryAfterSeconds = retryAfterOf(error);
  return data<SecondStepPage>({ expired: false, error: error.message, retryAfterSeconds }, refusedSignIn(retryAfterSeconds));
}

/**
 * The code page's action: the step this browser is at (null: sign in again), the code checked, then
 * `signIn` opens the session (a notice when a recovery code was used, saying where to make new ones).
 */
export async function codeStepAction<Step extends { token: string }>(
  request: Request,
  context: AppLoadContext,
  options: {
    step: Step | null;
    /** where the account makes new recovery codes ("your Profile") */
    newCodesWhere: string;
    signIn: (step: Step, notice: string | undefined) => Promise<Response>;
    refusal: (error: unknown) => Promise<ReturnType<typeof data<SecondStepPage>>>;
  },
) {
  const { step } = options;
  if (!step) return data<SecondStepPage>(expiredStep(), { status: 400 });
  const posted = await readStepCode(request);
  if (posted.error !== undefined) return data<SecondStepPage>({ expired: false, error: posted.error }, { status: 400 });
  try {
    const verified = await verifySignInCode(stepCallerOf(context), step.token, posted.code);
    const notice = verified.used_recovery_code
      ? `You signed in with a recovery code: ${verified.recovery_codes_left} left. Make new ones on ${options.newCodesWhere} if you are running low.`
      : undefined;
    return await options.signIn(step, notice);
  } catch (error) {
    return options.refusal(error);
  }
}
