import { redirect } from "@remix-run/node";
import { commitSession, getSession, type AdminSession, type Toast } from "./session.server";

/** Post/redirect/get with a flash toast kept in the session cookie. */
export async function redirectWithToast(
  request: Request,
  to: string,
  toast: Toast,
  init: ResponseInit = {},
) {
  const session = await getSession(request);
  session.flash("toast", toast);
  const headers = new Headers(init.headers);
  headers.append("Set-Cookie", await commitSession(session));
  return redirect(to, { ...init, headers });
}

/** Reads (and so clears) the flash toast; the caller must commit the session it returns. */
export async function takeToast(request: Request): Promise<{ toast: Toast | null; session: AdminSession }> {
  const session = await getSession(request);
  const toast = session.get("toast") ?? null;
  return { toast, session };
}
