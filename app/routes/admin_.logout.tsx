import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { forgetAdmin } from "~/services/auth.server";
import { destroySession, getSession } from "~/services/session.server";

/** POST only (a form in the user menu); the spec sends the admin to /admin, which then asks to sign in. */
export async function action({ request }: ActionFunctionArgs) {
  const session = await getSession(request);
  const adminUserId = session.get("adminUserId");
  if (typeof adminUserId === "number") forgetAdmin(adminUserId);
  return redirect("/admin", { headers: { "Set-Cookie": await destroySession(session) } });
}

export async function loader() {
  return redirect("/admin");
}
