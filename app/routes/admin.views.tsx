import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { requireAdmin } from "~/services/auth.server";
import { viewsAction } from "~/services/list-views.server";

/** POST /admin/views: a list's saved views (save, delete, make default); the list's own access is checked against the posted list. */
export async function action({ request }: ActionFunctionArgs) {
  const { admin, api } = await requireAdmin(request, "always");
  return viewsAction(request, admin, api);
}

/** Nothing to show here: the views are on each list page. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request, "always");
  return redirect("/admin");
}
