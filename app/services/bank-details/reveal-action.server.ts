import { redirect } from "@remix-run/node";
import type { AdminUser } from "~contract/admin-users";
import { isRecordId } from "~contract/ids";
import { dropRevealGrant, grantReveal } from "~/services/bank-details/reveal.server";

/**
 * Reveal is a POST (a deliberate act, never a prefetch or a crawled link): it grants this admin one
 * look at that account and lands on ?reveal=<id>, whose load asks the API for the number (the API
 * records the admin and the account in its audit log). Hide drops the grant and the ?reveal.
 */
export async function revealAction(request: Request, admin: AdminUser) {
  const formData = await request.formData();
  const intent = formData.get("intent");
  const id = formData.get("id");
  if (intent !== "reveal" && intent !== "hide") {
    throw new Response(`Unknown intent: ${String(intent)}`, { status: 400, statusText: "Bad Request" });
  }
  const url = new URL(request.url);
  const params = new URLSearchParams(url.search);
  params.delete("reveal");
  let cookie: string;
  if (intent === "reveal") {
    if (typeof id !== "string" || !isRecordId(id)) throw new Response("Bad account id", { status: 400, statusText: "Bad Request" });
    params.set("reveal", id);
    cookie = await grantReveal(admin.adminUserId, Number(id));
  } else {
    cookie = await dropRevealGrant();
  }
  const query = params.toString();
  return redirect(query ? `${url.pathname}?${query}` : url.pathname, { headers: { "Set-Cookie": cookie } });
}
