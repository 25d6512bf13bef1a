import { redirect, type AppLoadContext } from "@remix-run/node";
import { PROVIDER_SIGN_UP_FIELDS, ProviderSignUpPost } from "~/models/provider-auth";
import { PROVIDER_AUTH_MESSAGES as M } from "~contract/provider-auth-labels";
import { PROVIDER_COMPLETE_PROFILE_PATH, PROVIDER_LOGIN_PATH } from "~/models/provider-auth-labels";
import { getServerEnv } from "../env.server";
import { handleForm, intent, type IntentContext } from "../form-action.server";
import { apiFailure, formFailure } from "../form-result.server";
import { MarketplaceError } from "../marketplace/client.server";
import { marketplaceFor } from "../marketplace/index.server";
import { createProviderAccount, signInProvider } from "../marketplace/provider-auth.server";
import { toastCookie } from "../toast.server";
import { commitNewProviderSession } from "./session.server";

/** What a refused form shows again: the typed fields, never the passwords. */
const refillOf = ({ form }: IntentContext) =>
  Object.fromEntries(
    PROVIDER_SIGN_UP_FIELDS.map((name) => {
      const value = form.get(name);
      return [name, typeof value === "string" ? value.slice(0, 300) : ""];
    }),
  );

/**
 * The sign-up form: a refused form keeps what was typed (never the passwords) with a message beside
 * each field; an account made signs the provider in and opens the wizard (create mode). No session
 * exists yet: the marketplace calls are made with no caller (the request's signal only).
 */
export function signUpProvider(request: Request, context: AppLoadContext) {
  // handleForm's form key goes nowhere: the account calls below take no caller
  const anonymous = marketplaceFor({ signal: request.signal }, request);
  return handleForm(
    request,
    anonymous,
    {
      save: intent(
        ProviderSignUpPost,
        async ({ confirmPassword: _confirm, ...account }) => {
          await createProviderAccount(account, { signal: request.signal });
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
              "Set-Cookie": await toastCookie(request, {
                type: "warning",
                message: `${M.accountCreated} Please sign in: ${error.message}`,
              }),
            });
            return redirect(PROVIDER_LOGIN_PATH, { headers });
          }
          // a new account has no second factor; were it ever asked for, the sign-in page takes it
          if ("second_factor" in opened) {
            const headers = new Headers({
              "Set-Cookie": await toastCookie(request, { type: "success", message: `${M.accountCreated} Please sign in.` }),
            });
            return redirect(PROVIDER_LOGIN_PATH, { headers });
          }
          const headers = new Headers();
          headers.append(
            "Set-Cookie",
            await commitNewProviderSession(opened.token, { provider: opened.provider, session: opened.session }),
          );
          headers.append("Set-Cookie", await toastCookie(request, { type: "success", message: M.accountCreated }));
          return redirect(PROVIDER_COMPLETE_PROFILE_PATH, { headers });
        },
        {
          invalid: (fieldErrors, ctx) => formFailure(refillOf(ctx), { fieldErrors }, 400),
          refused: (error, ctx) =>
            error instanceof MarketplaceError && error.kind === "conflict"
              ? formFailure(refillOf(ctx), { fieldErrors: { username: M.usernameTaken } }, 409)
              : apiFailure(error, refillOf(ctx), "account"),
        },
      ),
    },
    { defaultIntent: "save" },
  );
}
