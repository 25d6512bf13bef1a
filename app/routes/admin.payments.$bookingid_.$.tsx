import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireAdmin } from "~/services/auth.server";
import { subPathRedirect } from "~/services/sub-path-redirect.server";

/**
 * /admin/payments/{bookingid}/* (not exact, spec 3 §2.12): the payment's detail, which answers an
 * unknown booking with its 404. Its files (/files/{name}) and invoice (/invoice/{view}) keep their
 * own routes.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request, "Payment");
  return subPathRedirect(request, params["*"], `/admin/payments/${encodeURIComponent(params.bookingid ?? "")}`);
}
