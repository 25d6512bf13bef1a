import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireAdmin } from "~/services/auth.server";
import { subPathRedirect } from "~/services/sub-path-redirect.server";

/** /admin/clickwrap-agreement/add/* (not exact, spec 3 §2.12): /add/4 opens version 4 (?terms_id=4), anything else Add Terms Version. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request, "Agreement");
  return subPathRedirect(request, params["*"], "/admin/clickwrap-agreement/add", "terms_id");
}
