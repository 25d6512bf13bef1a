import { redirect } from "@remix-run/node";
import { z } from "zod";
import type { AdminUser } from "~contract/admin-users";
import { dropRevealGrant, grantReveal } from "~/services/bank-details/reveal.server";
import { handleForm, intent } from "~/services/form-action.server";
import type { Marketplace } from "~/services/marketplace/index.server";
import { postedRecordId } from "~/models/form-fields";

const BAD_ACCOUNT_ID = "Bad account id";
const RevealForm = z.object({ id: postedRecordId(BAD_ACCOUNT_ID) });

/** A Reveal of something that is not an account id is no form of this page: the error page, as before. */
const badAccount = () => {
  throw new Response(BAD_ACCOUNT_ID, { status: 400, statusText: "Bad Request" });
};

/**
 * Reveal is a POST (a deliberate act, never a prefetch or a crawled link): it grants this admin one
 * look at that account and lands on ?reveal=<id>, whose load asks the API for the number (the API
 * records the admin and the account in its audit log). Hide drops the grant and the ?reveal.
 */
export function revealAction(request: Request, admin: AdminUser, api: Marketplace) {
  const url = new URL(request.url);
  const params = new URLSearchParams(url.search);
  params.delete("reveal");
  const back = (cookie: string) => {
    const query = params.toString();
    return redirect(query ? `${url.pathname}?${query}` : url.pathname, { headers: { "Set-Cookie": cookie } });
  };
  return handleForm(request, api, {
    reveal: intent(
      RevealForm,
      async ({ id }) => {
        params.set("reveal", String(id));
        return back(await grantReveal(admin.adminUserId, id));
      },
      { invalid: badAccount },
    ),
    hide: intent(z.object({}), async () => back(await dropRevealGrant())),
  });
}
