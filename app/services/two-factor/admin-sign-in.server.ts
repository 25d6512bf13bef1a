import { data, redirect, type AppLoadContext } from "@remix-run/node";
import { TWO_FACTOR_MESSAGES as M } from "~contract/two-factor";
import type { EnrolmentView } from "~/models/two-factor";
import { adminSignInStep, getAdmin, LoginError, openSession, safeRedirect } from "../auth.server";
import { MarketplaceError } from "../marketplace/client.server";
import { confirmSignInEnrolment, signInEnrolment } from "../marketplace/two-factor.server";
import { toastCookie } from "../toast.server";
import { enrolmentView } from "./enrolment.server";
import {
  codeStepAction as checkCode,
  expiredStep as expired,
  stepCallerOf as callerOf,
  readStepCode,
  stepRefusal,
  type SecondStepPage,
} from "./second-step.server";
import type { SignInStep } from "./sign-in-step.server";

/**
 * An admin's sign-in after the right password, when two-factor is on (the code) or the policy asks
 * them to set it up first (the setup). The session opens only once the API says the step passed.
 */

export type { SecondStepPage };

/** The step this browser is at, of the kind the page shows; a signed-in admin goes on where they were going. */
async function currentStep(request: Request, kind: SignInStep["step"]): Promise<SignInStep | null> {
  if (await getAdmin(request).catch(() => null)) throw redirect("/admin");
  const step = await adminSignInStep.read(request);
  return step && step.step === kind ? step : null;
}

/** Signed in: the session's cookie, the step's cookie cleared, a toast, and on to where they were going. */
async function signedIn(request: Request, context: AppLoadContext, step: SignInStep, notice?: string): Promise<Headers> {
  const headers = new Headers();
  headers.append("Set-Cookie", await openSession(request, context, step.accountId, step.token));
  headers.append("Set-Cookie", await adminSignInStep.clear());
  headers.append("Set-Cookie", await toastCookie(request, { type: notice ? "warning" : "success", message: notice ?? "Login Successful" }));
  return headers;
}

/** A refusal the step's page shows: the session could not open (sign in again), or the API's (second-step.server.ts). */
async function refusal(error: unknown) {
  if (error instanceof LoginError)
    return data<SecondStepPage>(expired(error.message), { status: 400, headers: { "Set-Cookie": await adminSignInStep.clear() } });
  return stepRefusal(error, () => adminSignInStep.clear());
}

// --- the code ---

export async function codeStepLoader(request: Request) {
  const step = await currentStep(request, "code");
  return step ? ({ expired: false } satisfies SecondStepPage) : expired();
}

export async function codeStepAction(request: Request, context: AppLoadContext) {
  return checkCode(request, context, {
    step: await currentStep(request, "code"),
    newCodesWhere: "your Profile",
    signIn: async (step, notice) => redirect(safeRedirect(step.redirectTo), { headers: await signedIn(request, context, step, notice) }),
    refusal,
  });
}

// --- the setup the policy asks for ---

export type SetupStepPage =
  | { expired: true; error: string }
  | { expired: false; view: EnrolmentView; codes?: undefined }
  | { expired: false; codes: string[]; account: string; issuer: string; redirectTo: string; view?: undefined };

export async function setupStepLoader(request: Request, context: AppLoadContext) {
  const step = await currentStep(request, "enrol");
  if (!step) return expired();
  try {
    return { expired: false as const, view: await enrolmentView(await signInEnrolment(callerOf(context), step.token)) };
  } catch (error) {
    if (error instanceof MarketplaceError && (error.status === 410 || error.status === 409)) return expired(error.message);
    throw error;
  }
}

export async function setupStepAction(request: Request, context: AppLoadContext) {
  const step = await currentStep(request, "enrol");
  if (!step) return data<SetupStepPage>(expired(), { status: 400 });
  const posted = await readStepCode(request);
  const again = async (message: string) =>
    data<SetupStepPage>(
      { expired: false, view: await enrolmentView(await signInEnrolment(callerOf(context), step.token), message) },
      { status: 400 },
    );
  if (posted.error !== undefined) return again(posted.error);
  try {
    const pending = await signInEnrolment(callerOf(context), step.token).catch(() => null);
    const codes = await confirmSignInEnrolment(callerOf(context), step.token, posted.code);
    if (codes.length === 0) {
      // a repeat of a confirmed setup (a double click): its first answer showed the codes, or never arrived
      const notice = "Two-factor sign-in is on. If you did not keep your recovery codes, make new ones on your Profile.";
      return redirect(safeRedirect(step.redirectTo), { headers: await signedIn(request, context, step, notice) });
    }
    const headers = await signedIn(request, context, step, M.enrolled);
    // the codes are shown once, here, with the session already open: Continue goes on
    return data<SetupStepPage>(
      { expired: false, codes, account: pending?.account ?? "", issuer: pending?.issuer ?? "", redirectTo: safeRedirect(step.redirectTo) },
      { headers },
    );
  } catch (error) {
    if (error instanceof MarketplaceError && error.kind === "invalid") return again(error.message);
    const answered = await refusal(error);
    return answered as unknown as ReturnType<typeof data<SetupStepPage>>;
  }
}
