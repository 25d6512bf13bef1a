import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { PROVIDER_AUTH_MESSAGES as M } from "~contract/provider-auth-labels";
import { PROVIDER_LOGIN_PATH } from "~/models/provider-auth-labels";
import { getServerEnv } from "~/services/env.server";
import { MarketplaceError } from "~/services/marketplace/client.server";
import { CLEARED_PROVIDER_COOKIE, destroyProviderSession, getProviderSession } from "~/services/provider-auth/session.server";
import { redirectWithToast } from "~/services/toast.server";

/** POST only (the header's Sign out): ends the session in the API, clears its cookie, back to the sign-in. */
export async function action({ request }: ActionFunctionArgs) {
  const session = await getProviderSession(request).catch(() => null);
  if (!session) return signedOutHere(request);
  try {
    const cleared = await destroyProviderSession(session);
    return redirectWithToast(
      request,
      PROVIDER_LOGIN_PATH,
      { type: "success", message: M.signedOut },
      { headers: { "Set-Cookie": cleared } },
    );
  } catch (error) {
    if (error instanceof MarketplaceError) return signedOutHere(request);
    throw error;
  }
}

/** The API could not be reached: the cookie is cleared and the provider told the session may live on until it idles out. */
function signedOutHere(request: Request) {
  const minutes = getServerEnv().SESSION_IDLE_MINUTES;
  const idle = minutes % 60 === 0 ? `${minutes / 60} hour${minutes === 60 ? "" : "s"}` : `${minutes} minutes`;
  return redirectWithToast(
    request,
    PROVIDER_LOGIN_PATH,
    {
      type: "warning",
      message: `You are signed out in this browser, but the marketplace could not be reached to end the session there. It ends by itself after ${idle} unused.`,
    },
    { headers: { "Set-Cookie": CLEARED_PROVIDER_COOKIE } },
  );
}

export async function loader() {
  return redirect(PROVIDER_LOGIN_PATH);
}
