import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireAdmin } from "~/services/auth.server";
import { subPathRedirect } from "~/services/sub-path-redirect.server";

/** /admin/notification/add/* (not exact, spec 3 §2.12): the add screen (a template is edited at /admin/notification/edit/{templateid}). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request, "Notification");
  return subPathRedirect(request, params["*"], "/admin/notification/add");
}
