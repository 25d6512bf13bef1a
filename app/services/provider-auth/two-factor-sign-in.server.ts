import { data, redirect, type AppLoadContext } from "@remix-run/node";
import { PROVIDER_AUTH_MESSAGES as M } from "~contract/provider-auth-labels";
import { completeProviderSignIn } from "../marketplace/two-factor.server";
import { toastCookie } from "../toast.server";
import { codeStepAction, expiredStep, stepCallerOf, stepRefusal, type SecondStepPage } from "../two-factor/second-step.server";
import type { ProviderSignInStep } from "../two-factor/sign-in-step.server";
import { afterSignIn, getProvider, newSessionInfo, providerHomeOf, providerSignInStep } from "./auth.server";
import { commitNewProviderSession, forgetProviderSessionRead } from "./session.server";

/**
 * A provider's sign-in after the right password when their two-factor is on: the code (from the app
 * or a recovery code), then the session opens (POST /provider-sessions/complete-sign-in). The step
 * rides in its own cookie under /provider/login (auth.server.ts providerSignInStep).
 */

/** The code step this browser is at; a signed-in provider goes on to their home. */
async function currentStep(request: Request): Promise<ProviderSignInStep | null> {
  const provider = await getProvider(request).catch(() => null);
  if (provider) throw redirect(providerHomeOf(provider));
  const step = await providerSignInStep.read(request);
  return step && step.step === "code" ? step : null;
}

/** The code passed: the session opens; its cookie, the step's cleared, a toast, and on to where they were going. */
async function signedIn(request: Request, context: AppLoadContext, step: ProviderSignInStep, notice: string | undefined) {
  const info = await newSessionInfo(request, context.clientAddress ?? "");
  const opened = await completeProviderSignIn(stepCallerOf(context), step.token, info);
  if (info.replacesToken) forgetProviderSessionRead(info.replacesToken);
  const headers = new Headers();
  headers.append("Set-Cookie", await commitNewProviderSession(opened.token, { provider: opened.provider, session: opened.session }));
  headers.append("Set-Cookie", await providerSignInStep.clear());
  headers.append("Set-Cookie", await toastCookie(request, { type: notice ? "warning" : "success", message: notice ?? M.signedIn }));
  return redirect(afterSignIn(step.redirectTo, opened.provider), { headers });
}

export async function providerCodeStepLoader(request: Request) {
  return (await currentStep(request)) ? ({ expired: false } satisfies SecondStepPage) : expiredStep();
}

export async function providerCodeStepAction(
  request: Request,
  context: AppLoadContext,
): Promise<Response | ReturnType<typeof data<SecondStepPage>>> {
  return codeStepAction(request, context, {
    step: await currentStep(request),
    newCodesWhere: "your dashboard",
    signIn: (step, notice) => signedIn(request, context, step, notice),
    refusal: (error) => stepRefusal(error, () => providerSignInStep.clear()),
  });
}
