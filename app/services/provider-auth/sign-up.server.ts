import { redirect, type AppLoadContext } from "@remix-run/node";
import { fieldErrorsOf } from "~contract/form-result";
import { ProviderSignUpForm } from "~/models/provider-auth";
import { PROVIDER_AUTH_MESSAGES as M } from "~contract/provider-auth-labels";
import { PROVIDER_COMPLETE_PROFILE_PATH, PROVIDER_LOGIN_PATH } from "~/models/provider-auth-labels";
import { getServerEnv } from "../env.server";
import { apiFailure, formFailure } from "../form-result.server";
import { MarketplaceError } from "../marketplace/client.server";
import { createProviderAccount, signInProvider } from "../marketplace/provider-auth.server";
import { toastCookie } from "../toast.server";
import { commitNewProviderSession } from "./session.server";

const FIELDS = ["username", "firstName", "lastName", "email", "phone"] as const;

/**
 * The sign-up form: a refused form keeps what was typed (never the passwords) with a message beside
 * each field; an account made signs the provider in and opens the wizard (create mode).
 */
export async function signUpProvider(request: Request, context: AppLoadContext) {
  const formData = await request.formData();
  const text = (name: string) => {
    const value = formData.get(name);
    return typeof value === "string" ? value : "";
  };
  const values = Object.fromEntries(FIELDS.map((name) => [name, text(name).slice(0, 300)]));
  const parsed = ProviderSignUpForm.safeParse({ ...values, password: text("password"), confirmPassword: text("confirmPassword") });
  if (!parsed.success) return formFailure(values, { fieldErrors: fieldErrorsOf(parsed.error.issues) }, 400);
  const { confirmPassword: _confirm, ...account } = parsed.data;
  try {
    await createProviderAccount(account, { signal: request.signal });
  } catch (error) {
    if (error instanceof MarketplaceError && error.kind === "conflict")
      return formFailure(values, { fieldErrors: { username: M.usernameTaken } }, 409);
    return apiFailure(error, values, "account");
  }
  const env = getServerEnv();
  let opened;
  try {
    opened = await signInProvider(account.username, account.password, {
      userAgent: request.headers.get("User-Agent") ?? "",
      address: context.clientAddress ?? "",
      idleSeconds: env.SESSION_IDLE_MINUTES * 60,
      absoluteSeconds: env.SESSION_MAX_DAYS * 86_400,
    });
  } catch (error) {
    if (!(error instanceof MarketplaceError)) throw error;
    // the account exists: signing in by hand is all that is left
    const headers = new Headers({
      "Set-Cookie": await toastCookie(request, { type: "warning", message: `${M.accountCreated} Please sign in: ${error.message}` }),
    });
    return redirect(PROVIDER_LOGIN_PATH, { headers });
  }
  const headers = new Headers();
  headers.append("Set-Cookie", await commitNewProviderSession(opened.token, { provider: opened.provider, session: opened.session }));
  headers.append("Set-Cookie", await toastCookie(request, { type: "success", message: M.accountCreated }));
  return redirect(PROVIDER_COMPLETE_PROFILE_PATH, { headers });
}
