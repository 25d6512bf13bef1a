import { redirect } from "@remix-run/node";
import type { Toast } from "~/models/toast";
import { commitFlash, getFlash, type FlashSession } from "./session.server";

/** Post/redirect/get with a flash toast kept in the flash cookie. */
export async function redirectWithToast(request: Request, to: string, toast: Toast, init: ResponseInit = {}) {
  const headers = new Headers(init.headers);
  headers.append("Set-Cookie", await toastCookie(request, toast));
  return redirect(to, { ...init, headers });
}

/** The Set-Cookie that shows this toast on the next page. */
export async function toastCookie(request: Request, toast: Toast): Promise<string> {
  const flash = await getFlash(request);
  flash.flash("toast", toast);
  return commitFlash(flash);
}

/** Reads (and so clears) the flash toast; the caller must commit the flash it returns. */
export async function takeToast(request: Request): Promise<{ toast: Toast | null; flash: FlashSession }> {
  const flash = await getFlash(request);
  const toast = flash.get("toast") ?? null;
  return { toast, flash };
}
