import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { getServerEnv } from "~/services/env.server";
import { MarketplaceError } from "~/services/marketplace/client.server";
import { destroySession, getSession, SESSION_COOKIE } from "~/services/session.server";
import { redirectWithToast } from "~/services/toast.server";

/**
 * POST only (a form in the user menu): ends the session in the API, then clears its cookie. The
 * spec sends the admin to /admin, which then asks to sign in.
 */
export async function action({ request }: ActionFunctionArgs) {
  const session = await getSession(request).catch(() => null);
  if (!session) return signedOutHere(request);
  try {
    return redirect("/admin", { headers: { "Set-Cookie": await destroySession(session) } });
  } catch (error) {
    if (error instanceof MarketplaceError) return signedOutHere(request);
    throw error;
  }
}

/** The API could not be reached: the cookie is cleared and the admin told the session may live on. */
function signedOutHere(request: Request) {
  return redirectWithToast(
    request,
    "/admin/login",
    {
      type: "warning",
      message: `You are signed out in this browser, but the marketplace API could not be reached to end the session there. It ends by itself after ${idleTime()} unused.`,
    },
    { headers: { "Set-Cookie": `${SESSION_COOKIE}=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0` } },
  );
}

function idleTime() {
  const minutes = getServerEnv().SESSION_IDLE_MINUTES;
  return minutes % 60 === 0 ? `${minutes / 60} hour${minutes === 60 ? "" : "s"}` : `${minutes} minutes`;
}

export async function loader() {
  return redirect("/admin");
}
